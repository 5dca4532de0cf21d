import crypto from 'node:crypto';
import { MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, socialIdentities } from '../../src/db/schema/index.js';
import { HOUR_MS } from '../../src/lib/clock.js';
import { findUserByEmail } from '../../src/modules/accounts/accounts.queries.js';
import { createUser, findUserRow, latestLinkTo, post, useEmailLink } from '../helpers.js';
import {
  craftIdToken,
  GOOGLE_CLIENT_ID,
  googleIdToken,
  OTHER_GOOGLE_CLIENT_ID,
  type SocialProviders,
  startSocialProviders,
  uniqueLogin,
} from '../social.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

// The local provider signs with real time; the app's clock starts there and moves only when a test says.
const clock = createTestClock(new Date());
let providers: SocialProviders;
let t: TestApp;
beforeAll(async () => {
  providers = await startSocialProviders();
  t = await createTestApp({ clock, env: providers.env });
});
afterAll(async () => {
  await t.close();
  await providers.close();
});

const REFUSED = { message: MESSAGES.googleLoginFailed, code: 'AUTH_SOCIAL_TOKEN_INVALID' };
const signUpWithGoogle = (body: Record<string, unknown>) => post(t, '/user/google_signup', body);
const identitiesOf = (userId: number) =>
  t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId));
const sessionsOf = (userId: number) => t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));

/** Nothing was made for this address: no account, no linked identity. */
async function expectNothingCreatedFor(email: string) {
  expect(await findUserByEmail(t.db, email)).toBeUndefined();
}

describe('/user/google_signup', () => {
  it('creates a confirmed SALES account on the first sign-in, named by Google, and answers tokens like /user/login', async () => {
    const email = uniqueLogin('avery', 'quinn');
    const res = await signUpWithGoogle({ id_token: await googleIdToken(providers.google, email), platform: 'WEB' });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      userId: expect.any(Number),
    });
    const me = await post(t, '/user/get', {}, { token: res.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      userId: res.body.userId,
      email,
      firstName: 'Avery',
      lastName: 'Quinn',
      role: 'SALES',
    });
    const row = await findUserRow(t, res.body.userId);
    expect(row?.emailConfirmedAt).not.toBeNull();
    expect(row?.passwordHash).toBeNull();
    expect(await identitiesOf(res.body.userId)).toMatchObject([{ provider: 'GOOGLE', subject: email }]);
    // The refresh token works like any other.
    expect((await post(t, '/user/refresh_token', { refresh_token: res.body.refreshToken })).status).toBe(200);
  });

  it("gives the account it creates the browser's time zone; a later sign-in leaves the zone alone", async () => {
    const email = uniqueLogin('zoe', 'zone');
    const first = await signUpWithGoogle({
      id_token: await googleIdToken(providers.google, email),
      time_zone: 'Asia/Kolkata',
    });
    expect(first.status).toBe(200);
    expect((await findUserRow(t, first.body.userId))?.timeZone).toBe('Asia/Kolkata');
    const again = await signUpWithGoogle({
      id_token: await googleIdToken(providers.google, email),
      time_zone: 'Europe/Paris',
    });
    expect(again.body.userId).toBe(first.body.userId);
    expect((await findUserRow(t, first.body.userId))?.timeZone).toBe('Asia/Kolkata');
  });

  it('signs the same Google account into the same LeadCircle account the second time', async () => {
    const email = uniqueLogin();
    const first = await signUpWithGoogle({ id_token: await googleIdToken(providers.google, email) });
    const second = await signUpWithGoogle({ id_token: await googleIdToken(providers.google, email) });

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.userId).toBe(first.body.userId);
    expect(await identitiesOf(first.body.userId)).toHaveLength(1);
  });

  it('keys the account by Google subject: a changed address at Google still signs into the same account', async () => {
    const login = uniqueLogin();
    const first = await signUpWithGoogle({ id_token: await googleIdToken(providers.google, login) });
    providers.google.accounts.set(login, { email: uniqueLogin('new', 'address'), email_verified: false });

    const second = await signUpWithGoogle({ id_token: await googleIdToken(providers.google, login) });
    expect(second.status).toBe(200);
    expect(second.body.userId).toBe(first.body.userId);
  });

  it('takes the names of the request when the token has none', async () => {
    const login = `subject-${crypto.randomUUID()}`;
    const email = uniqueLogin();
    providers.google.accounts.set(login, { email, email_verified: true });
    const res = await signUpWithGoogle({
      id_token: await googleIdToken(providers.google, login),
      first_name: 'Rowan',
      last_name: 'Hale',
    });
    expect(res.status).toBe(200);
    expect(await findUserRow(t, res.body.userId)).toMatchObject({ email, firstName: 'Rowan', lastName: 'Hale' });
  });

  it('joins the existing account of an address Google says it verified; the password still works', async () => {
    const user = await createUser(t);
    const res = await signUpWithGoogle({ id_token: await googleIdToken(providers.google, user.email) });

    expect(res.status).toBe(200);
    expect(res.body.userId).toBe(user.id);
    // Joining changes no profile data.
    expect(await findUserRow(t, user.id)).toMatchObject({ firstName: user.firstName, lastName: user.lastName });
    expect((await post(t, '/user/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('joins an unconfirmed sign-up, confirms it, and voids the confirmation link that carries a password someone chose', async () => {
    const email = uniqueLogin();
    const chosenBySomeoneElse = 'Squatter-Pass-1';
    await post(t, '/user/email_signup', { first_name: 'Mal', last_name: 'Lory', email, password: chosenBySomeoneElse });
    const link = await latestLinkTo(t, email);

    const res = await signUpWithGoogle({ id_token: await googleIdToken(providers.google, email) });
    expect(res.status).toBe(200);
    expect((await findUserRow(t, res.body.userId))?.emailConfirmedAt).not.toBeNull();

    expect((await useEmailLink(t, link)).status).toBe(400);
    expect((await post(t, '/user/login', { email, password: chosenBySomeoneElse })).status).toBe(401);
  });

  it('refuses an address Google has not verified with a clear message, and creates or changes nothing', async () => {
    const user = await createUser(t);
    const before = await findUserRow(t, user.id);
    const login = `unverified-${crypto.randomUUID()}`;
    providers.google.accounts.set(login, { email: user.email, email_verified: false, given_name: 'Eve' });

    const joining = await signUpWithGoogle({ id_token: await googleIdToken(providers.google, login) });
    expect(joining.status).toBe(403);
    expect(joining.body).toEqual({
      message:
        "Your Google account's e-mail address is not verified. Verify it with Google, or sign up with your e-mail address.",
      code: 'AUTH_SOCIAL_EMAIL_UNVERIFIED',
    });
    expect(await findUserRow(t, user.id)).toEqual(before);
    expect(await identitiesOf(user.id)).toEqual([]);

    // Nor does an unverified address make a new account (it would hold the address against its owner).
    const fresh = uniqueLogin();
    providers.google.accounts.set(login, { email: fresh, email_verified: false });
    const creating = await signUpWithGoogle({ id_token: await googleIdToken(providers.google, login) });
    expect(creating.status).toBe(403);
    expect(creating.body.code).toBe('AUTH_SOCIAL_EMAIL_UNVERIFIED');
    await expectNothingCreatedFor(fresh);
  });

  it('refuses a first sign-in without an e-mail address', async () => {
    const login = `no-email-${crypto.randomUUID()}`;
    const res = await signUpWithGoogle({ id_token: await googleIdToken(providers.google, login) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGES.socialEmailMissing('Google'), code: 'AUTH_SOCIAL_EMAIL_MISSING' });
  });

  it('refuses an account whose deletion was requested', async () => {
    const user = await createUser(t, { deletionRequestedAt: clock.now() });
    const res = await signUpWithGoogle({ id_token: await googleIdToken(providers.google, user.email) });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.googleLoginFailed);
    expect(await identitiesOf(user.id)).toEqual([]);
  });

  it('checks the nonce where the browser sent one', async () => {
    const email = uniqueLogin();
    const idToken = await googleIdToken(providers.google, email, { nonce: 'nonce-of-this-page' });

    expect((await signUpWithGoogle({ id_token: idToken, nonce: 'another-nonce' })).body).toEqual(REFUSED);
    await expectNothingCreatedFor(email);
    expect((await signUpWithGoogle({ id_token: idToken, nonce: 'nonce-of-this-page' })).status).toBe(200);
  });

  it('answers 400 with the spec message when id_token is missing or empty', async () => {
    for (const body of [{}, { id_token: '' }, { id_token: 42 }]) {
      const res = await signUpWithGoogle(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Missing required input parameters', code: 'VALIDATION_FAILED' });
    }
  });
});

describe('/user/google_signup refuses every bad token with 401 and the spec message, creating nothing', () => {
  const claimsFor = (email: string) => ({
    iss: providers.google.issuer,
    aud: GOOGLE_CLIENT_ID,
    sub: `sub-${crypto.randomUUID()}`,
    email,
    email_verified: true,
  });

  it('a forged token: signed with another key under the provider key id', async () => {
    const email = uniqueLogin();
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await craftIdToken(providers.google, claimsFor(email), { key: privateKey });
    expect(await signUpWithGoogle({ id_token: forged })).toMatchObject({ status: 401, body: REFUSED });
    await expectNothingCreatedFor(email);
  });

  it('a token whose payload was changed after signing', async () => {
    const email = uniqueLogin();
    const victim = await createUser(t);
    const [header, payload, signature] = (await googleIdToken(providers.google, email)).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const changed = Buffer.from(JSON.stringify({ ...claims, email: victim.email })).toString('base64url');
    expect(await signUpWithGoogle({ id_token: `${header}.${changed}.${signature}` })).toMatchObject({
      status: 401,
      body: REFUSED,
    });
    expect(await identitiesOf(victim.id)).toEqual([]);
    await expectNothingCreatedFor(email);
  });

  it('an expired token', async () => {
    const email = uniqueLogin();
    const idToken = await googleIdToken(providers.google, email);
    clock.advance(2 * HOUR_MS);
    try {
      expect(await signUpWithGoogle({ id_token: idToken })).toMatchObject({ status: 401, body: REFUSED });
    } finally {
      clock.advance(-2 * HOUR_MS);
    }
    await expectNothingCreatedFor(email);
  });

  it('a token for another app (wrong audience)', async () => {
    const email = uniqueLogin();
    const idToken = await googleIdToken(providers.google, email, { clientId: OTHER_GOOGLE_CLIENT_ID });
    expect(await signUpWithGoogle({ id_token: idToken })).toMatchObject({ status: 401, body: REFUSED });
    await expectNothingCreatedFor(email);
  });

  it('a token naming another issuer, even signed with the right key', async () => {
    const email = uniqueLogin();
    const wrongIssuer = await craftIdToken(providers.google, {
      ...claimsFor(email),
      iss: 'https://accounts.evil.test',
    });
    expect(await signUpWithGoogle({ id_token: wrongIssuer })).toMatchObject({ status: 401, body: REFUSED });
    // And a real token of another provider (the one playing LinkedIn) for the same client id.
    const otherProvider = await craftIdToken(providers.linkedin, {
      ...claimsFor(email),
      iss: providers.linkedin.issuer,
    });
    expect(await signUpWithGoogle({ id_token: otherProvider })).toMatchObject({ status: 401, body: REFUSED });
    await expectNothingCreatedFor(email);
  });

  it('an unsigned token (alg none), and one signed with HS256', async () => {
    const email = uniqueLogin();
    const now = Math.floor(Date.now() / 1000);
    const unsigned = new UnsecuredJWT(claimsFor(email))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .encode();
    expect(await signUpWithGoogle({ id_token: unsigned })).toMatchObject({ status: 401, body: REFUSED });
    const hmac = await new SignJWT(claimsFor(email))
      .setProtectedHeader({ alg: 'HS256', kid: providers.google.signingKey.kid })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(GOOGLE_CLIENT_ID.padEnd(32, 'x')));
    expect(await signUpWithGoogle({ id_token: hmac })).toMatchObject({ status: 401, body: REFUSED });
    await expectNothingCreatedFor(email);
  });

  it('a replayed token: the second use is refused and opens no session', async () => {
    const idToken = await googleIdToken(providers.google, uniqueLogin());
    const first = await signUpWithGoogle({ id_token: idToken });
    expect(first.status).toBe(200);
    const sessions = await sessionsOf(first.body.userId);

    expect(await signUpWithGoogle({ id_token: idToken })).toMatchObject({ status: 401, body: REFUSED });
    expect(await sessionsOf(first.body.userId)).toEqual(sessions);
  });

  it('text that is not a token', async () => {
    for (const idToken of ['not-a-token', 'a.b.c', `${'x'.repeat(20)}.${'y'.repeat(20)}`]) {
      expect(await signUpWithGoogle({ id_token: idToken })).toMatchObject({ status: 401, body: REFUSED });
    }
  });
});
