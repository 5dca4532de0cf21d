import { BUSINESS_USERS_EXPORT_PATH, MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSubscriptions, businessUsers } from '../../src/db/schema/index.js';
import { billingCycleJob } from '../../src/jobs/jobs.js';
import { HOUR_MS } from '../../src/lib/clock.js';
import { createAdmin, createMember, subscribe, tokenFor } from '../billing.js';
import { createSignedInUser, createUser, findUserRow, latestLinkTo, mailsTo, post } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

// Business users: only an ADMIN of the business manages them.

let t: TestApp;
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const NOT_SIGNED_IN = { message: MESSAGES.notSignedIn, code: 'AUTH_REQUIRED' };
const ADMIN_ONLY = { message: 'Only an admin of this business can manage its users.', code: 'BUSINESS_ADMIN_ONLY' };

/** A subscribed business with its admin, a SALES member, and an admin of another business. */
async function setup(name = 'Summit Payroll Partners') {
  const owner = await createAdmin(t, name);
  expect((await subscribe(t, owner.token)).status).toBe(200);
  const member = await createMember(t, owner.businessId);
  const stranger = await createAdmin(t, 'Other Agency');
  return { ...owner, member, stranger };
}

let sequence = 0;
function invitee(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    first_name: 'Ivy',
    last_name: `Invitee${sequence}`,
    email: `ivy${sequence}.${Date.now()}@example.com`,
    role: 'SALES',
    status: 'INVITED',
    ...overrides,
  };
}

const list = (token: string, body: Record<string, unknown>) => post(t, '/business/get_business_users', body, { token });

async function exportCsv(token: string | undefined, businessId: number, timeZone?: string) {
  const query = new URLSearchParams({ business_id: String(businessId), ...(timeZone && { time_zone: timeZone }) });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api${BUSINESS_USERS_EXPORT_PATH}?${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

/** Follows the e-mailed link as the invitee's browser does. */
async function accept(email: string, password?: string) {
  const link = await latestLinkTo(t, email);
  expect(link.pathname).toBe('/email');
  expect(link.searchParams.get('action')).toBe('BUSINESS_INVITE');
  return post(t, '/business/accept_invite', {
    token: link.searchParams.get('token'),
    email: link.searchParams.get('email'),
    ...(password && { password }),
  });
}

describe('who may call the business user calls', () => {
  it('answers 401 without a session, 403 to a SALES user and to an admin of another business, 200 to the admin', async () => {
    const { businessId, token, member, stranger, admin } = await setup();
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/business/get_business_users', { business_id: businessId }],
      ['/business/invite_user', { business_id: businessId, ...invitee() }],
      ['/business/update_user', { business_id: businessId, user_id: member.user.id, role: 'ADMIN' }],
      ['/business/remove_user', { business_id: businessId, user_id: member.user.id }],
    ];
    for (const [path, body] of calls) {
      expect(await post(t, path, body), path).toMatchObject({ status: 401, body: NOT_SIGNED_IN });
      expect(await post(t, path, body, { token: member.token }), path).toMatchObject({ status: 403, body: ADMIN_ONLY });
      expect(await post(t, path, body, { token: stranger.token }), path).toMatchObject({
        status: 403,
        body: ADMIN_ONLY,
      });
    }
    // Nothing changed.
    expect((await findUserRow(t, member.user.id))?.role).toBe('SALES');
    expect(await t.db.select().from(businessUsers).where(eq(businessUsers.businessId, businessId))).toEqual([]);
    for (const [path, body] of calls) {
      expect((await post(t, path, body, { token })).status, path).toBe(200);
    }
    expect((await findUserRow(t, admin.id))?.role).toBe('ADMIN');
  });

  it('refuses the CSV export to anyone but an admin of the business', async () => {
    const { businessId, member, stranger } = await setup();
    expect((await exportCsv(undefined, businessId)).status).toBe(401);
    expect((await exportCsv(member.token, businessId)).status).toBe(403);
    expect((await exportCsv(stranger.token, businessId)).status).toBe(403);
  });
});

describe('/business/get_business_users', () => {
  it('lists active users, then inactive ones, then invited people, with the counts and filters', async () => {
    const { businessId, token, member, admin } = await setup();
    const gone = await createMember(t, businessId);
    expect(
      (await post(t, '/business/remove_user', { business_id: businessId, user_id: gone.user.id }, { token })).status,
    ).toBe(200);
    const invited = invitee({ role: 'ADMIN' });
    expect((await post(t, '/business/invite_user', { business_id: businessId, ...invited }, { token })).status).toBe(
      200,
    );

    const all = await list(token, { business_id: businessId });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ totalCount: 4, usersCount: 3, invitedCount: 1 });
    expect(
      all.body.businessUsers.map((u: { user: { email: string }; status: string; role: string }) => [
        u.user.email,
        u.role,
        u.status,
      ]),
    ).toEqual([
      [admin.email, 'ADMIN', 'ACTIVE'],
      [member.user.email, 'SALES', 'ACTIVE'],
      [gone.user.email, 'SALES', 'INACTIVE'],
      [invited.email, 'ADMIN', 'INVITED'],
    ]);
    expect(all.body.businessUsers[3].user.userId).toBe(0);
    expect(all.body.businessUsers[0]).toMatchObject({ business: { businessId }, startTime: expect.any(String) });

    const admins = await list(token, { business_id: businessId, user_role: 'ADMIN' });
    expect(admins.body).toMatchObject({ totalCount: 2, usersCount: 1, invitedCount: 1 });
    const inactive = await list(token, { business_id: businessId, user_status: 'INACTIVE' });
    expect(inactive.body.businessUsers.map((u: { user: { email: string } }) => u.user.email)).toEqual([
      gone.user.email,
    ]);
    const invitedOnly = await list(token, { business_id: businessId, user_status: 'INVITED' });
    expect(invitedOnly.body).toMatchObject({ totalCount: 1, usersCount: 0, invitedCount: 1 });

    // Paging: two a page; the second page starts after the users and fills with invited people.
    const first = await list(token, { business_id: businessId, get_next: 2 });
    expect(first.body.businessUsers).toHaveLength(2);
    const second = await list(token, {
      business_id: businessId,
      get_next: 2,
      start_position_users: 2,
      start_position_invited: 0,
    });
    expect(second.body.businessUsers.map((u: { status: string }) => u.status)).toEqual(['INACTIVE', 'INVITED']);
  });

  it('finds people by any part of their name or e-mail, ignoring case and accents, with the counts of what it found', async () => {
    const { businessId, token } = await setup();
    const jose = await createUser(t, { businessId, firstName: 'José', lastName: 'Ñúñez' });
    await createUser(t, { businessId, firstName: 'Ana', lastName: 'Lopez' });
    const invited = invitee({ first_name: 'Joseph', last_name: 'Quill' });
    expect((await post(t, '/business/invite_user', { business_id: businessId, ...invited }, { token })).status).toBe(
      200,
    );
    const found = async (search: string, extra: Record<string, unknown> = {}) => {
      const res = await list(token, { business_id: businessId, search, ...extra });
      expect(res.status, search).toBe(200);
      return res.body;
    };
    const emails = (body: { businessUsers: { user: { email: string } }[] }) =>
      body.businessUsers.map((u) => u.user.email);
    expect(emails(await found('jose nun'))).toEqual([jose.email]);
    expect(await found('JOS')).toMatchObject({ totalCount: 2, usersCount: 1, invitedCount: 1 });
    expect(emails(await found('jos', { user_status: 'ACTIVE' }))).toEqual([jose.email]);
    expect(emails(await found(jose.email.slice(0, 12).toUpperCase()))).toEqual([jose.email]);
    // Wildcards are letters like any other; blank is no search.
    expect((await found('%')).totalCount).toBe(0);
    expect((await found('_')).totalCount).toBe(0);
    expect((await found('   ')).totalCount).toBe((await list(token, { business_id: businessId })).body.totalCount);
  });

  it('answers 400 for a search over 100 characters, and never a 5xx for control characters', async () => {
    const { businessId, token } = await setup();
    expect(await list(token, { business_id: businessId, search: 'a'.repeat(101) })).toMatchObject({
      status: 400,
      body: { message: 'Must be at most 100 characters' },
    });
    expect((await list(token, { business_id: businessId, search: 'a\u0000b\u0007' })).status).toBeLessThan(500);
    expect((await list(token, { business_id: businessId, search: 42 })).status).toBe(400);
  });

  it('answers 400 for an unknown role or status filter', async () => {
    const { businessId, token } = await setup();
    expect((await list(token, { business_id: businessId, user_role: 'OWNER' })).body).toMatchObject({
      message: 'Role must be ALL_ROLE, ADMIN or SALES',
    });
    expect((await list(token, { business_id: businessId, user_status: 'GONE' })).status).toBe(400);
  });
});

describe('/business/invite_user and the BUSINESS_INVITE link', () => {
  it('starts a new person INVITED, e-mails the link, and makes them ACTIVE with the password they choose', async () => {
    const { businessId, token } = await setup();
    const person = invitee();
    const res = await post(t, '/business/invite_user', { business_id: businessId, ...person }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'INVITED', role: 'SALES', user: { userId: 0, email: person.email } });
    const [mail] = await mailsTo(t, person.email);
    expect(mail?.subject).toBe('You are invited to join Summit Payroll Partners on LeadCircle');

    const link = await latestLinkTo(t, person.email);
    const info = await post(t, '/business/get_invite', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
    });
    expect(info.body).toEqual({
      businessName: 'Summit Payroll Partners',
      email: person.email,
      firstName: 'Ivy',
      lastName: person.last_name,
      hasAccount: false,
    });
    // A new account needs its password.
    expect((await accept(person.email)).body).toMatchObject({ message: MESSAGES.passwordRequired });
    const accepted = await accept(person.email, 'Brand-New-Pass-1');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      message: 'You have joined Summit Payroll Partners.',
      session: { userId: expect.any(Number) },
    });
    // They sign in with it, and belong to the business.
    const login = await post(t, '/user/login', { email: person.email, password: 'Brand-New-Pass-1' });
    expect(login.status).toBe(200);
    const me = await post(t, '/user/get', {}, { token: login.body.accessToken });
    expect(me.body).toMatchObject({ role: 'SALES', business: { businessId }, active: true });
    // The link is single use.
    expect((await accept(person.email, 'Another-Pass-2')).body).toMatchObject({ message: MESSAGES.tokenInvalid });
    const rows = await list(token, { business_id: businessId, user_status: 'ACTIVE' });
    expect(rows.body.businessUsers.map((u: { user: { email: string } }) => u.user.email)).toContain(person.email);
  });

  it('lets an existing account join on acceptance without a new password', async () => {
    const { businessId, token } = await setup();
    const { user, accessToken } = await createSignedInUser(t);
    expect(
      (
        await post(
          t,
          '/business/invite_user',
          { business_id: businessId, ...invitee({ email: user.email, role: 'ADMIN' }) },
          { token },
        )
      ).status,
    ).toBe(200);
    const res = await accept(user.email);
    expect(res.body).toEqual({ message: 'You have joined Summit Payroll Partners.', session: null });
    const me = await post(t, '/user/get', {}, { token: accessToken });
    expect(me.body).toMatchObject({ role: 'ADMIN', business: { businessId } });
  });

  it('refuses an address already in the business, a second invite, a status other than INVITED, and bad fields', async () => {
    const { businessId, token, member } = await setup();
    const already = await post(
      t,
      '/business/invite_user',
      { business_id: businessId, ...invitee({ email: member.user.email }) },
      { token },
    );
    expect(already).toMatchObject({ status: 409, body: { code: 'BUSINESS_USER_EXISTS' } });
    const person = invitee();
    expect((await post(t, '/business/invite_user', { business_id: businessId, ...person }, { token })).status).toBe(
      200,
    );
    const twice = await post(t, '/business/invite_user', { business_id: businessId, ...person }, { token });
    expect(twice).toMatchObject({ status: 409, body: { code: 'BUSINESS_USER_INVITED' } });
    const active = await post(
      t,
      '/business/invite_user',
      { business_id: businessId, ...invitee({ status: 'ACTIVE' }) },
      { token },
    );
    expect(active).toMatchObject({ status: 400, body: { code: 'BUSINESS_INVITE_STATUS' } });
    const role = await post(
      t,
      '/business/invite_user',
      { business_id: businessId, ...invitee({ role: 'OWNER' }) },
      { token },
    );
    expect(role).toMatchObject({ status: 400, body: { message: 'Role must be ADMIN or SALES' } });
    const email = await post(
      t,
      '/business/invite_user',
      { business_id: businessId, ...invitee({ email: 'nope' }) },
      { token },
    );
    expect(email).toMatchObject({ status: 400, body: { message: MESSAGES.emailInvalid } });
    const name = await post(
      t,
      '/business/invite_user',
      { business_id: businessId, ...invitee({ first_name: ' ' }) },
      { token },
    );
    expect(name).toMatchObject({ status: 400, body: { message: MESSAGES.firstNameRequired } });
    expect((await list(token, { business_id: businessId })).body.invitedCount).toBe(1);
  });

  it('asks a business without an active subscription to subscribe first', async () => {
    const { businessId, token } = await createAdmin(t, 'Unpaid Co');
    const res = await post(t, '/business/invite_user', { business_id: businessId, ...invitee() }, { token });
    expect(res).toMatchObject({ status: 422, body: { code: 'BUSINESS_SUBSCRIPTION_REQUIRED' } });
  });

  it('refuses a person whose account belongs to another business when they accept', async () => {
    const { businessId, token } = await setup();
    const other = await createAdmin(t, 'Elsewhere Inc');
    const otherMember = await createUser(t, { businessId: other.businessId });
    expect(
      (
        await post(
          t,
          '/business/invite_user',
          { business_id: businessId, ...invitee({ email: otherMember.email }) },
          { token },
        )
      ).status,
    ).toBe(200);
    expect(await accept(otherMember.email)).toMatchObject({
      status: 409,
      body: { code: 'BUSINESS_USER_IN_OTHER_BUSINESS' },
    });
    expect((await findUserRow(t, otherMember.id))?.businessId).toBe(other.businessId);
  });

  it('refuses the link with another address (invalid) and once it is a week old (expired)', async () => {
    const { businessId, token } = await setup();
    const person = invitee();
    expect((await post(t, '/business/invite_user', { business_id: businessId, ...person }, { token })).status).toBe(
      200,
    );
    const link = await latestLinkTo(t, person.email);
    const body = { token: link.searchParams.get('token'), email: 'someone.else@example.com' };
    expect(await post(t, '/business/get_invite', body)).toMatchObject({
      status: 400,
      body: { code: 'BUSINESS_INVITE_INVALID', message: MESSAGES.tokenInvalid },
    });
    expect(await post(t, '/business/accept_invite', { ...body, password: 'Brand-New-Pass-1' })).toMatchObject({
      status: 400,
      body: { code: 'BUSINESS_INVITE_INVALID', message: MESSAGES.tokenInvalid },
    });
    clock.advance(7 * 24 * HOUR_MS);
    expect(await accept(person.email, 'Brand-New-Pass-1')).toMatchObject({
      status: 400,
      body: { code: 'BUSINESS_INVITE_EXPIRED' },
    });
  });

  it('makes one account when the link is accepted twice at once; the other acceptance is told it is invalid', async () => {
    const { businessId, token } = await setup();
    const person = invitee();
    expect((await post(t, '/business/invite_user', { business_id: businessId, ...person }, { token })).status).toBe(
      200,
    );
    const both = await Promise.all([
      accept(person.email, 'Brand-New-Pass-1'),
      accept(person.email, 'Brand-New-Pass-2'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body).toMatchObject({ code: 'BUSINESS_INVITE_INVALID' });
    const rows = await t.db.select().from(businessUsers).where(eq(businessUsers.email, person.email));
    expect(rows).toMatchObject([{ state: 'ACCEPTED', tokenHash: null }]);
  });

  it('answers 400 for a made-up link', async () => {
    const res = await post(t, '/business/accept_invite', {
      token: 'x'.repeat(43),
      email: 'a@example.com',
      password: 'Whatever-123',
    });
    expect(res).toMatchObject({ status: 400, body: { message: MESSAGES.tokenInvalid } });
  });
});

describe('/business/update_user and /business/remove_user', () => {
  it('changes a role, and keeps the last admin and the caller from being demoted or removed', async () => {
    const { businessId, token, member, admin } = await setup();
    const self = await post(
      t,
      '/business/update_user',
      { business_id: businessId, user_id: admin.id, role: 'SALES' },
      { token },
    );
    expect(self).toMatchObject({ status: 422, body: { code: 'BUSINESS_SELF_DEMOTION' } });
    const selfRemove = await post(
      t,
      '/business/remove_user',
      { business_id: businessId, user_id: admin.id },
      { token },
    );
    expect(selfRemove).toMatchObject({ status: 422, body: { code: 'BUSINESS_SELF_REMOVAL' } });

    const promoted = await post(
      t,
      '/business/update_user',
      { business_id: businessId, user_id: member.user.id, role: 'ADMIN' },
      { token },
    );
    expect(promoted.body).toMatchObject({ role: 'ADMIN', status: 'ACTIVE' });
    // Now the other admin demotes the first; the first cannot then demote the last one.
    const demoted = await post(
      t,
      '/business/update_user',
      { business_id: businessId, user_id: admin.id, role: 'SALES' },
      { token: member.token },
    );
    expect(demoted.body).toMatchObject({ role: 'SALES' });
    expect((await findUserRow(t, admin.id))?.role).toBe('SALES');
    const nowSales = await post(
      t,
      '/business/update_user',
      { business_id: businessId, user_id: member.user.id, role: 'SALES' },
      { token },
    );
    expect(nowSales.status).toBe(403);
  });

  it('answers 404 for a user who is not an active user of the business', async () => {
    const { businessId, token } = await setup();
    const outsider = await createUser(t);
    const update = await post(
      t,
      '/business/update_user',
      { business_id: businessId, user_id: outsider.id, role: 'ADMIN' },
      { token },
    );
    expect(update).toMatchObject({ status: 404, body: { code: 'BUSINESS_USER_NOT_FOUND' } });
    expect((await findUserRow(t, outsider.id))?.role).toBe('SALES');
    const res = await post(t, '/business/remove_user', { business_id: businessId, user_id: outsider.id }, { token });
    expect(res).toMatchObject({ status: 404, body: { code: 'BUSINESS_USER_NOT_FOUND' } });
  });

  it('makes a user INACTIVE: they leave the business and lose what it gives them', async () => {
    const { businessId, token, member } = await setup();
    const res = await post(t, '/business/remove_user', { business_id: businessId, user_id: member.user.id }, { token });
    expect(res.body).toMatchObject({ status: 'INACTIVE', user: { userId: member.user.id } });
    const me = await post(t, '/user/get', {}, { token: member.token });
    expect(me.body).toMatchObject({ business: null, active: false, hasPaymentMethod: false });
    expect((await post(t, '/business/get_by_user', {}, { token: member.token })).status).toBe(404);
    // Removing them again finds no active user.
    expect(
      (await post(t, '/business/remove_user', { business_id: businessId, user_id: member.user.id }, { token })).status,
    ).toBe(404);
  });
});

describe('seats', () => {
  const quantityOf = async (businessId: number) =>
    (await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.businessId, businessId)))[0]
      ?.quantity;

  it('charges the next invoice for the active users: an accepted invite adds a seat, INACTIVE takes one away', async () => {
    const { businessId, token, member, admin } = await setup('Seat Counters');
    expect(await quantityOf(businessId)).toBe(1); // subscribed before the member joined
    await billingCycleJob.run(t.deps);
    expect(await quantityOf(businessId)).toBe(2); // the periodic re-sync caught the member

    const person = invitee();
    await post(t, '/business/invite_user', { business_id: businessId, ...person }, { token });
    expect(await quantityOf(businessId)).toBe(2); // an invited person takes no seat
    await accept(person.email, 'Brand-New-Pass-1');
    expect(await quantityOf(businessId)).toBe(3);
    await post(t, '/business/remove_user', { business_id: businessId, user_id: member.user.id }, { token });
    expect(await quantityOf(businessId)).toBe(2);
    expect((await post(t, '/billing/get', {}, { token })).body).toMatchObject({ activeUsers: 2 });

    // The next invoice: two seats at 49.99, no proration for the month's changes.
    clock.advance(31 * 24 * 3600_000);
    await billingCycleJob.run(t.deps);
    const invoices = await post(t, '/billing/get_stripe_invoices', {}, { token: await tokenFor(t, admin.id) });
    expect(invoices.body.invoices[0]).toMatchObject({ amountPaid: 99.98, status: 'paid' });
  });
});

describe('CSV export', () => {
  it('has the headers Name, Email Address, Role, Status, Added At (MM/DD/YYYY HH:mm) and every row', async () => {
    const { businessId, token, admin } = await createAdmin(t, 'Csv Co').then(async (o) => {
      await subscribe(t, o.token);
      return o;
    });
    const person = invitee({ first_name: '=cmd' });
    await post(t, '/business/invite_user', { business_id: businessId, ...person }, { token });
    const res = await exportCsv(token, businessId, 'America/New_York');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Name,Email Address,Role,Status,Added At');
    expect(lines[1]).toMatch(
      new RegExp(`^Ada Admin,${admin.email.replace(/\./g, '\\.')},ADMIN,ACTIVE,\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}$`),
    );
    // Formula-looking names are defused; the invite was made at 07:00 in New York (12:00 UTC + 31 days moved above).
    expect(lines[2]).toMatch(/^'=cmd Invitee\d+,.*,SALES,INVITED,\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });
});
