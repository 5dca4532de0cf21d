import crypto from 'node:crypto';
import { MESSAGES } from '@leadcircle/shared';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/http/rate-limit.js';
import { HOUR_MS, MINUTE_MS } from '../../src/lib/clock.js';
import { createSignedInUser, createUser, DEFAULT_PASSWORD, mailsTo, post, signIn } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const INVALID_CREDENTIALS = { message: MESSAGES.invalidCredentials, code: 'AUTH_INVALID_CREDENTIALS' };
const TOKEN_INVALID = { message: MESSAGES.sessionExpired, code: 'AUTH_TOKEN_INVALID' };

const getMe = (token?: string) => post(t, '/user/get', {}, token === undefined ? {} : { token });
const refresh = (refreshToken: string) => post(t, '/user/refresh_token', { refresh_token: refreshToken });

describe('/user/login', () => {
  it('answers tokens for the right e-mail and password, and the access token works', async () => {
    const user = await createUser(t);
    const res = await post(t, '/user/login', { email: user.email, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), userId: user.id });
    const me = await getMe(res.body.accessToken);
    expect(me.status).toBe(200);
    expect(me.body.userId).toBe(user.id);
  });

  it('accepts the address in another case and with spaces around it', async () => {
    const user = await createUser(t);
    const res = await post(t, '/user/login', { email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.userId).toBe(user.id);
  });

  it('answers the same 401 body for a wrong password and for an unknown address', async () => {
    const user = await createUser(t);
    const wrong = await post(t, '/user/login', { email: user.email, password: 'Wrong-Pass-1' });
    const unknown = await post(t, '/user/login', {
      email: `nobody.${Date.now()}@example.com`,
      password: 'Wrong-Pass-1',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(INVALID_CREDENTIALS);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 403 AUTH_EMAIL_NOT_CONFIRMED to an unconfirmed account with the right password, and sends nothing', async () => {
    // No new link from sign-in: whoever set that password must not be able to make the owner confirm it.
    const user = await createUser(t, { emailConfirmedAt: null });
    const res = await post(t, '/user/login', { email: user.email, password: user.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGES.emailNotConfirmed, code: 'AUTH_EMAIL_NOT_CONFIRMED' });
    expect(await mailsTo(t, user.email)).toEqual([]);
  });

  it('answers the generic 401 to an unconfirmed account with a wrong password, and sends nothing', async () => {
    const user = await createUser(t, { emailConfirmedAt: null });
    const res = await post(t, '/user/login', { email: user.email, password: 'Wrong-Pass-1' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID_CREDENTIALS);
    expect(await mailsTo(t, user.email)).toHaveLength(0);
  });

  it('answers 400 with the spec messages for a missing e-mail or a password out of 8 to 50', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: DEFAULT_PASSWORD }, 'Email is required'],
      [{ email: 'not-an-address', password: DEFAULT_PASSWORD }, 'Must be a valid email address'],
      [{ email: 'a@example.com' }, 'Password is required'],
      [{ email: 'a@example.com', password: 'short' }, 'Must be at least 8 characters long'],
      [{ email: 'a@example.com', password: 'p'.repeat(51) }, 'Must be less than 50 characters long'],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, '/user/login', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    }
  });

  it('answers 429 after ten failed sign-ins within 15 minutes, even with the right password, until the window passes', async () => {
    expect(RATE_LIMITS.failedLoginPerAccount).toEqual({ limit: 10, windowMs: 15 * MINUTE_MS });
    const user = await createUser(t);
    // One failure per minute: all ten stay inside the 15-minute window.
    for (let i = 0; i < 10; i++) {
      const res = await post(t, '/user/login', { email: user.email, password: `Wrong-Pass-${i}` });
      expect(res.status).toBe(401);
      clock.advance(MINUTE_MS);
    }
    const blocked = await post(t, '/user/login', { email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MESSAGES.tooManyAttempts, code: 'AUTH_TOO_MANY_ATTEMPTS' });

    // Another account signs in as usual.
    const other = await createUser(t);
    await signIn(t, other.email, other.password);

    // Once the oldest failures are more than 15 minutes old, fewer than ten remain: sign-in works again.
    clock.advance(6 * MINUTE_MS);
    expect((await post(t, '/user/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('answers 429 again when the window is full, and fully recovers once every failure is older than 15 minutes', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      await post(t, '/user/login', { email: user.email, password: `Wrong-Pass-${i}` });
    }
    clock.advance(14 * MINUTE_MS);
    expect((await post(t, '/user/login', { email: user.email, password: user.password })).status).toBe(429);
    clock.advance(MINUTE_MS + 1);
    expect((await post(t, '/user/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('answers the generic 401 to an account whose deletion was requested', async () => {
    const user = await createUser(t, { deletionRequestedAt: clock.now() });
    const res = await post(t, '/user/login', { email: user.email, password: user.password });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID_CREDENTIALS);
  });
});

describe('/user/refresh_token', () => {
  it('rotates: a new refresh token that differs, and a new access token that works', async () => {
    const { user, refreshToken } = await createSignedInUser(t);
    const res = await refresh(refreshToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), userId: user.id });
    expect(res.body.refreshToken).not.toBe(refreshToken);
    const me = await getMe(res.body.accessToken);
    expect(me.status).toBe(200);
    expect(me.body.userId).toBe(user.id);
    // The rotated token keeps rotating.
    expect((await refresh(res.body.refreshToken)).status).toBe(200);
  });

  it('answers 401 AUTH_REFRESH_REUSED to a rotated token and revokes its whole family, not other sign-ins', async () => {
    const { user, refreshToken: first } = await createSignedInUser(t);
    const otherSession = await signIn(t, user.email, user.password);
    const second = (await refresh(first)).body.refreshToken as string;
    const third = (await refresh(second)).body.refreshToken as string;

    const reused = await refresh(first);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ message: MESSAGES.sessionExpired, code: 'AUTH_REFRESH_REUSED' });

    // The newest token of that family is dead too.
    const newest = await refresh(third);
    expect(newest.status).toBe(401);
    expect(newest.body).toEqual({ message: MESSAGES.sessionExpired, code: 'AUTH_REFRESH_INVALID' });

    // The separate sign-in keeps working.
    const separate = await refresh(otherSession.refreshToken);
    expect(separate.status).toBe(200);
    expect((await refresh(separate.body.refreshToken)).status).toBe(200);
  });

  it('answers 401 to a token that was never issued', async () => {
    const res = await refresh('this-is-not-a-refresh-token');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.sessionExpired, code: 'AUTH_REFRESH_INVALID' });
  });

  it('answers 400 with the session message when the token is missing', async () => {
    const res = await post(t, '/user/refresh_token', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.sessionExpired);
  });

  it('answers 401 to a refresh token older than 30 days', async () => {
    const { refreshToken } = await createSignedInUser(t);
    const { refreshToken: young } = await createSignedInUser(t);
    clock.advance(29 * 24 * HOUR_MS);
    expect((await refresh(young)).status).toBe(200);
    clock.advance(2 * 24 * HOUR_MS);
    const res = await refresh(refreshToken);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.sessionExpired, code: 'AUTH_REFRESH_INVALID' });
  });

  it('answers 401 to the refresh token of an account whose deletion was requested', async () => {
    const { accessToken, refreshToken } = await createSignedInUser(t);
    expect((await post(t, '/user/schedule_delete', {}, { token: accessToken })).status).toBe(200);
    const res = await refresh(refreshToken);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTH_REFRESH_INVALID');
  });
});

describe('access tokens', () => {
  const otherSecret = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256');

  it('answers 401 AUTH_REQUIRED when the bearer token is missing', async () => {
    const res = await getMe();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.notSignedIn, code: 'AUTH_REQUIRED' });
    const malformed = await post(t, '/user/get', {}, { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
    expect(malformed.body).toEqual({ message: MESSAGES.notSignedIn, code: 'AUTH_REQUIRED' });
  });

  it('answers 401 to a token signed with another secret', async () => {
    const user = await createUser(t);
    const forged = await new SignJWT({ typ: 'access', sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('leadcircle')
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 900)
      .sign(otherSecret);
    const res = await getMe(forged);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_INVALID);
  });

  it('answers 401 to an unsigned token (alg: none)', async () => {
    const user = await createUser(t);
    const unsigned = new UnsecuredJWT({ typ: 'access', sid: crypto.randomUUID() })
      .setSubject(String(user.id))
      .setIssuer('leadcircle')
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 900)
      .encode();
    expect(JSON.parse(Buffer.from(unsigned.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'none' });
    const res = await getMe(unsigned);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_INVALID);
  });

  it('answers 401 to a token whose signature was tampered with or whose subject was changed', async () => {
    const { accessToken } = await createSignedInUser(t);
    const [header, payload, signature] = accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherSubject = Buffer.from(JSON.stringify({ ...claims, sub: String(Number(claims.sub) + 1) })).toString(
      'base64url',
    );
    for (const token of [
      `${header}.${otherSubject}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
    ]) {
      const res = await getMe(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(TOKEN_INVALID);
    }
  });

  it('answers 401 AUTH_TOKEN_EXPIRED 16 minutes after sign-in', async () => {
    const { accessToken } = await createSignedInUser(t);
    clock.advance(14 * MINUTE_MS);
    expect((await getMe(accessToken)).status).toBe(200);
    clock.advance(2 * MINUTE_MS);
    const res = await getMe(accessToken);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.sessionExpired, code: 'AUTH_TOKEN_EXPIRED' });
  });

  it('answers 401 to a still-valid token of an account whose deletion was requested', async () => {
    const { accessToken } = await createSignedInUser(t);
    expect((await post(t, '/user/schedule_delete', {}, { token: accessToken })).status).toBe(200);
    const res = await getMe(accessToken);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_INVALID);
  });

  it('answers 401 to a correctly signed token whose user does not exist', async () => {
    const token = await t.deps.accessTokens.sign({ userId: 987_654, sessionId: crypto.randomUUID() });
    const res = await getMe(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_INVALID);
  });

  it('checks the token before the body: an anonymous caller learns nothing from validation', async () => {
    const res = await post(t, '/user/update', { user: { nonsense: true } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.notSignedIn, code: 'AUTH_REQUIRED' });
  });
});
