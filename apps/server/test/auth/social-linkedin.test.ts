import crypto from 'node:crypto';
import { decodeOAuthState, encodeOAuthState, MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, refreshTokens, socialIdentities } from '../../src/db/schema/index.js';
import { eraseAccountsJob, pruneSocialSignInJob } from '../../src/jobs/jobs.js';
import { HOUR_MS, MINUTE_MS } from '../../src/lib/clock.js';
import { findUserByEmail } from '../../src/modules/accounts/accounts.queries.js';
import { createUser, findUserRow, post } from '../helpers.js';
import { startLocalOpenIdProvider } from '../local-openid-provider.js';
import {
  LINKEDIN_CLIENT_ID,
  LINKEDIN_CLIENT_SECRET,
  type SocialProviders,
  startSocialProviders,
  uniqueLogin,
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

const REFUSED = { message: MESSAGES.linkedInLoginFailed, code: 'AUTH_SOCIAL_TOKEN_INVALID' };
const GROUP_INVITE = { inviteId: '42', inviteCode: 'join-us-2026', inviteAction: 'GROUP_INVITE' as const };
const identitiesOf = (userId: number) =>
  t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId));
const sessionsOf = (userId: number) => t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));

async function linkedInUrl(state?: string) {
  const res = await post(t, '/user/linkedin_url', state === undefined ? {} : { state });
  expect(res.status).toBe(200);
  return new URL(res.body.url);
}

/** A person signs in at LinkedIn's pages; answers the code and state LinkedIn sends to /oauth_login. */
async function signInAtLinkedIn(login: string, state?: string) {
  const back = await providers.linkedin.authorize(await linkedInUrl(state), login);
  expect(`${back.origin}${back.pathname}`).toBe(`${t.config.appUrl}/oauth_login`);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

const completeSignIn = (body: Record<string, unknown>) => post(t, '/user/linkedin_signup', body);

describe('/user/linkedin_url', () => {
  it("answers LinkedIn's authorization address: our client, /oauth_login, OpenID scopes, PKCE and a nonce", async () => {
    const url = await linkedInUrl(encodeOAuthState(GROUP_INVITE));

    expect(`${url.origin}${url.pathname}`).toBe(`${providers.linkedin.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: LINKEDIN_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/oauth_login',
      scope: 'openid profile email',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
    });
    // The secret stays on the server.
    expect(url.toString()).not.toContain(LINKEDIN_CLIENT_SECRET);
  });

  it('carries the invite data (inviteId, inviteCode, inviteAction) in the state, readable by the web app, unique to this sign-in', async () => {
    const first = (await linkedInUrl(encodeOAuthState(GROUP_INVITE))).searchParams.get('state')!;
    const second = (await linkedInUrl(encodeOAuthState(GROUP_INVITE))).searchParams.get('state')!;

    expect(decodeOAuthState(first)).toEqual(GROUP_INVITE);
    expect(second).not.toBe(first);
    expect(decodeOAuthState((await linkedInUrl()).searchParams.get('state')!)).toEqual({});
  });

  it('answers 400 for a state that is not an encoded invite', async () => {
    for (const state of ['not base64 !', encodeOAuthState({ inviteAction: 'ADMIN' } as never)]) {
      const res = await post(t, '/user/linkedin_url', { state });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: MESSAGES.oauthStateInvalid, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('/user/linkedin_signup', () => {
  it("creates the account on the first sign-in, named by LinkedIn's ID token, and answers tokens like /user/login", async () => {
    const email = uniqueLogin('kai', 'sato');
    const res = await completeSignIn(await signInAtLinkedIn(email, encodeOAuthState(GROUP_INVITE)));

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      userId: expect.any(Number),
    });
    const me = await post(t, '/user/get', {}, { token: res.body.accessToken });
    expect(me.body).toMatchObject({ email, firstName: 'Kai', lastName: 'Sato', role: 'SALES' });
    expect(await identitiesOf(res.body.userId)).toMatchObject([{ provider: 'LINKEDIN', subject: email }]);
  });

  it('signs the same LinkedIn member into the same account the second time', async () => {
    const email = uniqueLogin();
    const first = await completeSignIn(await signInAtLinkedIn(email));
    const second = await completeSignIn(await signInAtLinkedIn(email));

    expect(second.status).toBe(200);
    expect(second.body.userId).toBe(first.body.userId);
  });

  it('joins the existing account of an address LinkedIn verified', async () => {
    const user = await createUser(t);
    const res = await completeSignIn(await signInAtLinkedIn(user.email));
    expect(res.status).toBe(200);
    expect(res.body.userId).toBe(user.id);
  });

  it('refuses an unverified address with a clear message, and creates or changes nothing', async () => {
    const user = await createUser(t);
    const before = await findUserRow(t, user.id);
    const login = `member-${crypto.randomUUID()}`;
    providers.linkedin.accounts.set(login, { email: user.email, email_verified: false });

    const res = await completeSignIn(await signInAtLinkedIn(login));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: MESSAGES.socialEmailUnverified('LinkedIn'),
      code: 'AUTH_SOCIAL_EMAIL_UNVERIFIED',
    });
    expect(await findUserRow(t, user.id)).toEqual(before);
    expect(await identitiesOf(user.id)).toEqual([]);
  });

  it('answers 400 with the spec message when the code or the state is missing', async () => {
    for (const body of [{ state: 'abc' }, { code: 'abc' }, { code: '', state: 'abc' }]) {
      const res = await completeSignIn(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Missing required input parameters', code: 'VALIDATION_FAILED' });
    }
  });
});

describe('/user/linkedin_signup with a provider that keeps the profile at its UserInfo endpoint', () => {
  it('reads the address and name there, for the subject of the ID token', async () => {
    const userInfoOnly = await startLocalOpenIdProvider({
      claimsInIdToken: false,
      clients: [
        {
          client_id: LINKEDIN_CLIENT_ID,
          client_secret: LINKEDIN_CLIENT_SECRET,
          redirect_uris: ['http://localhost:3000/oauth_login'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
    });
    const app = await createTestApp({ clock, env: { ...providers.env, LINKEDIN_ISSUER: userInfoOnly.issuer } });
    try {
      const email = uniqueLogin('noor', 'haddad');
      const started = await post(app, '/user/linkedin_url', {});
      const back = await userInfoOnly.authorize(started.body.url, email);
      const res = await post(app, '/user/linkedin_signup', {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
      });
      expect(res.status).toBe(200);
      const me = await post(app, '/user/get', {}, { token: res.body.accessToken });
      expect(me.body).toMatchObject({ email, firstName: 'Noor', lastName: 'Haddad' });
    } finally {
      await app.close();
      await userInfoOnly.close();
    }
  });
});

describe('/user/linkedin_signup refuses a bad state or code with 401 and the spec message, creating nothing', () => {
  const expectNothingCreatedFor = async (email: string) => expect(await findUserByEmail(t.db, email)).toBeUndefined();

  it('a tampered state: the invite data changed on the way back', async () => {
    const email = uniqueLogin();
    const { code, state } = await signInAtLinkedIn(email, encodeOAuthState(GROUP_INVITE));
    const { key } = JSON.parse(Buffer.from(state, 'base64url').toString()) as { key: string };
    const tampered = encodeOAuthState({ ...GROUP_INVITE, inviteId: '43' }, { key });

    expect(await completeSignIn({ code, state: tampered })).toMatchObject({ status: 401, body: REFUSED });
    await expectNothingCreatedFor(email);
  });

  it('a state this server never issued', async () => {
    const email = uniqueLogin();
    const { code } = await signInAtLinkedIn(email);
    const made = encodeOAuthState(GROUP_INVITE, { key: crypto.randomBytes(32).toString('base64url') });
    expect(await completeSignIn({ code, state: made })).toMatchObject({ status: 401, body: REFUSED });
    await expectNothingCreatedFor(email);
  });

  it('a code and state used twice: the second exchange opens no session', async () => {
    const callback = await signInAtLinkedIn(uniqueLogin());
    const first = await completeSignIn(callback);
    expect(first.status).toBe(200);
    const sessions = await sessionsOf(first.body.userId);

    expect(await completeSignIn(callback)).toMatchObject({ status: 401, body: REFUSED });
    expect(await sessionsOf(first.body.userId)).toEqual(sessions);
  });

  it("a code beside another sign-in's state (PKCE does not match)", async () => {
    const email = uniqueLogin();
    const { code } = await signInAtLinkedIn(email);
    const other = await linkedInUrl();
    expect(await completeSignIn({ code, state: other.searchParams.get('state')! })).toMatchObject({
      status: 401,
      body: REFUSED,
    });
    await expectNothingCreatedFor(email);
  });

  it('a state older than ten minutes', async () => {
    const email = uniqueLogin();
    const callback = await signInAtLinkedIn(email);
    clock.advance(11 * MINUTE_MS);
    try {
      expect(await completeSignIn(callback)).toMatchObject({ status: 401, body: REFUSED });
    } finally {
      clock.advance(-11 * MINUTE_MS);
    }
    await expectNothingCreatedFor(email);
  });

  it('a code that LinkedIn never issued', async () => {
    const { state } = await signInAtLinkedIn(uniqueLogin());
    expect(await completeSignIn({ code: 'made-up-code', state })).toMatchObject({ status: 401, body: REFUSED });
  });
});

describe('what social sign-in keeps, and for how long', () => {
  it('forgets LinkedIn states once they have expired', async () => {
    await linkedInUrl();
    expect((await t.db.select().from(oauthStates)).length).toBeGreaterThan(0);
    clock.advance(11 * MINUTE_MS);
    try {
      await pruneSocialSignInJob.run(t.deps);
      expect(await t.db.select().from(oauthStates)).toEqual([]);
    } finally {
      clock.advance(-11 * MINUTE_MS);
    }
  });

  it('unlinks the LinkedIn member when the account is erased, so nothing signs into it again', async () => {
    const email = uniqueLogin();
    const signedIn = await completeSignIn(await signInAtLinkedIn(email));
    const { userId, accessToken } = signedIn.body;
    expect((await post(t, '/user/schedule_delete', {}, { token: accessToken })).status).toBe(200);
    // Hidden at once: the member is refused like a password sign-in.
    expect(await completeSignIn(await signInAtLinkedIn(email))).toMatchObject({ status: 401 });

    clock.advance(24 * HOUR_MS);
    try {
      await eraseAccountsJob.run(t.deps);
    } finally {
      clock.advance(-24 * HOUR_MS);
    }
    expect(await identitiesOf(userId)).toEqual([]);
    // The same member may start afresh: a new account.
    const again = await completeSignIn(await signInAtLinkedIn(email));
    expect(again.status).toBe(200);
    expect(again.body.userId).not.toBe(userId);
  });
});
