import crypto from 'node:crypto';
import { MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { generateKeyPair, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, socialIdentities } from '../../src/db/schema/index.js';
import { HOUR_MS } from '../../src/lib/clock.js';
import { findUserByEmail } from '../../src/modules/accounts/accounts.queries.js';
import { createUser, findUserRow, post } from '../helpers.js';
import {
  APPLE_CLIENT_ID,
  appleAuthorization,
  craftIdToken,
  type SocialProviders,
  startSocialProviders,
  uniqueLogin,
  WEB_REDIRECT_URI,
} from '../social.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

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

const REFUSED = { message: MESSAGES.appleLoginFailed, code: 'AUTH_SOCIAL_TOKEN_INVALID' };
const identitiesOf = (userId: number) =>
  t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId));
const sessionsOf = (userId: number) => t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));

/** What the web app sends after Sign in with Apple JS answered. */
function appleBody(authorization: { code: string; identityToken: string }, extra: Record<string, unknown> = {}) {
  return {
    code: authorization.code,
    identity_token: authorization.identityToken,
    redirect_uri: WEB_REDIRECT_URI,
    platform: 'WEB',
    ...extra,
  };
}
const signUpWithApple = (body: Record<string, unknown>, app: TestApp = t) => post(app, '/user/apple_signup', body);

describe('/user/apple_signup', () => {
  it('creates the account on the first sign-in with the name Apple gave the browser, and answers tokens', async () => {
    const email = uniqueLogin();
    const authorization = await appleAuthorization(providers.apple, email);
    const res = await signUpWithApple(
      appleBody(authorization, { first_name: 'Jules', last_name: 'Moreau', user_identifier: email }),
    );

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      userId: expect.any(Number),
    });
    const me = await post(t, '/user/get', {}, { token: res.body.accessToken });
    expect(me.body).toMatchObject({ email, firstName: 'Jules', lastName: 'Moreau', role: 'SALES' });
    expect(await identitiesOf(res.body.userId)).toMatchObject([{ provider: 'APPLE', subject: email }]);
  });

  it('signs into the same account the second time, when Apple sends no name', async () => {
    const email = uniqueLogin();
    const first = await signUpWithApple(
      appleBody(await appleAuthorization(providers.apple, email), { first_name: 'Jules', last_name: 'Moreau' }),
    );
    const second = await signUpWithApple(appleBody(await appleAuthorization(providers.apple, email)));

    expect(second.status).toBe(200);
    expect(second.body.userId).toBe(first.body.userId);
    expect(await findUserRow(t, first.body.userId)).toMatchObject({ firstName: 'Jules', lastName: 'Moreau' });
  });

  it('names the account after the address when nobody gave a name', async () => {
    const email = uniqueLogin('sam', 'ortiz');
    const res = await signUpWithApple(appleBody(await appleAuthorization(providers.apple, email)));
    expect(res.status).toBe(200);
    expect(await findUserRow(t, res.body.userId)).toMatchObject({ firstName: email.split('@')[0], lastName: '' });
  });

  it('joins the existing account of an address Apple verified (Apple writes "true" as text)', async () => {
    const user = await createUser(t);
    const login = `apple-${crypto.randomUUID()}`;
    providers.apple.accounts.set(login, { email: user.email, email_verified: 'true' });

    const res = await signUpWithApple(appleBody(await appleAuthorization(providers.apple, login)));
    expect(res.status).toBe(200);
    expect(res.body.userId).toBe(user.id);
  });

  it('refuses an unverified address with a clear message, and creates or changes nothing', async () => {
    const user = await createUser(t);
    const before = await findUserRow(t, user.id);
    const login = `apple-${crypto.randomUUID()}`;
    providers.apple.accounts.set(login, { email: user.email, email_verified: 'false' });

    const res = await signUpWithApple(appleBody(await appleAuthorization(providers.apple, login)));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: MESSAGES.socialEmailUnverified('Apple'),
      code: 'AUTH_SOCIAL_EMAIL_UNVERIFIED',
    });
    expect(await findUserRow(t, user.id)).toEqual(before);
    expect(await identitiesOf(user.id)).toEqual([]);
  });

  it('answers 400 with the spec message when the code or the identity token is missing', async () => {
    const authorization = await appleAuthorization(providers.apple, uniqueLogin());
    for (const missing of ['code', 'identity_token']) {
      const body: Record<string, unknown> = appleBody(authorization);
      delete body[missing];
      const res = await signUpWithApple(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Missing required input parameters', code: 'VALIDATION_FAILED' });
    }
  });
});

describe('/user/apple_signup refuses every bad token or code with 401 and the spec message, creating nothing', () => {
  const claimsFor = (email: string) => ({
    iss: providers.apple.issuer,
    aud: APPLE_CLIENT_ID,
    sub: `apple-${crypto.randomUUID()}`,
    email,
    email_verified: 'true',
  });
  const expectNothingCreatedFor = async (email: string) => expect(await findUserByEmail(t.db, email)).toBeUndefined();

  it('a forged identity token', async () => {
    const email = uniqueLogin();
    const { code } = await appleAuthorization(providers.apple, email);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await craftIdToken(providers.apple, claimsFor(email), { key: privateKey });
    expect(await signUpWithApple(appleBody({ code, identityToken: forged }))).toMatchObject({
      status: 401,
      body: REFUSED,
    });
    await expectNothingCreatedFor(email);
  });

  it('an expired identity token', async () => {
    const email = uniqueLogin();
    const authorization = await appleAuthorization(providers.apple, email);
    clock.advance(2 * HOUR_MS);
    try {
      expect(await signUpWithApple(appleBody(authorization))).toMatchObject({ status: 401, body: REFUSED });
    } finally {
      clock.advance(-2 * HOUR_MS);
    }
    await expectNothingCreatedFor(email);
  });

  it('an identity token for another app, or from another issuer', async () => {
    const email = uniqueLogin();
    const { code } = await appleAuthorization(providers.apple, email);
    const otherAudience = await craftIdToken(providers.apple, { ...claimsFor(email), aud: 'com.someone.else' });
    const otherIssuer = await craftIdToken(providers.apple, { ...claimsFor(email), iss: 'https://appleid.evil.test' });
    for (const identityToken of [otherAudience, otherIssuer]) {
      expect(await signUpWithApple(appleBody({ code, identityToken }))).toMatchObject({ status: 401, body: REFUSED });
    }
    await expectNothingCreatedFor(email);
  });

  it('an unsigned identity token (alg none)', async () => {
    const email = uniqueLogin();
    const { code } = await appleAuthorization(providers.apple, email);
    const now = Math.floor(Date.now() / 1000);
    const unsigned = new UnsecuredJWT(claimsFor(email))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .encode();
    expect(await signUpWithApple(appleBody({ code, identityToken: unsigned }))).toMatchObject({
      status: 401,
      body: REFUSED,
    });
    await expectNothingCreatedFor(email);
  });

  it('a replayed identity token and code: the second use opens no session', async () => {
    const authorization = await appleAuthorization(providers.apple, uniqueLogin());
    const first = await signUpWithApple(appleBody(authorization));
    expect(first.status).toBe(200);
    const sessions = await sessionsOf(first.body.userId);

    expect(await signUpWithApple(appleBody(authorization))).toMatchObject({ status: 401, body: REFUSED });
    expect(await sessionsOf(first.body.userId)).toEqual(sessions);
  });

  it('a code used twice, even beside a fresh identity token', async () => {
    const email = uniqueLogin();
    const first = await appleAuthorization(providers.apple, email);
    const res = await signUpWithApple(appleBody(first));
    expect(res.status).toBe(200);
    const sessions = await sessionsOf(res.body.userId);

    const again = await appleAuthorization(providers.apple, email);
    expect(await signUpWithApple(appleBody({ code: first.code, identityToken: again.identityToken }))).toMatchObject({
      status: 401,
      body: REFUSED,
    });
    expect(await sessionsOf(res.body.userId)).toEqual(sessions);
  });

  it("a code of someone else's sign-in beside a valid identity token", async () => {
    const email = uniqueLogin();
    const mine = await appleAuthorization(providers.apple, email);
    const theirs = await appleAuthorization(providers.apple, uniqueLogin());
    expect(await signUpWithApple(appleBody({ code: theirs.code, identityToken: mine.identityToken }))).toMatchObject({
      status: 401,
      body: REFUSED,
    });
    await expectNothingCreatedFor(email);
  });

  it('a user_identifier that is not the subject of the identity token', async () => {
    const email = uniqueLogin();
    const authorization = await appleAuthorization(providers.apple, email);
    const res = await signUpWithApple(appleBody(authorization, { user_identifier: 'someone-else' }));
    expect(res).toMatchObject({ status: 401, body: REFUSED });
    await expectNothingCreatedFor(email);
  });

  it('a nonce that is not the one of the token', async () => {
    const email = uniqueLogin();
    const authorization = await appleAuthorization(providers.apple, email, { nonce: 'nonce-of-this-page' });
    expect(await signUpWithApple(appleBody(authorization, { nonce: 'another' }))).toMatchObject({
      status: 401,
      body: REFUSED,
    });
    await expectNothingCreatedFor(email);
  });
});

describe('/user/apple_signup without the Apple key', () => {
  it('signs in with the verified identity token alone (no code exchange)', async () => {
    const { APPLE_TEAM_ID: _team, APPLE_KEY_ID: _key, APPLE_PRIVATE_KEY: _pem, ...env } = providers.env;
    const app = await createTestApp({ clock, env });
    try {
      const authorization = await appleAuthorization(providers.apple, uniqueLogin());
      const res = await signUpWithApple(appleBody({ ...authorization, code: 'not-exchanged' }), app);
      expect(res.status).toBe(200);
      // Replay protection does not depend on the code.
      expect(await signUpWithApple(appleBody({ ...authorization, code: 'not-exchanged' }), app)).toMatchObject({
        status: 401,
        body: REFUSED,
      });
    } finally {
      await app.close();
    }
  });
});
