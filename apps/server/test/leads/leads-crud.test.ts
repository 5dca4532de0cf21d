import { LEAD_MESSAGES, MESSAGES } from '@leadcircle/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, chatMessages, chatRooms, leadRatings, leads, users } from '../../src/db/schema/index.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead, leadNotFound, leadPayload, notMember, ownerOnly } from '../leads.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type Ctx = Awaited<ReturnType<typeof createGroupWithMembers>>;
type Who = 'anonymous' | 'stranger' | 'member' | 'owner';

const leadRow = async (id: number) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0];
const tokenOf = (ctx: Ctx, who: Who) => (who === 'anonymous' ? {} : { token: ctx[who].token });

/** A group whose owner submitted a lead: "owner" owns the lead, "member" is another member. */
async function groupWithLead() {
  const ctx = await createGroupWithMembers(t);
  const now = clock.now();
  const lead = await insertLead(t, {
    groupId: ctx.group.groupId,
    createdBy: ctx.owner.user.id,
    createdAt: now,
    updatedAt: now,
    lastActivityAt: now,
  });
  return { ...ctx, lead };
}

/** Calls a lead call as each kind of caller, each on a fresh group with a lead of the owner's. */
async function asEach(path: string, body: (ctx: Awaited<ReturnType<typeof groupWithLead>>) => unknown) {
  const out = {} as Record<Who, Awaited<ReturnType<typeof post>>>;
  for (const who of ['anonymous', 'stranger', 'member', 'owner'] as Who[]) {
    const ctx = await groupWithLead();
    out[who] = await post(t, path, body(ctx), tokenOf(ctx, who));
  }
  return out;
}

describe('/lead/create', () => {
  it("records a 'NEW_LEAD' activity in the group, by the caller, with the lead", async () => {
    const ctx = await createGroupWithMembers(t);
    const res = await post(
      t,
      '/lead/create',
      { group_id: ctx.group.groupId, lead: leadPayload() },
      { token: ctx.member.token },
    );
    expect(res.status).toBe(200);
    // The member's join is activity of the group too; the lead's is NEW_LEAD.
    const rows = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.groupId, ctx.group.groupId), eq(activities.type, 'NEW_LEAD')));
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        type: 'NEW_LEAD',
        actorUserId: ctx.member.user.id,
        groupId: ctx.group.groupId,
        opportunityId: null,
        data: { newLead: { leadId: res.body.leadId } },
        createdAt: clock.now(),
        // Waiting for the notification-email job.
        mailPending: true,
      },
    ]);
  });

  it('records no activity when the lead is refused', async () => {
    const ctx = await createGroupWithMembers(t);
    const res = await post(
      t,
      '/lead/create',
      { group_id: ctx.group.groupId, lead: leadPayload() },
      { token: ctx.stranger.token },
    );
    expect(res.status).toBe(403);
    // The member's join is activity of the group too; the lead's is NEW_LEAD.
    const rows = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.groupId, ctx.group.groupId), eq(activities.type, 'NEW_LEAD')));
    expect(rows).toEqual([]);
  });

  it('stores the lead and its room in one go, the caller as owner, and answers it as the lead schema', async () => {
    const ctx = await createGroupWithMembers(t);
    const payload = leadPayload({ first_name: '  Avery ', phone: '+1 (212) 555-0147', notes: '' });
    const res = await post(
      t,
      '/lead/create',
      { group_id: ctx.group.groupId, lead: payload },
      { token: ctx.member.token },
    );
    expect(res.status).toBe(200);
    const now = clock.now().toISOString();
    expect(res.body).toEqual({
      leadId: expect.any(Number),
      groupId: ctx.group.groupId,
      firstName: 'Avery',
      lastName: payload.last_name,
      fullName: `Avery ${payload.last_name}`,
      title: 'Head of Procurement',
      company: 'Northwind Traders',
      phone: '+12125550147',
      email: payload.email,
      linkedin: 'linkedin.com/in/avery-buyer',
      notes: null,
      address: {
        streetOne: '350 Fifth Avenue',
        streetTwo: 'Floor 21',
        city: 'New York',
        stateAbbrv: 'NY',
        postal: '10118',
        placeId: null,
        latitude: 40.7484,
        longitude: -73.9857,
      },
      createdBy: ctx.member.user.id,
      ownerName: `${ctx.member.user.firstName} ${ctx.member.user.lastName}`,
      isOwner: true,
      assignedTo: null,
      rating: { rating: null, userRating: null, count: 0 },
      roomId: expect.any(Number),
      createdAt: now,
      lastActivityAt: now,
      outcome: null,
      duplicateOfLeadId: null,
    });
    const [room] = await t.db.select().from(chatRooms).where(eq(chatRooms.leadId, res.body.leadId));
    expect(room).toMatchObject({ id: res.body.roomId, kind: 'LEAD', groupId: ctx.group.groupId });
    const row = await leadRow(res.body.leadId);
    expect(row).toMatchObject({ createdBy: ctx.member.user.id, notes: null, updatedAt: clock.now() });
  });

  it('fills missing coordinates from the ZIP table, and keeps them null for an unknown ZIP', async () => {
    const ctx = await createGroupWithMembers(t);
    const base = leadPayload().address;
    const known = await post(
      t,
      '/lead/create',
      {
        group_id: ctx.group.groupId,
        lead: leadPayload({ address: { ...base, latitude: undefined, longitude: null, street_two: '' } }),
      },
      { token: ctx.owner.token },
    );
    expect(known.status).toBe(200);
    expect(known.body.address).toMatchObject({ streetTwo: null, latitude: 40.749, longitude: -73.9865 });
    const unknown = await post(
      t,
      '/lead/create',
      {
        group_id: ctx.group.groupId,
        lead: leadPayload({ address: { ...base, postal: '00000', latitude: null, longitude: null } }),
      },
      { token: ctx.owner.token },
    );
    expect(unknown.status).toBe(200);
    expect(unknown.body.address).toMatchObject({ postal: '00000', latitude: null, longitude: null });
  });

  it('stores empty contact fields as null when another contact is given', async () => {
    const ctx = await createGroupWithMembers(t);
    const res = await post(
      t,
      '/lead/create',
      { group_id: ctx.group.groupId, lead: leadPayload({ email: '', phone: '', linkedin: 'linkedin.com/in/x' }) },
      { token: ctx.owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: null, phone: null, linkedin: 'linkedin.com/in/x' });
  });

  it('answers 401 to anonymous, 403 to a non-member and 404 for a missing group; nothing is stored', async () => {
    const ctx = await createGroupWithMembers(t);
    const body = { group_id: ctx.group.groupId, lead: leadPayload() };
    expect((await post(t, '/lead/create', body)).status).toBe(401);
    expect(await post(t, '/lead/create', body, { token: ctx.stranger.token })).toMatchObject({
      status: 403,
      body: notMember,
    });
    const missing = await post(t, '/lead/create', { ...body, group_id: 999999 }, { token: ctx.owner.token });
    expect(missing).toMatchObject({ status: 404, body: { code: 'GROUP_NOT_FOUND' } });
    const [n] = await t.db.select({ n: count() }).from(leads).where(eq(leads.groupId, ctx.group.groupId));
    expect(n!.n).toBe(0);
  });

  describe('refuses each rule of the lead form with its message, storing nothing', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['first name missing', { first_name: '' }, 'First name is required'],
      ['first name blank', { first_name: '   ' }, 'First name is required'],
      ['last name missing', { last_name: undefined }, 'Last name is required'],
      ['company missing', { company: '' }, 'Company is required'],
      ['title missing', { title: '' }, 'Position is required'],
      ['first name over 50', { first_name: 'x'.repeat(51) }, 'Must be less than 50 characters'],
      ['company over 50', { company: 'x'.repeat(51) }, 'Must be less than 50 characters'],
      ['an invalid email', { email: 'not-an-email' }, 'Must be a valid email'],
      ['an email over 300', { email: `${'a'.repeat(300)}@x.com` }, 'Must be less than 300 characters'],
      ['an invalid phone', { phone: '555-01' }, 'Must be a valid phone number'],
      ['a LinkedIn URL without /in/', { linkedin: 'linkedin.com/company/x' }, LEAD_MESSAGES.linkedinFormat],
      ['a LinkedIn URL over 50', { linkedin: `linkedin.com/in/${'x'.repeat(40)}` }, 'Must be less than 50 characters'],
      ['no contact at all', { email: '', phone: '', linkedin: '' }, 'You must have one of phone, email or linkedin'],
      [
        'no contact fields sent',
        { email: undefined, phone: undefined, linkedin: undefined },
        LEAD_MESSAGES.contactRequired,
      ],
      ['no address', { address: null }, 'Address is required'],
      ['an absent address', { address: undefined }, 'Address is required'],
      ['notes over 1000', { notes: 'n'.repeat(1001) }, 'Must be less than 1000 characters'],
      ['a bad ZIP', { address: { ...leadPayload().address, postal: '1234' } }, LEAD_MESSAGES.postalInvalid],
      ['a bad state', { address: { ...leadPayload().address, state_abbrv: 'ZZ' } }, LEAD_MESSAGES.stateRequired],
      ['no street', { address: { ...leadPayload().address, street_one: '' } }, LEAD_MESSAGES.streetRequired],
    ];
    let ctx: Ctx;
    beforeAll(async () => {
      ctx = await createGroupWithMembers(t);
    });
    it.each(cases)('%s', async (_name, override, message) => {
      const res = await post(
        t,
        '/lead/create',
        { group_id: ctx.group.groupId, lead: leadPayload(override) },
        { token: ctx.owner.token },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
      const [n] = await t.db.select({ n: count() }).from(leads).where(eq(leads.groupId, ctx.group.groupId));
      expect(n!.n).toBe(0);
    });

    it('refuses a lead_id other than 0 and unknown fields', async () => {
      const withId = await post(
        t,
        '/lead/create',
        { group_id: ctx.group.groupId, lead: leadPayload({ lead_id: 7 }) },
        { token: ctx.owner.token },
      );
      expect(withId.status).toBe(400);
      const extra = await post(
        t,
        '/lead/create',
        { group_id: ctx.group.groupId, lead: leadPayload({ rating_sum: 50 }) },
        { token: ctx.owner.token },
      );
      expect(extra.status).toBe(400);
      expect(extra.body.message).toMatch(/rating_sum/);
    });
  });
});

describe('/lead/get', () => {
  it('answers members of the lead group, 401/403/404 to the others', async () => {
    const r = await asEach('/lead/get', (c) => ({ lead_id: c.lead.id }));
    expect(r.anonymous.status).toBe(401);
    expect(r.stranger).toMatchObject({ status: 403, body: notMember });
    expect(r.member).toMatchObject({ status: 200, body: { isOwner: false, company: 'Contoso Logistics' } });
    expect(r.owner).toMatchObject({ status: 200, body: { isOwner: true } });
    const ctx = await groupWithLead();
    expect(await post(t, '/lead/get', { lead_id: 999999 }, { token: ctx.owner.token })).toMatchObject({
      status: 404,
      body: leadNotFound,
    });
    expect((await post(t, '/lead/get', { lead_id: 'abc' }, { token: ctx.owner.token })).status).toBe(400);
  });

  it('shows the assignee, the rating average, the caller’s own rating, and "Deleted user" for a hidden owner', async () => {
    const ctx = await groupWithLead();
    await t.db
      .update(leads)
      .set({ ratingSum: 9, ratingCount: 2, assignedTo: ctx.member.user.id })
      .where(eq(leads.id, ctx.lead.id));
    await t.db
      .insert(leadRatings)
      .values({ leadId: ctx.lead.id, userId: ctx.member.user.id, kind: 'QUALITY', rating: 4 });
    await t.db
      .insert(leadRatings)
      .values({ leadId: ctx.lead.id, userId: ctx.member.user.id, kind: 'RELEVANCY', rating: 1 });
    const res = await post(t, '/lead/get', { lead_id: ctx.lead.id }, { token: ctx.member.token });
    expect(res.body).toMatchObject({
      rating: { rating: 4.5, userRating: 4, count: 2 },
      assignedTo: { userId: ctx.member.user.id, fullName: `${ctx.member.user.firstName} ${ctx.member.user.lastName}` },
      ownerName: `${ctx.owner.user.firstName} ${ctx.owner.user.lastName}`,
      roomId: ctx.lead.roomId,
    });
    await t.db.update(users).set({ deletionRequestedAt: clock.now() }).where(eq(users.id, ctx.owner.user.id));
    const hidden = await post(t, '/lead/get', { lead_id: ctx.lead.id }, { token: ctx.member.token });
    expect(hidden.body).toMatchObject({ ownerName: MESSAGES.deletedUserName, isOwner: false });
  });

  it('rounds the average to one decimal', async () => {
    const ctx = await groupWithLead();
    await t.db.update(leads).set({ ratingSum: 10, ratingCount: 3 }).where(eq(leads.id, ctx.lead.id));
    const res = await post(t, '/lead/get', { lead_id: ctx.lead.id }, { token: ctx.owner.token });
    expect(res.body.rating).toEqual({ rating: 3.3, userRating: null, count: 3 });
  });
});

describe('/lead/update', () => {
  const update = (c: Awaited<ReturnType<typeof groupWithLead>>, overrides: Record<string, unknown> = {}) => {
    const { lead_id: _id, ...fields } = leadPayload({ company: 'Fabrikam', ...overrides });
    return { lead_id: c.lead.id, group_id: c.group.groupId, ...fields };
  };

  it('lets only the owner change the lead: 401, 403 non-member, 403 LEAD_OWNER_ONLY, 200', async () => {
    const r = await asEach('/lead/update', (c) => update(c));
    expect(r.anonymous.status).toBe(401);
    expect(r.stranger).toMatchObject({ status: 403, body: notMember });
    expect(r.member).toMatchObject({ status: 403, body: ownerOnly });
    expect(r.owner).toMatchObject({ status: 200, body: { company: 'Fabrikam', isOwner: true } });
  });

  it('bumps updatedAt and lastActivityAt and replaces the fields', async () => {
    const ctx = await groupWithLead();
    clock.advance(60_000);
    const res = await post(t, '/lead/update', update(ctx, { email: '', phone: '2125550147' }), {
      token: ctx.owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ company: 'Fabrikam', email: null, phone: '2125550147' });
    expect(res.body.lastActivityAt).toBe(clock.now().toISOString());
    const row = await leadRow(ctx.lead.id);
    expect(row!.updatedAt).toEqual(clock.now());
    expect(row!.createdAt).toEqual(new Date(clock.now().getTime() - 60_000));
  });

  it('answers 404 for a missing lead and for a lead of another group passed with this group’s id', async () => {
    const ctx = await groupWithLead();
    const other = await groupWithLead();
    // The other group's owner is a member of neither; use a member of both: the owner of ctx owns its lead.
    const foreign = await post(
      t,
      '/lead/update',
      { ...update(ctx), lead_id: other.lead.id },
      { token: ctx.owner.token },
    );
    expect(foreign).toMatchObject({ status: 404, body: leadNotFound });
    // Even the lead's own owner cannot move it by naming another group.
    const moved = await post(
      t,
      '/lead/update',
      { ...update(other), group_id: ctx.group.groupId },
      { token: other.owner.token },
    );
    expect(moved).toMatchObject({ status: 404, body: leadNotFound });
    const missing = await post(t, '/lead/update', { ...update(ctx), lead_id: 999999 }, { token: ctx.owner.token });
    expect(missing).toMatchObject({ status: 404, body: leadNotFound });
    expect((await leadRow(other.lead.id))!.company).toBe('Contoso Logistics');
  });

  it('refuses invalid fields with their messages and changes nothing', async () => {
    const ctx = await groupWithLead();
    const before = await leadRow(ctx.lead.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '' }, 'First name is required'],
      [{ email: '', phone: '', linkedin: '' }, 'You must have one of phone, email or linkedin'],
      [{ phone: '12345' }, 'Must be a valid phone number'],
      [{ address: null }, 'Address is required'],
      [{ notes: 'n'.repeat(1001) }, 'Must be less than 1000 characters'],
    ];
    for (const [override, message] of cases) {
      const res = await post(t, '/lead/update', update(ctx, override), { token: ctx.owner.token });
      expect(res).toMatchObject({ status: 400, body: { message } });
    }
    expect(await leadRow(ctx.lead.id)).toEqual(before);
  });
});

describe('/lead/delete', () => {
  it('lets only the owner delete: 401, 403 non-member, 403 LEAD_OWNER_ONLY, 200', async () => {
    const r = await asEach('/lead/delete', (c) => ({ lead_id: c.lead.id }));
    expect(r.anonymous.status).toBe(401);
    expect(r.stranger).toMatchObject({ status: 403, body: notMember });
    expect(r.member).toMatchObject({ status: 403, body: ownerOnly });
    expect(r.owner).toEqual(expect.objectContaining({ status: 200, body: { message: LEAD_MESSAGES.deleted } }));
  });

  it('removes the ratings, the room and its messages with the lead; 404 afterwards', async () => {
    const ctx = await groupWithLead();
    await t.db
      .insert(leadRatings)
      .values({ leadId: ctx.lead.id, userId: ctx.member.user.id, kind: 'QUALITY', rating: 5 });
    await t.db
      .insert(chatMessages)
      .values({ roomId: ctx.lead.roomId, userId: ctx.member.user.id, message: 'Called them' });
    const res = await post(t, '/lead/delete', { lead_id: ctx.lead.id }, { token: ctx.owner.token });
    expect(res.status).toBe(200);
    expect(await leadRow(ctx.lead.id)).toBeUndefined();
    expect(await t.db.select().from(leadRatings).where(eq(leadRatings.leadId, ctx.lead.id))).toEqual([]);
    expect(await t.db.select().from(chatRooms).where(eq(chatRooms.id, ctx.lead.roomId))).toEqual([]);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.roomId, ctx.lead.roomId))).toEqual([]);
    const again = await post(t, '/lead/delete', { lead_id: ctx.lead.id }, { token: ctx.owner.token });
    expect(again).toMatchObject({ status: 404, body: leadNotFound });
  });

  it('keeps the lead when a member tries', async () => {
    const ctx = await groupWithLead();
    await post(t, '/lead/delete', { lead_id: ctx.lead.id }, { token: ctx.member.token });
    expect(await leadRow(ctx.lead.id)).toBeDefined();
  });
});
