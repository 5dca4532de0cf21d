import { GROUP_MESSAGES, MESSAGES, PAGE_SIZE } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, users } from '../../src/db/schema/index.js';
import { createGroup, createGroupWithMembers, createPayingUser } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead, leadNotFound, notMember, ownerOnly } from '../leads.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A group with 3 leads of the owner and 1 of the member. */
async function groupWithLeads() {
  const ctx = await createGroupWithMembers(t);
  const g = ctx.group.groupId;
  const lead = await insertLead(t, { groupId: g, createdBy: ctx.owner.user.id });
  await insertLead(t, { groupId: g, createdBy: ctx.owner.user.id });
  await insertLead(t, { groupId: g, createdBy: ctx.owner.user.id });
  await insertLead(t, { groupId: g, createdBy: ctx.member.user.id });
  return { ...ctx, lead };
}

describe('/lead/assign', () => {
  type Ctx = Awaited<ReturnType<typeof groupWithLeads>>;
  const assign = (c: Ctx, token: string | undefined, over: Record<string, unknown> = {}) =>
    post(
      t,
      '/lead/assign',
      { group_id: c.group.groupId, lead_id: c.lead.id, user_id: c.member.user.id, ...over },
      token ? { token } : {},
    );

  it('lets the owner assign the lead to a member and answers the lead with assignedTo', async () => {
    const ctx = await groupWithLeads();
    const res = await assign(ctx, ctx.owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      leadId: ctx.lead.id,
      assignedTo: { userId: ctx.member.user.id, fullName: `${ctx.member.user.firstName} ${ctx.member.user.lastName}` },
    });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, ctx.lead.id));
    expect(row!.assignedTo).toBe(ctx.member.user.id);
    // The owner may take it back themselves.
    const self = await assign(ctx, ctx.owner.token, { user_id: ctx.owner.user.id });
    expect(self.body.assignedTo.userId).toBe(ctx.owner.user.id);
  });

  it('answers 401, 403 to a non-member, 403 LEAD_OWNER_ONLY to a member assigning someone else; nothing changes', async () => {
    const ctx = await groupWithLeads();
    expect((await assign(ctx, undefined)).status).toBe(401);
    expect(await assign(ctx, ctx.stranger.token)).toMatchObject({ status: 403, body: notMember });
    // A member may only take a lead for themselves (outcomes.test.ts); giving it to another is the owner's.
    expect(await assign(ctx, ctx.member.token, { user_id: ctx.owner.user.id })).toMatchObject({
      status: 403,
      body: ownerOnly,
    });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, ctx.lead.id));
    expect(row!.assignedTo).toBeNull();
  });

  it('answers 404 GROUP_MEMBER_NOT_FOUND for a user outside the group, or hidden', async () => {
    const ctx = await groupWithLeads();
    const outside = await assign(ctx, ctx.owner.token, { user_id: ctx.stranger.user.id });
    expect(outside).toMatchObject({
      status: 404,
      body: { code: 'GROUP_MEMBER_NOT_FOUND', message: GROUP_MESSAGES.memberNotFound },
    });
    const missing = await assign(ctx, ctx.owner.token, { user_id: 999999 });
    expect(missing).toMatchObject({ status: 404, body: { code: 'GROUP_MEMBER_NOT_FOUND' } });
    await t.db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, ctx.member.user.id));
    const hidden = await assign(ctx, ctx.owner.token);
    expect(hidden).toMatchObject({ status: 404, body: { code: 'GROUP_MEMBER_NOT_FOUND' } });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, ctx.lead.id));
    expect(row!.assignedTo).toBeNull();
  });

  it('answers 404 for a missing lead or a lead of another group, 400 for bad ids', async () => {
    const ctx = await groupWithLeads();
    const other = await groupWithLeads();
    expect(await assign(ctx, ctx.owner.token, { lead_id: 999999 })).toMatchObject({ status: 404, body: leadNotFound });
    expect(await assign(ctx, ctx.owner.token, { lead_id: other.lead.id })).toMatchObject({
      status: 404,
      body: leadNotFound,
    });
    expect(await assign(ctx, ctx.owner.token, { user_id: 'x' })).toMatchObject({ status: 400 });
    expect(await assign(ctx, ctx.owner.token, { user_id: undefined })).toMatchObject({ status: 400 });
  });

  it('shows "Deleted user" as the assignee once their account is hidden', async () => {
    const ctx = await groupWithLeads();
    await assign(ctx, ctx.owner.token);
    await t.db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, ctx.member.user.id));
    const res = await post(t, '/lead/get', { lead_id: ctx.lead.id }, { token: ctx.owner.token });
    expect(res.body.assignedTo).toEqual({ userId: ctx.member.user.id, fullName: MESSAGES.deletedUserName });
  });
});

describe('/lead/group_stats', () => {
  it("counts the leads of the caller's groups when no id is named", async () => {
    const ctx = await groupWithLeads();
    const second = await createGroup(t, ctx.owner.token);
    const res = await post(t, '/lead/group_stats', {}, { token: ctx.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.groups).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ groupId: ctx.group.groupId, leadsCount: 4 }),
        expect.objectContaining({ groupId: second.groupId, leadsCount: 0 }),
      ]),
    );
    expect(res.body.groups).toHaveLength(2);
    const empty = await post(t, '/lead/group_stats', { ids: [] }, { token: ctx.member.token });
    expect(empty.body).toEqual({ groups: [expect.objectContaining({ groupId: ctx.group.groupId, leadsCount: 4 })] });
  });

  it('counts named groups of the caller; 401, 403 for a group they are not in, 404 for a missing one', async () => {
    const ctx = await groupWithLeads();
    const other = await groupWithLeads();
    const named = await post(t, '/lead/group_stats', { ids: [ctx.group.groupId] }, { token: ctx.member.token });
    expect(named.body).toEqual({ groups: [expect.objectContaining({ groupId: ctx.group.groupId, leadsCount: 4 })] });
    expect((await post(t, '/lead/group_stats', {})).status).toBe(401);
    const foreign = await post(
      t,
      '/lead/group_stats',
      { ids: [ctx.group.groupId, other.group.groupId] },
      { token: ctx.member.token },
    );
    expect(foreign).toMatchObject({ status: 403, body: notMember });
    const missing = await post(t, '/lead/group_stats', { ids: [999999] }, { token: ctx.member.token });
    expect(missing).toMatchObject({ status: 404, body: { code: 'GROUP_NOT_FOUND' } });
    const tooMany = Array.from({ length: PAGE_SIZE + 1 }, (_, i) => i + 1);
    expect((await post(t, '/lead/group_stats', { ids: tooMany }, { token: ctx.member.token })).status).toBe(400);
  });
});

describe('/lead/user_stats', () => {
  it('counts the leads each member submitted, per group', async () => {
    const ctx = await groupWithLeads();
    const res = await post(t, '/lead/user_stats', { search_ids: [ctx.group.groupId] }, { token: ctx.member.token });
    expect(res.status).toBe(200);
    expect(res.body.usersStats).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ groupId: ctx.group.groupId, userId: ctx.owner.user.id, leadsSubmitted: 3 }),
        expect.objectContaining({ groupId: ctx.group.groupId, userId: ctx.member.user.id, leadsSubmitted: 1 }),
      ]),
    );
    expect(res.body.usersStats).toHaveLength(2);
    const filtered = await post(
      t,
      '/lead/user_stats',
      { filter_ids: [ctx.member.user.id] },
      { token: ctx.owner.token },
    );
    expect(filtered.body).toEqual({
      usersStats: [
        expect.objectContaining({ groupId: ctx.group.groupId, userId: ctx.member.user.id, leadsSubmitted: 1 }),
      ],
    });
  });

  it('answers 401, 403 for a group the caller is not in, 404 for a missing group', async () => {
    const ctx = await groupWithLeads();
    expect((await post(t, '/lead/user_stats', {})).status).toBe(401);
    const foreign = await post(
      t,
      '/lead/user_stats',
      { search_ids: [ctx.group.groupId] },
      { token: ctx.stranger.token },
    );
    expect(foreign).toMatchObject({ status: 403, body: notMember });
    const missing = await post(t, '/lead/user_stats', { search_ids: [999999] }, { token: ctx.stranger.token });
    expect(missing).toMatchObject({ status: 404, body: { code: 'GROUP_NOT_FOUND' } });
  });
});

describe('the group calls count real leads now', () => {
  it('/group/list and /group/get show leadsCount, /group/stats shows leadsSubmitted', async () => {
    const ctx = await groupWithLeads();
    const listed = await post(t, '/group/list', { start_position: 0, get_next: 50 }, { token: ctx.member.token });
    expect(listed.body.groups).toEqual([expect.objectContaining({ groupId: ctx.group.groupId, leadsCount: 4 })]);
    const got = await post(t, '/group/get', { group_id: ctx.group.groupId }, { token: ctx.owner.token });
    expect(got.body.leadsCount).toBe(4);
    const stats = await post(t, '/group/stats', { search_ids: [ctx.group.groupId] }, { token: ctx.owner.token });
    expect(stats.body.groups).toEqual([
      {
        groupId: ctx.group.groupId,
        usersStats: expect.arrayContaining([
          expect.objectContaining({ userId: ctx.owner.user.id, leadsSubmitted: 3 }),
          expect.objectContaining({ userId: ctx.member.user.id, leadsSubmitted: 1 }),
        ]),
      },
    ]);
    // A lead of the same member in another group is not counted in this one.
    const elsewhere = await createPayingUser(t);
    const otherGroup = await createGroup(t, elsewhere.token);
    await insertLead(t, { groupId: otherGroup.groupId, createdBy: elsewhere.user.id });
    const again = await post(t, '/group/get', { group_id: ctx.group.groupId }, { token: ctx.owner.token });
    expect(again.body.leadsCount).toBe(4);
  });
});
