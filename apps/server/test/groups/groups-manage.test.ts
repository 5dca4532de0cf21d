import { GROUP_MESSAGES, PAGE_SIZE } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups, users } from '../../src/db/schema/index.js';
import { createGroup, createGroupWithMembers, createPayingUser } from '../groups.js';
import { findUserRow, post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const membersOf = (id: number) => t.db.select().from(groupMembers).where(eq(groupMembers.groupId, id));
const groupRow = async (id: number) => (await t.db.select().from(groups).where(eq(groups.id, id)))[0];

type Who = 'anonymous' | 'stranger' | 'member' | 'owner';
/** Calls a group call as each kind of caller. */
async function asEach(
  path: string,
  body: (ctx: Awaited<ReturnType<typeof createGroupWithMembers>>) => Record<string, unknown>,
): Promise<Record<Who, Awaited<ReturnType<typeof post>>>> {
  const out = {} as Record<Who, Awaited<ReturnType<typeof post>>>;
  for (const who of ['anonymous', 'stranger', 'member', 'owner'] as Who[]) {
    const ctx = await createGroupWithMembers(t);
    const token = who === 'anonymous' ? undefined : ctx[who].token;
    out[who] = await post(t, path, body(ctx), token ? { token } : {});
  }
  return out;
}

describe('the permission matrix: anonymous 401, non-member 403, member, owner', () => {
  const notMember = { code: 'GROUP_NOT_MEMBER', message: GROUP_MESSAGES.notMember };
  const ownerOnly = { code: 'GROUP_OWNER_ONLY', message: GROUP_MESSAGES.ownerOnly };

  it('/group/get: members and the owner read the group', async () => {
    const r = await asEach('/group/get', (c) => ({ group_id: c.group.groupId }));
    expect(r.anonymous.status).toBe(401);
    expect(r.stranger).toMatchObject({ status: 403, body: notMember });
    expect(r.member).toMatchObject({ status: 200, body: { isOwner: false, userRole: 'MEMBER', usersCount: 2 } });
    expect(r.owner).toMatchObject({ status: 200, body: { isOwner: true, userRole: 'OWNER', usersCount: 2 } });
  });

  it('/group/update: only the owner changes name and description', async () => {
    const r = await asEach('/group/update', (c) => ({
      group_id: c.group.groupId,
      name: `Renamed ${c.group.groupId}`,
      description: 'A new description',
    }));
    expect(r.anonymous.status).toBe(401);
    expect(r.stranger).toMatchObject({ status: 403, body: notMember });
    expect(r.member).toMatchObject({ status: 403, body: ownerOnly });
    expect(r.owner.status).toBe(200);
    expect(r.owner.body).toMatchObject({ name: expect.stringMatching(/^Renamed /), description: 'A new description' });
  });

  it('/group/user/update: a member and the owner change their own product', async () => {
    const r = await asEach('/group/user/update', (c) => ({ group_id: c.group.groupId, user_id: 0, product: 'x' }));
    // user_id 0 is refused by the schema before any permission: use real ids below.
    expect(r.anonymous.status).toBe(401);
    const ctx = await createGroupWithMembers(t);
    const g = ctx.group.groupId;
    const stranger = await post(
      t,
      '/group/user/update',
      { group_id: g, user_id: ctx.stranger.user.id, product: 'Payroll' },
      { token: ctx.stranger.token },
    );
    expect(stranger).toMatchObject({ status: 403, body: notMember });
    const member = await post(
      t,
      '/group/user/update',
      { group_id: g, user_id: ctx.member.user.id, product: '  Payroll  ' },
      { token: ctx.member.token },
    );
    expect(member).toMatchObject({ status: 200, body: { myProduct: 'Payroll' } });
    const owner = await post(
      t,
      '/group/user/update',
      { group_id: g, user_id: ctx.owner.user.id, product: '' },
      { token: ctx.owner.token },
    );
    expect(owner).toMatchObject({ status: 200, body: { myProduct: null } });
    // Not someone else's product, not a role change, not a short product.
    const others = await post(
      t,
      '/group/user/update',
      { group_id: g, user_id: ctx.member.user.id, product: 'Hijack' },
      { token: ctx.owner.token },
    );
    expect(others).toMatchObject({ status: 403, body: { code: 'GROUP_USER_SELF_ONLY' } });
    const role = await post(
      t,
      '/group/user/update',
      { group_id: g, user_id: ctx.member.user.id, user_role: 'OWNER' },
      { token: ctx.member.token },
    );
    expect(role).toMatchObject({ status: 403, body: ownerOnly });
    const short = await post(
      t,
      '/group/user/update',
      { group_id: g, user_id: ctx.member.user.id, product: 'ab' },
      { token: ctx.member.token },
    );
    expect(short).toMatchObject({ status: 400, body: { message: 'Must be at least 3 characters long' } });
    const long = await post(
      t,
      '/group/user/update',
      { group_id: g, user_id: ctx.member.user.id, product: 'x'.repeat(101) },
      { token: ctx.member.token },
    );
    expect(long).toMatchObject({ status: 400, body: { message: 'Must be less than 100 characters long' } });
    const rows = await membersOf(g);
    expect(rows.find((m) => m.userId === ctx.member.user.id)?.product).toBe('Payroll');
  });

  it('/group/delete: only the owner deletes the group', async () => {
    const r = await asEach('/group/delete', (c) => ({ group_id: c.group.groupId }));
    expect(r.anonymous.status).toBe(401);
    expect(r.stranger).toMatchObject({ status: 403, body: notMember });
    expect(r.member).toMatchObject({ status: 403, body: ownerOnly });
    expect(r.owner).toMatchObject({ status: 200, body: { message: GROUP_MESSAGES.deleted } });
  });

  it('/user/get_users_by_group: members see the members, the owner first', async () => {
    const r = await asEach('/user/get_users_by_group', (c) => ({ group_id: c.group.groupId }));
    expect(r.anonymous.status).toBe(401);
    expect(r.stranger).toMatchObject({ status: 403, body: notMember });
    for (const who of ['member', 'owner'] as const) {
      expect(r[who].status).toBe(200);
      expect(r[who].body.totalCount).toBe(2);
      expect(r[who].body.users.map((u: { userRole: string }) => u.userRole)).toEqual(['OWNER', 'MEMBER']);
    }
  });

  it('/user/notification_settings and the group form of /user/update_notifications: members only', async () => {
    const r = await asEach('/user/notification_settings', (c) => ({ group_id: c.group.groupId }));
    expect(r.anonymous.status).toBe(401);
    expect(r.stranger).toMatchObject({ status: 403, body: notMember });
    expect(r.member).toMatchObject({ status: 200, body: { enableEmail: true } });
    expect(r.owner).toMatchObject({ status: 200, body: { enableEmail: true } });
    const u = await asEach('/user/update_notifications', (c) => ({ group_id: c.group.groupId, enableEmail: false }));
    expect(u.anonymous.status).toBe(401);
    expect(u.stranger).toMatchObject({ status: 403, body: notMember });
    expect(u.member.status).toBe(200);
    expect(u.owner.status).toBe(200);
  });

  it('/group/stats: members see their groups; a group of others is 403', async () => {
    const r = await asEach('/group/stats', (c) => ({ search_ids: [c.group.groupId] }));
    expect(r.anonymous.status).toBe(401);
    expect(r.stranger).toMatchObject({ status: 403, body: notMember });
    for (const who of ['member', 'owner'] as const) {
      expect(r[who].status).toBe(200);
      expect(r[who].body.groups).toHaveLength(1);
      expect(r[who].body.groups[0].usersStats).toHaveLength(2);
      expect(r[who].body.groups[0].usersStats.every((s: { leadsSubmitted: number }) => s.leadsSubmitted === 0)).toBe(
        true,
      );
    }
  });

  it('/group/invite: any member invites; a stranger is 403', async () => {
    const r = await asEach('/group/invite', (c) => ({
      group_id: c.group.groupId,
      email: `friend${c.group.groupId}@example.com`,
    }));
    expect(r.anonymous.status).toBe(401);
    expect(r.stranger).toMatchObject({ status: 403, body: notMember });
    expect(r.member).toMatchObject({
      status: 200,
      body: { message: 'You have sent the invitation link successfully.' },
    });
    expect(r.owner).toMatchObject({
      status: 200,
      body: { message: 'You have sent the invitation link successfully.' },
    });
  });

  it('answers 404 GROUP_NOT_FOUND for a group that does not exist', async () => {
    const owner = await createPayingUser(t);
    for (const path of ['/group/get', '/group/delete', '/user/get_users_by_group', '/user/notification_settings']) {
      const res = await post(t, path, { group_id: 999999 }, { token: owner.token });
      expect(res).toMatchObject({ status: 404, body: { code: 'GROUP_NOT_FOUND', message: GROUP_MESSAGES.notFound } });
    }
  });
});

describe('/group/list', () => {
  it("lists only the caller's groups, newest first, with owner name and counts", async () => {
    const owner = await createPayingUser(t, { firstName: 'Owen', lastName: 'Owner' });
    const first = await createGroup(t, owner.token, { name: 'List First' });
    const second = await createGroup(t, owner.token, { name: 'List Second' });
    const joiner = await createPayingUser(t);
    await post(t, '/group/add', { groupName: 'List First', privateCode: 'open-sesame-42' }, { token: joiner.token });

    const mine = await post(t, '/group/list', {}, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.totalCount).toBe(2);
    expect(mine.body.groups.map((g: { groupId: number }) => g.groupId)).toEqual([second.groupId, first.groupId]);
    expect(mine.body.groups[1]).toMatchObject({ ownerName: 'Owen Owner', usersCount: 2, leadsCount: 0, isOwner: true });

    const theirs = await post(t, '/group/list', { start_position: 0, get_next: PAGE_SIZE }, { token: joiner.token });
    expect(theirs.body).toMatchObject({
      totalCount: 1,
      groups: [{ groupId: first.groupId, isOwner: false, userRole: 'MEMBER' }],
    });
    expect((await post(t, '/group/list', {})).status).toBe(401);
  });

  it('pages with start_position and get_next (at most 50)', async () => {
    const owner = await createPayingUser(t);
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push((await createGroup(t, owner.token)).groupId);
    const page = await post(t, '/group/list', { start_position: 1, get_next: 1 }, { token: owner.token });
    expect(page.body).toMatchObject({ totalCount: 3, groups: [{ groupId: made[1] }] });
    const tooMany = await post(t, '/group/list', { get_next: PAGE_SIZE + 1 }, { token: owner.token });
    expect(tooMany.status).toBe(400);
  });
});

describe('/group/update', () => {
  it("refuses a name another group has with 'The group name you chose is already taken'", async () => {
    const owner = await createPayingUser(t);
    await createGroup(t, owner.token, { name: 'Existing Name' });
    const group = await createGroup(t, owner.token, { name: 'Mine To Rename' });
    const res = await post(
      t,
      '/group/update',
      { group_id: group.groupId, name: 'existing name', description: 'Desc' },
      { token: owner.token },
    );
    expect(res).toMatchObject({ status: 409, body: { message: 'The group name you chose is already taken' } });
    expect((await groupRow(group.groupId))?.name).toBe('Mine To Rename');
    // Keeping its own name is fine.
    const same = await post(
      t,
      '/group/update',
      { group_id: group.groupId, name: 'Mine To Rename', description: 'New words' },
      { token: owner.token },
    );
    expect(same).toMatchObject({ status: 200, body: { description: 'New words' } });
    const blank = await post(
      t,
      '/group/update',
      { group_id: group.groupId, name: 'Mine To Rename', description: '' },
      { token: owner.token },
    );
    expect(blank).toMatchObject({ status: 400, body: { message: 'Description is required' } });
  });
});

describe('/group/remove and /group/delete', () => {
  it('a member leaves; the group list no longer shows the group', async () => {
    const { member, group } = await createGroupWithMembers(t);
    const res = await post(
      t,
      '/group/remove',
      { group_id: group.groupId, user_id: member.user.id },
      { token: member.token },
    );
    expect(res).toMatchObject({ status: 200, body: { message: GROUP_MESSAGES.left } });
    expect((await post(t, '/group/list', {}, { token: member.token })).body.totalCount).toBe(0);
    expect((await post(t, '/group/get', { group_id: group.groupId }, { token: member.token })).status).toBe(403);
  });

  it('the owner cannot leave (409) but removes a member; a member cannot remove anyone', async () => {
    const { owner, member, stranger, group } = await createGroupWithMembers(t);
    const leave = await post(
      t,
      '/group/remove',
      { group_id: group.groupId, user_id: owner.user.id },
      { token: owner.token },
    );
    expect(leave).toMatchObject({ status: 409, body: { code: 'GROUP_OWNER_CANNOT_LEAVE' } });
    const byMember = await post(
      t,
      '/group/remove',
      { group_id: group.groupId, user_id: owner.user.id },
      { token: member.token },
    );
    expect(byMember).toMatchObject({ status: 403, body: { code: 'GROUP_OWNER_ONLY' } });
    const byStranger = await post(
      t,
      '/group/remove',
      { group_id: group.groupId, user_id: member.user.id },
      { token: stranger.token },
    );
    expect(byStranger).toMatchObject({ status: 403, body: { code: 'GROUP_NOT_MEMBER' } });
    const notThere = await post(
      t,
      '/group/remove',
      { group_id: group.groupId, user_id: stranger.user.id },
      { token: owner.token },
    );
    expect(notThere).toMatchObject({ status: 404, body: { code: 'GROUP_MEMBER_NOT_FOUND' } });
    expect(await membersOf(group.groupId)).toHaveLength(2);
    const removed = await post(
      t,
      '/group/remove',
      { group_id: group.groupId, user_id: member.user.id },
      { token: owner.token },
    );
    expect(removed).toMatchObject({ status: 200, body: { message: GROUP_MESSAGES.removed } });
    expect((await membersOf(group.groupId)).map((m) => m.userId)).toEqual([owner.user.id]);
    expect((await post(t, '/group/remove', {})).status).toBe(401);
  });

  it('deleting removes the group, its members and its name', async () => {
    const { owner, member, group } = await createGroupWithMembers(t);
    const res = await post(t, '/group/delete', { group_id: group.groupId }, { token: owner.token });
    expect(res.status).toBe(200);
    expect(await groupRow(group.groupId)).toBeUndefined();
    expect(await membersOf(group.groupId)).toEqual([]);
    expect((await post(t, '/group/list', {}, { token: member.token })).body.totalCount).toBe(0);
    const exists = await post(t, '/group/verify_exists', { group_name: group.name }, { token: owner.token });
    expect(exists.body).toEqual({ exists: false });
  });
});

describe('/user/get_users_by_group', () => {
  it('shows name, role, product, title and picture; a deleted account is not listed nor counted', async () => {
    const { owner, member, group } = await createGroupWithMembers(t);
    await t.db.update(users).set({ title: 'Account Executive' }).where(eq(users.id, member.user.id));
    await post(
      t,
      '/group/user/update',
      { group_id: group.groupId, user_id: member.user.id, product: 'Payroll' },
      { token: member.token },
    );
    const res = await post(
      t,
      '/user/get_users_by_group',
      { group_id: group.groupId, start_position: 0, get_next: 50 },
      { token: owner.token },
    );
    expect(res.body.users[1]).toEqual({
      userId: member.user.id,
      fullName: `${member.user.firstName} ${member.user.lastName}`,
      userRole: 'MEMBER',
      product: 'Payroll',
      rating: null,
      ratingParts: null,
      title: 'Account Executive',
      avatarUrl: null,
    });
    const scheduled = await post(t, '/user/schedule_delete', {}, { token: member.token });
    expect(scheduled.status).toBe(200);
    const after = await post(t, '/user/get_users_by_group', { group_id: group.groupId }, { token: owner.token });
    expect(after.body).toMatchObject({ totalCount: 1, users: [{ userId: owner.user.id }] });
    expect((await post(t, '/group/get', { group_id: group.groupId }, { token: owner.token })).body.usersCount).toBe(1);
    expect((await findUserRow(t, member.user.id))?.deletionRequestedAt).not.toBeNull();
  });
});

describe('the Messages toggle', () => {
  it('turns off for the caller in one group only, leaving the account-wide switch alone', async () => {
    const { member, group } = await createGroupWithMembers(t);
    const before = (await findUserRow(t, member.user.id))?.enableEmailNotifications;
    const off = await post(
      t,
      '/user/update_notifications',
      { user_id: member.user.id, group_id: group.groupId, enableEmail: false },
      { token: member.token },
    );
    expect(off.status).toBe(200);
    expect(off.body.userId).toBe(member.user.id);
    const read = await post(
      t,
      '/user/notification_settings',
      { user_id: member.user.id, group_id: group.groupId },
      { token: member.token },
    );
    expect(read.body).toEqual({ enableEmail: false });
    expect((await findUserRow(t, member.user.id))?.enableEmailNotifications).toBe(before);
    const someoneElse = await post(
      t,
      '/user/notification_settings',
      { user_id: member.user.id + 1, group_id: group.groupId },
      { token: member.token },
    );
    expect(someoneElse.status).toBe(403);
  });
});

describe('/group/stats', () => {
  it("reports every group of the caller without search_ids, and only the filter_ids' members with them", async () => {
    const { owner, member, group } = await createGroupWithMembers(t);
    const second = await createGroup(t, owner.token);
    const all = await post(t, '/group/stats', {}, { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.body.groups.map((g: { groupId: number }) => g.groupId)).toEqual([second.groupId, group.groupId]);
    const filtered = await post(
      t,
      '/group/stats',
      { filter_by: 'USER', search_by: 'GROUP', search_ids: [group.groupId], filter_ids: [member.user.id] },
      { token: owner.token },
    );
    expect(filtered.body).toEqual({
      groups: [
        {
          groupId: group.groupId,
          usersStats: [expect.objectContaining({ userId: member.user.id, leadsSubmitted: 0 })],
        },
      ],
    });
    const missing = await post(t, '/group/stats', { search_ids: [999999] }, { token: owner.token });
    expect(missing).toMatchObject({ status: 404, body: { code: 'GROUP_NOT_FOUND' } });
  });
});

describe('a hidden creator', () => {
  it("shows as 'Deleted user' to the members", async () => {
    const { owner, member, group } = await createGroupWithMembers(t);
    expect((await post(t, '/user/schedule_delete', {}, { token: owner.token })).status).toBe(200);
    const res = await post(t, '/group/get', { group_id: group.groupId }, { token: member.token });
    expect(res).toMatchObject({ status: 200, body: { ownerName: 'Deleted user', usersCount: 1, isOwner: false } });
  });
});

describe('/group/update messages', () => {
  it("answers 'Group name is required' to a blank name", async () => {
    const owner = await createPayingUser(t);
    const group = await createGroup(t, owner.token);
    const res = await post(
      t,
      '/group/update',
      { group_id: group.groupId, name: ' ', description: 'Fine words' },
      { token: owner.token },
    );
    expect(res).toMatchObject({ status: 400, body: { message: 'Group name is required' } });
    expect((await groupRow(group.groupId))?.name).toBe(group.name);
  });
});

describe('the OpenAPI document', () => {
  it('lists every group call', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(
        [
          '/group/verify_exists',
          '/group/create_private',
          '/group/add',
          '/group/list',
          '/group/get',
          '/group/update',
          '/group/user/update',
          '/group/invite',
          '/group/add_invited',
          '/group/remove',
          '/group/delete',
          '/group/stats',
          '/user/get_users_by_group',
          '/user/notification_settings',
        ].map((p) => `/api${p}`),
      ),
    );
    expect(doc.paths['/api/group/create_private'].post.requestBody).toBeDefined();
  });
});
