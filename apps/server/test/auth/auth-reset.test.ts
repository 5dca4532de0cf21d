import { MESSAGES } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/http/rate-limit.js';
import { HOUR_MS, MINUTE_MS } from '../../src/lib/clock.js';
import { createUser, findUserRow, latestLinkTo, mailsTo, post, signIn, useEmailLink } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-New-Pass-7';
let ipSequence = 0;
const nextIp = () => `10.2.${Math.floor(ipSequence / 250)}.${(ipSequence++ % 250) + 1}`;

/** Forgot password, from an IP of its own unless told, so the per-IP limit only bites where tested. */
const requestReset = (email: string, ip = nextIp()) => post(t, '/user/reset_password', { email }, { ip });

async function userWithResetLink(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, overrides);
  expect((await requestReset(user.email)).status).toBe(200);
  return { user, link: await latestLinkTo(t, user.email) };
}

const login = (email: string, password: string) => post(t, '/user/login', { email, password });

describe('/user/reset_password', () => {
  it('answers the same 200 for a known and an unknown address and e-mails a link only to the known one', async () => {
    const user = await createUser(t);
    const unknown = `nobody.${Date.now()}@example.com`;
    const known = await requestReset(user.email);
    const stranger = await requestReset(unknown);
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message: MESSAGES.forgotPasswordSuccess });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual(known.body);

    expect(await mailsTo(t, unknown)).toHaveLength(0);
    const mails = await mailsTo(t, user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Reset your LeadCircle password']);
    const link = await latestLinkTo(t, user.email);
    expect(link.href).toMatch(
      new RegExp(
        `^http://localhost:3000/email\\?action=RESET_PASSWORD&token=[A-Za-z0-9_-]{43}&email=${encodeURIComponent(user.email)}$`,
      ),
    );
  });

  it('sends nothing to an account whose deletion was requested', async () => {
    const user = await createUser(t, { deletionRequestedAt: clock.now() });
    const res = await requestReset(user.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.forgotPasswordSuccess });
    expect(await mailsTo(t, user.email)).toHaveLength(0);
  });

  it('answers 400 with the spec message when the e-mail is missing or not an address', async () => {
    for (const [body, message] of [
      [{}, 'Email is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'nobody-at-example.com' }, 'Must be a valid email address'],
    ] as const) {
      const res = await post(t, '/user/reset_password', body, { ip: nextIp() });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    }
  });

  it('answers 429 to the sixth request for one address within an hour, whatever the IP', async () => {
    expect(RATE_LIMITS.resetPerAddress.limit).toBe(5);
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await requestReset(user.email)).status).toBe(200);
    const res = await requestReset(user.email.toUpperCase());
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' });
    expect(await mailsTo(t, user.email)).toHaveLength(5);

    clock.advance(HOUR_MS + MINUTE_MS);
    expect((await requestReset(user.email)).status).toBe(200);
    expect(await mailsTo(t, user.email)).toHaveLength(6);
  });

  it('answers 429 once one IP has made 30 requests within an hour, while other IPs go on', async () => {
    expect(RATE_LIMITS.resetPerIp.limit).toBe(30);
    const ip = '10.40.0.1';
    for (let i = 0; i < 30; i++) {
      expect((await requestReset(`probe${i}.${Date.now()}@example.com`, ip)).status).toBe(200);
    }
    const user = await createUser(t);
    const res = await requestReset(user.email, ip);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' });
    expect(await mailsTo(t, user.email)).toHaveLength(0);
    expect((await requestReset(user.email, '10.40.0.2')).status).toBe(200);
  });
});

describe('/user/email_confirmation_action/{token} with RESET_PASSWORD', () => {
  it('sets the new password and answers tokens: the old password then fails and the new one works', async () => {
    const { user, link } = await userWithResetLink();
    const res = await useEmailLink(t, link, { password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), userId: user.id });
    expect((await post(t, '/user/get', {}, { token: res.body.accessToken })).status).toBe(200);

    const old = await login(user.email, user.password);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: MESSAGES.invalidCredentials, code: 'AUTH_INVALID_CREDENTIALS' });
    expect((await signIn(t, user.email, NEW_PASSWORD)).userId).toBe(user.id);
  });

  it("revokes every other session's refresh token, and keeps the new session", async () => {
    const user = await createUser(t);
    const first = await signIn(t, user.email, user.password);
    const second = await signIn(t, user.email, user.password);
    expect((await requestReset(user.email)).status).toBe(200);
    const res = await useEmailLink(t, await latestLinkTo(t, user.email), { password: NEW_PASSWORD });
    expect(res.status).toBe(200);

    for (const session of [first, second]) {
      const refused = await post(t, '/user/refresh_token', { refresh_token: session.refreshToken });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: MESSAGES.sessionExpired, code: 'AUTH_REFRESH_INVALID' });
    }
    expect((await post(t, '/user/refresh_token', { refresh_token: res.body.refreshToken })).status).toBe(200);
  });

  describe('answers 400 with the spec message, changes nothing and keeps the link usable when', () => {
    const cases: [string, string | undefined, string][] = [
      ['the password is missing', undefined, 'Password is required'],
      ['the password is blank', '   ', 'Password is required'],
      ['the password is shorter than 8', 'Short-1', 'Must be at least 8 characters long'],
      ['the password is longer than 25', 'p'.repeat(26), 'Must be less than 25 characters long'],
    ];
    it.each(cases)('%s', async (_name, password, message) => {
      const { user, link } = await userWithResetLink();
      const res = await useEmailLink(t, link, password === undefined ? {} : { password });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
      expect(res.body.issues).toContainEqual({ path: 'password', message });
      expect((await findUserRow(t, user.id))!.passwordHash).toBe(user.passwordHash);
      expect((await useEmailLink(t, link, { password: NEW_PASSWORD })).status).toBe(200);
    });
  });

  it('accepts passwords of exactly 8 and exactly 25 characters', async () => {
    for (const password of ['a'.repeat(8), 'b'.repeat(25)]) {
      const { user, link } = await userWithResetLink();
      expect((await useEmailLink(t, link, { password })).status).toBe(200);
      await signIn(t, user.email, password);
    }
  });

  it('answers 400 AUTH_LINK_INVALID when the link is used again', async () => {
    const { user, link } = await userWithResetLink();
    expect((await useEmailLink(t, link, { password: NEW_PASSWORD })).status).toBe(200);
    const again = await useEmailLink(t, link, { password: 'Third-Pass-333' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: MESSAGES.tokenInvalid, code: 'AUTH_LINK_INVALID' });
    await signIn(t, user.email, NEW_PASSWORD);
  });

  it('makes the earlier reset links void once one is used', async () => {
    const { user, link: first } = await userWithResetLink();
    expect((await requestReset(user.email)).status).toBe(200);
    const second = await latestLinkTo(t, user.email);
    expect((await useEmailLink(t, second, { password: NEW_PASSWORD })).status).toBe(200);
    expect((await useEmailLink(t, first, { password: 'Third-Pass-333' })).body.code).toBe('AUTH_LINK_INVALID');
  });

  it('answers 400 AUTH_LINK_EXPIRED to a link older than 1 hour and keeps the old password', async () => {
    const { user, link } = await userWithResetLink();
    clock.advance(HOUR_MS);
    const res = await useEmailLink(t, link, { password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.tokenExpired, code: 'AUTH_LINK_EXPIRED' });
    await signIn(t, user.email, user.password);
  });

  it('still accepts the link just before the hour is over', async () => {
    const { link } = await userWithResetLink();
    clock.advance(HOUR_MS - MINUTE_MS);
    expect((await useEmailLink(t, link, { password: NEW_PASSWORD })).status).toBe(200);
  });

  it('confirms the address of an unconfirmed account, since following the link proves it', async () => {
    const { user, link } = await userWithResetLink({ emailConfirmedAt: null });
    expect((await useEmailLink(t, link, { password: NEW_PASSWORD })).status).toBe(200);
    expect((await findUserRow(t, user.id))!.emailConfirmedAt).toEqual(clock.now());
    await signIn(t, user.email, NEW_PASSWORD);
  });

  it('answers 400 to the link of an account whose deletion was requested after it was sent', async () => {
    const { user, link } = await userWithResetLink();
    const session = await signIn(t, user.email, user.password);
    expect((await post(t, '/user/schedule_delete', {}, { token: session.accessToken })).status).toBe(200);
    const res = await useEmailLink(t, link, { password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('AUTH_LINK_INVALID');
    expect((await findUserRow(t, user.id))!.passwordHash).toBe(user.passwordHash);
  });
});
