import crypto from 'node:crypto';
import { MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, mailOutbox, rateLimitHits, refreshTokens, users } from '../../src/db/schema/index.js';
import { eraseAccountsJob } from '../../src/jobs/jobs.js';
import { HOUR_MS, MINUTE_MS } from '../../src/lib/clock.js';
import { createBusinessWithAdmin } from '../../src/modules/business/business.service.js';
import { createSignedInUser, createUser, findUserRow, latestLinkTo, mailsTo, post, signIn } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const NOT_ALLOWED = { message: MESSAGES.notAllowed, code: 'FORBIDDEN' };
const NOT_SIGNED_IN = { message: MESSAGES.notSignedIn, code: 'AUTH_REQUIRED' };

describe('/user/get', () => {
  it('answers the signed-in user with the fields the web app reads', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const res = await post(t, '/user/get', {}, { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      company: null,
      title: null,
      role: 'SALES',
      hasPaymentMethod: false,
      active: false,
      business: null,
      hasTerritory: false,
      // E-mail notifications are on for a new account, new leads as they arrive.
      notificationSetting: { enableEmail: true, leadEmails: 'IMMEDIATE' },
      timeZone: 'UTC',
      avatarUrl: null,
    });
  });

  it('answers the same when the caller names their own user_id', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const res = await post(t, '/user/get', { user_id: user.id }, { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body.userId).toBe(user.id);
  });

  it('names the business of a business user', async () => {
    const admin = await createBusinessWithAdmin(t.deps, {
      businessName: 'Acme Staffing',
      email: `admin.${Date.now()}@acme.example`,
      firstName: 'Ada',
      lastName: 'Admin',
    });
    const res = await post(
      t,
      '/user/get',
      {},
      { token: await t.deps.accessTokens.sign({ userId: admin.id, sessionId: crypto.randomUUID() }) },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'ADMIN', business: { businessId: admin.businessId } });
  });

  it("answers 403 when the caller asks for another user's user_id", async () => {
    const other = await createUser(t);
    const { accessToken } = await createSignedInUser(t);
    const res = await post(t, '/user/get', { user_id: other.id }, { token: accessToken });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(NOT_ALLOWED);
  });

  it('answers 400 when user_id is not a number', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(t, '/user/get', { user_id: 'abc' }, { token: accessToken });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Must be a number', code: 'VALIDATION_FAILED' });
  });

  it('answers 401 without a token', async () => {
    const res = await post(t, '/user/get', {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
  });
});

describe('/user/update', () => {
  it('updates names, company and title, and answers the updated user', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const res = await post(
      t,
      '/user/update',
      {
        user: { first_name: '  Robin ', last_name: 'Hart ', company: 'Northwind Traders', title: 'Account Executive' },
      },
      { token: accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userId: user.id,
      firstName: 'Robin',
      lastName: 'Hart',
      company: 'Northwind Traders',
      title: 'Account Executive',
      email: user.email,
    });
    expect((await post(t, '/user/get', {}, { token: accessToken })).body).toEqual(res.body);
  });

  it('keeps company and title when they are left out, and clears them when sent empty', async () => {
    const { accessToken } = await createSignedInUser(t, { company: 'Contoso', title: 'Rep' });
    const kept = await post(t, '/user/update', { user: { first_name: 'A', last_name: 'B' } }, { token: accessToken });
    expect(kept.body).toMatchObject({ company: 'Contoso', title: 'Rep' });
    const cleared = await post(
      t,
      '/user/update',
      { user: { first_name: 'A', last_name: 'B', company: '', title: null } },
      { token: accessToken },
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ company: null, title: null });
  });

  describe('answers 400 with the profile message and changes nothing when', () => {
    const long = 'x'.repeat(51);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['the first name is missing', { first_name: undefined }, 'user.first_name', 'First name is required'],
      ['the first name is blank', { first_name: '  ' }, 'user.first_name', 'First name is required'],
      ['the last name is missing', { last_name: undefined }, 'user.last_name', 'Last name is required'],
      ['the last name is blank', { last_name: ' ' }, 'user.last_name', 'Last name is required'],
      ['the first name is longer than 50', { first_name: long }, 'user.first_name', 'Must be less than 50 characters'],
      ['the last name is longer than 50', { last_name: long }, 'user.last_name', 'Must be less than 50 characters'],
      ['the company is longer than 50', { company: long }, 'user.company', 'Must be less than 50 characters'],
      ['the title is longer than 50', { title: long }, 'user.title', 'Must be less than 50 characters'],
      [
        'the password is shorter than 8',
        { password: 'Short-1' },
        'user.password',
        'Must be at least 8 characters long',
      ],
      [
        'the password is longer than 25',
        { password: 'p'.repeat(26) },
        'user.password',
        'Must be less than 25 characters long',
      ],
    ];
    it.each(cases)('%s', async (_name, change, path, message) => {
      const { user, accessToken } = await createSignedInUser(t);
      const body = { user: { first_name: 'New', last_name: 'Name', company: 'C', title: 'T', ...change } };
      const res = await post(t, '/user/update', body, { token: accessToken });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
      expect(res.body.issues).toContainEqual({ path, message });
      expect(await findUserRow(t, user.id)).toMatchObject({
        firstName: user.firstName,
        lastName: user.lastName,
        company: null,
        title: null,
        passwordHash: user.passwordHash,
      });
    });
  });

  it('accepts 50 characters for names, company and title', async () => {
    const { accessToken } = await createSignedInUser(t);
    const fifty = 'y'.repeat(50);
    const res = await post(
      t,
      '/user/update',
      { user: { first_name: fifty, last_name: fifty, company: fifty, title: fifty } },
      { token: accessToken },
    );
    expect(res.status).toBe(200);
  });

  it('changes the sign-in password when a password of 8 to 25 characters is sent', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const res = await post(
      t,
      '/user/update',
      { user: { first_name: user.firstName, last_name: user.lastName, password: 'Changed-Pass-25' } },
      { token: accessToken },
    );
    expect(res.status).toBe(200);
    expect((await post(t, '/user/login', { email: user.email, password: user.password })).status).toBe(401);
    expect((await signIn(t, user.email, 'Changed-Pass-25')).userId).toBe(user.id);
  });

  it('ends the other sessions when the password changes, and keeps the one that changed it', async () => {
    const { user, accessToken, refreshToken } = await createSignedInUser(t);
    const otherDevice = await signIn(t, user.email, user.password);
    const res = await post(
      t,
      '/user/update',
      { user: { first_name: user.firstName, last_name: user.lastName, password: 'Changed-Pass-26' } },
      { token: accessToken },
    );
    expect(res.status).toBe(200);
    expect((await post(t, '/user/refresh_token', { refresh_token: otherDevice.refreshToken })).status).toBe(401);
    expect((await post(t, '/user/refresh_token', { refresh_token: refreshToken })).status).toBe(200);
  });

  it('keeps every session when the profile changes without a password', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const otherDevice = await signIn(t, user.email, user.password);
    await post(
      t,
      '/user/update',
      { user: { first_name: 'Renamed', last_name: user.lastName } },
      { token: accessToken },
    );
    expect((await post(t, '/user/refresh_token', { refresh_token: otherDevice.refreshToken })).status).toBe(200);
  });

  it('answers 400 to an unknown field and changes nothing (no way to become ADMIN or change the address)', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    for (const extra of [{ role: 'ADMIN' }, { email: 'taken-over@example.com' }]) {
      const res = await post(
        t,
        '/user/update',
        { user: { first_name: 'X', last_name: 'Y', ...extra } },
        { token: accessToken },
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toMatch(/Unrecognized key/);
    }
    const outside = await post(
      t,
      '/user/update',
      { user: { first_name: 'X', last_name: 'Y' }, user_id: 1 },
      { token: accessToken },
    );
    expect(outside.status).toBe(400);
    expect(await findUserRow(t, user.id)).toMatchObject({
      role: 'SALES',
      email: user.email,
      firstName: user.firstName,
    });
  });

  it('answers 400 when the user object is missing', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(t, '/user/update', {}, { token: accessToken });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await post(t, '/user/update', { user: { first_name: 'A', last_name: 'B' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
  });
});

describe('/user/update_notifications', () => {
  it('turns e-mail notifications on and off, and /user/get reads the stored setting', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const off = await post(t, '/user/update_notifications', { enableEmail: false }, { token: accessToken });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ userId: user.id, notificationSetting: { enableEmail: false } });
    expect((await findUserRow(t, user.id))!.enableEmailNotifications).toBe(false);
    expect((await post(t, '/user/get', {}, { token: accessToken })).body.notificationSetting).toEqual({
      enableEmail: false,
      leadEmails: 'IMMEDIATE',
    });

    const on = await post(
      t,
      '/user/update_notifications',
      { user_id: user.id, enableEmail: true },
      { token: accessToken },
    );
    expect(on.status).toBe(200);
    expect(on.body.notificationSetting).toEqual({ enableEmail: true, leadEmails: 'IMMEDIATE' });
    expect((await findUserRow(t, user.id))!.enableEmailNotifications).toBe(true);
  });

  it('answers 403 and changes nothing when user_id names someone else', async () => {
    const other = await createUser(t);
    const { accessToken } = await createSignedInUser(t);
    const res = await post(
      t,
      '/user/update_notifications',
      { user_id: other.id, enableEmail: false },
      { token: accessToken },
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual(NOT_ALLOWED);
    expect((await findUserRow(t, other.id))!.enableEmailNotifications).toBe(true);
  });

  it.each([
    ['missing', {}],
    ['not a boolean', { enableEmail: 'yes' }],
  ])('answers 400 when enableEmail is %s', async (_name, body) => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(t, '/user/update_notifications', body, { token: accessToken });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGES.enableEmailInvalid, code: 'VALIDATION_FAILED' });
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await post(t, '/user/update_notifications', { enableEmail: true });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
  });
});

describe('/user/schedule_delete', () => {
  it('answers the spec message and hides the account at once: no sign-in, no token, no refresh', async () => {
    const { user, accessToken, refreshToken } = await createSignedInUser(t);
    const res = await post(t, '/user/schedule_delete', {}, { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'You have requested your account deletion.' });
    expect((await findUserRow(t, user.id))!.deletionRequestedAt).toEqual(clock.now());

    const login = await post(t, '/user/login', { email: user.email, password: user.password });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ message: MESSAGES.invalidCredentials, code: 'AUTH_INVALID_CREDENTIALS' });
    const me = await post(t, '/user/get', {}, { token: accessToken });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: MESSAGES.sessionExpired, code: 'AUTH_TOKEN_INVALID' });
    const refreshed = await post(t, '/user/refresh_token', { refresh_token: refreshToken });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.code).toBe('AUTH_REFRESH_INVALID');
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await post(t, '/user/schedule_delete', {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
  });

  it('erases e-mail, names and password 24 hours later, not before, and the address can sign up again', async () => {
    const { user, accessToken } = await createSignedInUser(t, { company: 'Fabrikam', title: 'Director' });
    // Traces the account leaves: a mail, a failed sign-in and a reset request.
    expect((await post(t, '/user/reset_password', { email: user.email })).status).toBe(200);
    expect((await post(t, '/user/schedule_delete', {}, { token: accessToken })).status).toBe(200);
    expect((await post(t, '/user/login', { email: user.email, password: 'Wrong-Pass-1' })).status).toBe(401);

    // While hidden, signing up with the address answers as always but creates nothing.
    const early = await post(t, '/user/email_signup', {
      first_name: 'Again',
      last_name: 'Later',
      email: user.email,
      password: 'Second-Life-8',
    });
    expect(early.status).toBe(200);
    expect(early.body).toEqual({ message: MESSAGES.signupSuccess });
    expect(await t.db.select().from(users).where(eq(users.email, user.email))).toHaveLength(1);

    clock.advance(24 * HOUR_MS - MINUTE_MS);
    await eraseAccountsJob.run(t.deps);
    expect(await findUserRow(t, user.id)).toMatchObject({
      email: user.email,
      firstName: user.firstName,
      erasedAt: null,
    });

    clock.advance(MINUTE_MS);
    await eraseAccountsJob.run(t.deps);
    const erased = await findUserRow(t, user.id);
    expect(erased).toMatchObject({
      email: `deleted-${user.id}@deleted.invalid`,
      firstName: 'Deleted',
      lastName: 'user',
      company: null,
      title: null,
      passwordHash: null,
      erasedAt: clock.now(),
    });
    expect(`${erased!.firstName} ${erased!.lastName}`).toBe('Deleted user');
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))).toHaveLength(0);
    // No copy of the address is left: not in the outbox, not in the rate-limit records.
    expect(await mailsTo(t, user.email)).toHaveLength(0);
    const hits = await t.db.select({ key: rateLimitHits.key }).from(rateLimitHits);
    expect(hits.filter((h) => h.key.includes(user.email))).toEqual([]);
    const outbox = await t.db.select({ text: mailOutbox.text, html: mailOutbox.html }).from(mailOutbox);
    expect(outbox.filter((m) => m.text.includes(user.email) || m.html.includes(user.email))).toEqual([]);

    // A second run finds nothing more to do.
    await eraseAccountsJob.run(t.deps);
    expect((await findUserRow(t, user.id))!.erasedAt).toEqual(erased!.erasedAt);

    const again = await post(t, '/user/email_signup', {
      first_name: 'Again',
      last_name: 'Later',
      email: user.email,
      password: 'Second-Life-8',
    });
    expect(again.status).toBe(200);
    const [fresh] = await t.db.select().from(users).where(eq(users.email, user.email));
    expect(fresh).toBeDefined();
    expect(fresh!.id).not.toBe(user.id);
    expect(fresh).toMatchObject({ firstName: 'Again', emailConfirmedAt: null, deletionRequestedAt: null });
    const link = await latestLinkTo(t, user.email);
    expect(link.searchParams.get('action')).toBe('SIGNUP_CONFIRMATION');
  });

  it('leaves accounts whose deletion was not requested alone', async () => {
    const bystander = await createUser(t);
    clock.advance(48 * HOUR_MS);
    await eraseAccountsJob.run(t.deps);
    expect(await findUserRow(t, bystander.id)).toMatchObject({ email: bystander.email, erasedAt: null });
    await signIn(t, bystander.email, bystander.password);
  });
});
