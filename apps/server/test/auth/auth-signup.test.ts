import { MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
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

let sequence = 0;
const PASSWORD = 'Signup-Pass-42';

/** Each sign-up comes from an IP of its own unless told, so the per-IP limit only bites where tested. */
function signup(body: Record<string, unknown>, ip = `10.1.${Math.floor(sequence / 250)}.${(sequence++ % 250) + 1}`) {
  return post(t, '/user/email_signup', body, { ip });
}

function newSignup(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    first_name: 'Dana',
    last_name: 'Closer',
    email: `dana${sequence}.${Date.now()}@example.com`,
    password: PASSWORD,
    ...overrides,
  };
}

async function usersWithEmail(email: string) {
  return t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
}

async function countRows(table: 'users' | 'mail_outbox'): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

/** A self-signed-up, unconfirmed account and its confirmation link. */
async function signUpAndGetLink(overrides: Record<string, unknown> = {}) {
  const body = newSignup(overrides);
  const res = await signup(body);
  expect(res.status).toBe(200);
  const [user] = await usersWithEmail(body.email);
  return { body, user: user!, link: await latestLinkTo(t, body.email) };
}

describe('/user/email_signup', () => {
  it('creates an unconfirmed SALES user and e-mails one confirmation link', async () => {
    const body = newSignup();
    const res = await signup(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.signupSuccess });

    const [user, ...others] = await usersWithEmail(body.email);
    expect(others).toHaveLength(0);
    expect(user).toMatchObject({
      role: 'SALES',
      firstName: 'Dana',
      lastName: 'Closer',
      emailConfirmedAt: null,
      businessId: null,
      deletionRequestedAt: null,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);

    const mails = await mailsTo(t, body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your LeadCircle account');
    const link = await latestLinkTo(t, body.email);
    expect(link.href).toMatch(
      new RegExp(
        `^http://localhost:3000/email\\?action=SIGNUP_CONFIRMATION&token=[A-Za-z0-9_-]{43}&email=${encodeURIComponent(body.email)}$`,
      ),
    );
  });

  it("keeps the browser's time zone (UTC when none is sent) and refuses an unknown one", async () => {
    const { link, user } = await signUpAndGetLink({ time_zone: 'America/Los_Angeles' });
    expect(user.timeZone).toBe('America/Los_Angeles');
    const confirmed = await useEmailLink(t, link);
    const me = await post(t, '/user/get', {}, { token: confirmed.body.accessToken });
    expect(me.body.timeZone).toBe('America/Los_Angeles');
    const plain = await signUpAndGetLink();
    expect(plain.user.timeZone).toBe('UTC');
    const bad = newSignup({ time_zone: 'Mars/Olympus' });
    const res = await signup(bad);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('time_zone must be a time zone such as America/Los_Angeles');
    expect(await usersWithEmail(bad.email)).toEqual([]);
  });

  it('stores the address trimmed and lower-cased', async () => {
    const body = newSignup();
    const res = await signup({ ...body, email: `  ${body.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(await usersWithEmail(body.email)).toHaveLength(1);
    expect((await latestLinkTo(t, body.email)).searchParams.get('email')).toBe(body.email);
  });

  it('carries group_id and group_invite_code into the confirmation link when sent', async () => {
    const body = newSignup({ group_id: 17, group_invite_code: 'INV-abc123' });
    expect((await signup(body)).status).toBe(200);
    const link = await latestLinkTo(t, body.email);
    expect(link.href).toMatch(
      new RegExp(
        `^http://localhost:3000/email\\?action=SIGNUP_CONFIRMATION&token=[A-Za-z0-9_-]{43}&email=${encodeURIComponent(body.email)}&group_id=17&group_invite_code=INV-abc123$`,
      ),
    );
  });

  describe('answers 400 with the spec message and creates nobody when', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['the first name is missing', { first_name: undefined }, 'first_name', 'First name is required'],
      ['the first name is blank', { first_name: '   ' }, 'first_name', 'First name is required'],
      ['the last name is missing', { last_name: undefined }, 'last_name', 'Last name is required'],
      ['the last name is blank', { last_name: ' ' }, 'last_name', 'Last name is required'],
      ['the e-mail is missing', { email: undefined }, 'email', 'Email is required'],
      ['the e-mail is empty', { email: '' }, 'email', 'Email is required'],
      ['the e-mail is not an address', { email: 'dana.example.com' }, 'email', 'Must be a valid email address'],
      ['the password is missing', { password: undefined }, 'password', 'Password is required'],
      ['the password is shorter than 8', { password: 'Short-1' }, 'password', 'Must be at least 8 characters long'],
      [
        'the password is longer than 50',
        { password: 'p'.repeat(51) },
        'password',
        'Must be less than 50 characters long',
      ],
    ];
    it.each(cases)('%s', async (_name, change, path, message) => {
      const usersBefore = await countRows('users');
      const mailsBefore = await countRows('mail_outbox');
      const body = newSignup(change);
      const res = await signup(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
      expect(res.body.issues).toContainEqual({ path, message });
      expect(await countRows('users')).toBe(usersBefore);
      expect(await countRows('mail_outbox')).toBe(mailsBefore);
    });
  });

  it('accepts a password of exactly 8 and of exactly 50 characters', async () => {
    expect((await signup(newSignup({ password: 'a'.repeat(8) }))).status).toBe(200);
    expect((await signup(newSignup({ password: 'a'.repeat(50) }))).status).toBe(200);
  });

  it('answers the same 200 for an address with a confirmed account, creates nobody and tells the owner', async () => {
    const owner = await createUser(t);
    const res = await signup(newSignup({ email: owner.email, first_name: 'Mallory', password: 'Other-Pass-99' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.signupSuccess });

    expect(await usersWithEmail(owner.email)).toHaveLength(1);
    const after = await findUserRow(t, owner.id);
    expect(after).toMatchObject({ firstName: owner.firstName, passwordHash: owner.passwordHash });
    const mails = await mailsTo(t, owner.email);
    expect(mails.map((m) => m.subject)).toEqual(['You already have a LeadCircle account']);
    expect(mails[0]!.text).toContain('http://localhost:3000/forgot-password');
    expect(mails[0]!.text).not.toContain('token=');
    // The owner's password still works; the requester's does not.
    await signIn(t, owner.email, owner.password);
    expect((await post(t, '/user/login', { email: owner.email, password: 'Other-Pass-99' })).status).toBe(401);
  });

  it('sends a fresh confirmation link when the address has an unconfirmed account', async () => {
    const { body, user, link: first } = await signUpAndGetLink();
    const res = await signup(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.signupSuccess });
    expect(await usersWithEmail(body.email)).toHaveLength(1);

    const mails = await mailsTo(t, body.email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your LeadCircle account', 'Confirm your LeadCircle account']);
    const second = await latestLinkTo(t, body.email);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    expect((await useEmailLink(t, second)).status).toBe(200);
    expect((await findUserRow(t, user.id))!.emailConfirmedAt).not.toBeNull();
  });

  it('gives an unconfirmed account the password of the sign-up whose link is followed (no pre-hijacking)', async () => {
    // Someone signs up first with another person's address and a password of their own…
    const { body } = await signUpAndGetLink({ password: 'Squatter-Pass-1' });
    const squatterLink = await latestLinkTo(t, body.email);
    // …then the owner of the address signs up and follows their own link.
    await signup({ ...body, password: 'Owners-Pass-22' });
    const ownersLink = await latestLinkTo(t, body.email);
    expect(ownersLink.href).not.toBe(squatterLink.href);
    expect((await useEmailLink(t, ownersLink)).status).toBe(200);

    expect((await post(t, '/user/login', { email: body.email, password: 'Squatter-Pass-1' })).status).toBe(401);
    expect((await signIn(t, body.email, 'Owners-Pass-22')).userId).toBeGreaterThan(0);
  });

  it('answers 429 to the sixth sign-up for one address within an hour, whatever the IP', async () => {
    expect(RATE_LIMITS.signupPerAddress.limit).toBe(5);
    const body = newSignup();
    for (let i = 1; i <= 5; i++) {
      expect((await signup(body, `10.20.0.${i}`)).status).toBe(200);
    }
    const res = await signup({ ...body, email: body.email.toUpperCase() }, '10.20.0.99');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' });
    expect(await mailsTo(t, body.email)).toHaveLength(5);

    // Another address from the same IP is not affected.
    expect((await signup(newSignup(), '10.20.0.99')).status).toBe(200);
  });

  it('answers 429 once one IP has made 30 sign-ups within an hour, and accepts it again after the hour', async () => {
    expect(RATE_LIMITS.signupPerIp.limit).toBe(30);
    const ip = '10.30.0.1';
    const results = await Promise.all(Array.from({ length: 30 }, () => signup(newSignup(), ip)));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));

    const refused = newSignup();
    const res = await signup(refused, ip);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' });
    expect(await usersWithEmail(refused.email)).toHaveLength(0);
    expect(await mailsTo(t, refused.email)).toHaveLength(0);

    // Another IP may still sign up.
    expect((await signup(newSignup(), '10.30.0.2')).status).toBe(200);

    clock.advance(HOUR_MS + MINUTE_MS);
    expect((await signup(refused, ip)).status).toBe(200);
    expect(await usersWithEmail(refused.email)).toHaveLength(1);
  });
});

describe('/user/email_confirmation_action/{token}', () => {
  it('confirms the account and answers tokens; the user can then sign in', async () => {
    const { body, user, link } = await signUpAndGetLink();
    const res = await useEmailLink(t, link);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), userId: user.id });
    expect((await findUserRow(t, user.id))!.emailConfirmedAt).toEqual(clock.now());

    const me = await post(t, '/user/get', {}, { token: res.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userId: user.id, email: body.email, role: 'SALES' });

    const session = await signIn(t, body.email, PASSWORD);
    expect(session.userId).toBe(user.id);
  });

  it('answers 400 AUTH_LINK_INVALID when the link is used a second time', async () => {
    const { link } = await signUpAndGetLink();
    expect((await useEmailLink(t, link)).status).toBe(200);
    const again = await useEmailLink(t, link);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: MESSAGES.tokenInvalid, code: 'AUTH_LINK_INVALID' });
  });

  it('makes earlier confirmation links void once one of them is used', async () => {
    const { body, link: first } = await signUpAndGetLink();
    expect((await signup(body)).status).toBe(200);
    const second = await latestLinkTo(t, body.email);
    expect((await useEmailLink(t, second)).status).toBe(200);
    expect((await useEmailLink(t, first)).body.code).toBe('AUTH_LINK_INVALID');
  });

  it('answers 400 AUTH_LINK_EXPIRED after 72 hours and leaves the account unconfirmed', async () => {
    const { user, link } = await signUpAndGetLink();
    clock.advance(72 * HOUR_MS);
    const res = await useEmailLink(t, link);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.tokenExpired, code: 'AUTH_LINK_EXPIRED' });
    expect((await findUserRow(t, user.id))!.emailConfirmedAt).toBeNull();
  });

  it('still accepts the link just before 72 hours have passed', async () => {
    const { link } = await signUpAndGetLink();
    clock.advance(72 * HOUR_MS - MINUTE_MS);
    expect((await useEmailLink(t, link)).status).toBe(200);
  });

  describe('refuses with 400 and changes nothing when', () => {
    it('the token of the path differs from the token of the body', async () => {
      const { user, link } = await signUpAndGetLink();
      const other = await signUpAndGetLink();
      const res = await post(t, `/user/email_confirmation_action/${other.link.searchParams.get('token')}`, {
        token: link.searchParams.get('token'),
        action: 'SIGNUP_CONFIRMATION',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MESSAGES.tokenInvalid, code: 'AUTH_LINK_INVALID' });
      for (const id of [user.id, other.user.id]) expect((await findUserRow(t, id))!.emailConfirmedAt).toBeNull();
      // Both links still work afterwards.
      expect((await useEmailLink(t, link)).status).toBe(200);
      expect((await useEmailLink(t, other.link)).status).toBe(200);
    });

    it('the action is not the one the link was made for', async () => {
      const { user, link } = await signUpAndGetLink();
      const res = await useEmailLink(t, link, { action: 'RESET_PASSWORD', password: 'Taken-Over-1' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MESSAGES.tokenInvalid, code: 'AUTH_LINK_INVALID' });
      const row = await findUserRow(t, user.id);
      expect(row).toMatchObject({ emailConfirmedAt: null, passwordHash: user.passwordHash });
      expect((await useEmailLink(t, link)).status).toBe(200);
    });

    it('the action is missing or unknown', async () => {
      const { user, link } = await signUpAndGetLink();
      for (const action of [undefined, 'DELETE_ACCOUNT']) {
        const res = await useEmailLink(t, link, { action });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          message: 'Action must be SIGNUP_CONFIRMATION or RESET_PASSWORD',
          code: 'VALIDATION_FAILED',
        });
      }
      expect((await findUserRow(t, user.id))!.emailConfirmedAt).toBeNull();
      expect((await useEmailLink(t, link)).status).toBe(200);
    });

    it('the token was never issued', async () => {
      const { user, link } = await signUpAndGetLink();
      const garbage = 'not-a-token-we-ever-sent';
      const res = await post(t, `/user/email_confirmation_action/${garbage}`, {
        token: garbage,
        action: 'SIGNUP_CONFIRMATION',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MESSAGES.tokenInvalid, code: 'AUTH_LINK_INVALID' });
      expect((await findUserRow(t, user.id))!.emailConfirmedAt).toBeNull();
      expect((await useEmailLink(t, link)).status).toBe(200);
    });
  });

  it('answers 400 for the link of an account whose deletion was requested', async () => {
    const { user, link } = await signUpAndGetLink();
    await t.db.update(users).set({ deletionRequestedAt: clock.now() }).where(eq(users.id, user.id));
    const res = await useEmailLink(t, link);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('AUTH_LINK_INVALID');
    expect((await findUserRow(t, user.id))!.emailConfirmedAt).toBeNull();
  });
});
