import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, users } from '../../src/db/schema/index.js';
import { createChatWorld, send } from '../chat/chat.js';
import { createGroupWithMembers, createPayingUser } from '../groups.js';
import { latestLinkTo, post } from '../helpers.js';
import { leadPayload } from '../leads.js';
import { createSharedOpportunity } from '../opportunities/support.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Item = { activityId: number; type: string; data: Record<string, Record<string, unknown>> };

async function feed(token: string, body: Record<string, unknown> = {}) {
  const res = await post(t, '/activity/global', { response_type: 'LIST', ...body }, { token });
  expect(res.status).toBe(200);
  return res.body.globalActivities.activities as Item[];
}

async function groupFeed(token: string, groupId: number, body: Record<string, unknown> = {}) {
  return post(t, '/activity/group', { group_id: groupId, ...body }, { token });
}

async function createLead(token: string, groupId: number) {
  const res = await post(t, '/lead/create', { group_id: groupId, lead: leadPayload() }, { token });
  expect(res.status).toBe(200);
  return res.body as { leadId: number; firstName: string; lastName: string; company: string };
}

function ofType(items: Item[], type: string) {
  return items.filter((a) => a.type === type);
}

describe('activity types', () => {
  it('NEW_LEAD: the group sees who submitted which lead where; a stranger sees nothing', async () => {
    const x = await createGroupWithMembers(t);
    const lead = await createLead(x.member.token, x.group.groupId);
    const [item] = ofType(await feed(x.owner.token), 'NEW_LEAD');
    expect(item?.data.newLead).toMatchObject({
      activityId: item?.activityId,
      groupId: x.group.groupId,
      groupName: x.group.name,
      leadId: lead.leadId,
      leadName: `${lead.firstName} ${lead.lastName}`,
      leadCompany: lead.company,
      userName: `${x.member.user.firstName} ${x.member.user.lastName}`,
    });
    expect(ofType(await feed(x.stranger.token), 'NEW_LEAD')).toEqual([]);
    // Announced live to the members' sockets, not the stranger's: as news in the owner's inbox, not the submitter's.
    const announced = t.realtime.events.filter(
      (e) => e.event === 'activity:new' && (e.data as { activityId: number }).activityId === item?.activityId,
    );
    expect(announced.map((e) => ({ rooms: e.rooms, inbox: (e.data as { inbox: boolean }).inbox }))).toEqual([
      { rooms: [`user:${x.owner.userId}`], inbox: true },
      { rooms: [`user:${x.member.userId}`], inbox: false },
    ]);
  });

  it('NEW_USER: joining with the password', async () => {
    const x = await createGroupWithMembers(t);
    const [item] = ofType(await feed(x.owner.token), 'NEW_USER');
    expect(item?.data.newUser).toMatchObject({
      groupName: x.group.name,
      newUserName: `${x.member.user.firstName} ${x.member.user.lastName}`,
    });
  });

  it('GROUP_INVITE and NEW_USER_ADDED: the invitee with an account hears of it, joins, the group sees who was added by whom', async () => {
    const x = await createGroupWithMembers(t);
    const invitee = await createPayingUser(t);
    const res = await post(
      t,
      '/group/invite',
      { email: invitee.user.email, role: 'MEMBER', group_id: x.group.groupId },
      { token: x.owner.token },
    );
    expect(res.status).toBe(200);
    const [invited] = ofType(await feed(invitee.token), 'GROUP_INVITE');
    const ownerName = `${x.owner.user.firstName} ${x.owner.user.lastName}`;
    expect(invited?.data.groupInvite).toMatchObject({ groupName: x.group.name, userName: ownerName });
    const link = await latestLinkTo(t, invitee.user.email);
    const accepted = await post(
      t,
      '/group/add_invited',
      { group_id: x.group.groupId, invite_code: link.searchParams.get('invite_code') },
      { token: invitee.token },
    );
    expect(accepted.status).toBe(200);
    const [added] = ofType(await feed(x.member.token), 'NEW_USER_ADDED');
    expect(added?.data.newUserAdded).toMatchObject({
      groupName: x.group.name,
      newUserName: `${invitee.user.firstName} ${invitee.user.lastName}`,
      invitedByName: ownerName,
    });
  });

  it('GROUP_REMOVE: the members see the leave; the one removed by the owner is told, and sees nothing else of the group', async () => {
    const x = await createGroupWithMembers(t);
    await createLead(x.owner.token, x.group.groupId);
    const removed = await post(
      t,
      '/group/remove',
      { group_id: x.group.groupId, user_id: x.member.userId },
      { token: x.owner.token },
    );
    expect(removed.status).toBe(200);
    const [seen] = ofType(await feed(x.owner.token), 'GROUP_REMOVE');
    expect(seen?.data.groupRemove).toMatchObject({ left: false, groupName: x.group.name });
    const memberFeed = await feed(x.member.token);
    expect(memberFeed.map((a) => a.type)).toEqual(['GROUP_REMOVE']);
  });

  it('GROUP_DELETE: the former members are told, with the group name kept', async () => {
    const x = await createGroupWithMembers(t);
    await createLead(x.member.token, x.group.groupId);
    expect((await post(t, '/group/delete', { group_id: x.group.groupId }, { token: x.owner.token })).status).toBe(200);
    const memberFeed = await feed(x.member.token);
    expect(memberFeed.map((a) => a.type)).toEqual(['GROUP_DELETE']);
    expect(memberFeed[0]?.data.groupDelete).toMatchObject({ groupId: x.group.groupId, groupName: x.group.name });
    expect(await feed(x.stranger.token)).toEqual([]);
  });

  it('OPPORTUNITY_NEW and OPPORTUNITY_NEW_USER: the owner and the shared user see them, a stranger does not', async () => {
    const x = await createSharedOpportunity(t);
    for (const token of [x.owner.token, x.shared.token]) {
      const items = await feed(token);
      expect(ofType(items, 'OPPORTUNITY_NEW')[0]?.data.opportunityNew).toMatchObject({
        opportunityId: x.opportunity.opportunityId,
        opportunityName: x.opportunity.name,
      });
      expect(ofType(items, 'OPPORTUNITY_NEW_USER')[0]?.data.opportunityNewUser).toMatchObject({
        opportunityName: x.opportunity.name,
        newUserName: `${x.shared.user.firstName} ${x.shared.user.lastName}`,
        invitedByName: `${x.owner.user.firstName} ${x.owner.user.lastName}`,
      });
    }
    expect(await feed(x.stranger.token)).toEqual([]);
  });

  it('CHAT_MESSAGE_GROUP and CHAT_MESSAGE_LEAD: members only; the lead comment tells its submitter', async () => {
    const x = await createChatWorld(t);
    expect((await send(t, x.member.token, x.roomId, 'hello all')).status).toBe(200);
    const lead = await createLead(x.owner.token, x.group.groupId);
    const comment = await post(t, '/chat/lead/list', { id: lead.leadId }, { token: x.member.token });
    expect(comment.status).toBe(200);
    const leadRoomId = comment.body.roomId as number;
    expect((await send(t, x.member.token, leadRoomId, 'great lead')).status).toBe(200);
    const items = await feed(x.owner.token);
    const groupItem = ofType(items, 'CHAT_MESSAGE_GROUP')[0];
    expect(groupItem?.data.chatMessageGroup).toMatchObject({
      roomId: x.roomId,
      groupName: x.group.name,
    });
    // The room's message stands for its activity: one event per member, carrying the activity's id.
    const about = (e: { data: unknown }) => (e.data as { activityId?: number }).activityId === groupItem?.activityId;
    expect(t.realtime.events.filter((e) => e.event === 'activity:new' && about(e))).toEqual([]);
    expect(t.realtime.events.filter((e) => e.event === 'chat:message' && about(e))).toMatchObject([
      { rooms: [`group:${x.group.groupId}`], data: { roomId: x.roomId, message: { message: 'hello all' } } },
    ]);
    expect(ofType(items, 'CHAT_MESSAGE_LEAD')[0]?.data.chatMessageLead).toMatchObject({
      roomId: leadRoomId,
      leadId: lead.leadId,
      groupId: x.group.groupId,
    });
    expect(await feed(x.stranger.token)).toEqual([]);
  });

  it('CHAT_MESSAGE_OPPORTUNITY: the owner and the shared user', async () => {
    const x = await createSharedOpportunity(t);
    expect((await send(t, x.shared.token, x.opportunity.roomId, 'on it')).status).toBe(200);
    const [item] = ofType(await feed(x.owner.token), 'CHAT_MESSAGE_OPPORTUNITY');
    expect(item?.data.chatMessageOpportunity).toMatchObject({ opportunityName: x.opportunity.name });
    expect(ofType(await feed(x.stranger.token), 'CHAT_MESSAGE_OPPORTUNITY')).toEqual([]);
  });

  it('CHAT_MESSAGE_USER: the two people only', async () => {
    const x = await createGroupWithMembers(t);
    const room = await post(t, '/chat/room/direct', { user_id: x.owner.userId }, { token: x.member.token });
    expect((await send(t, x.member.token, room.body.roomId, 'psst')).status).toBe(200);
    expect(ofType(await feed(x.owner.token), 'CHAT_MESSAGE_USER')).toHaveLength(1);
    expect(ofType(await feed(x.member.token), 'CHAT_MESSAGE_USER')).toHaveLength(1);
    expect(ofType(await feed(x.stranger.token), 'CHAT_MESSAGE_USER')).toEqual([]);
  });

  it("CHAT_MESSAGE_BUSINESS: the business's users only", async () => {
    const x = await createGroupWithMembers(t);
    const [owner] = await t.db.select().from(users).where(eq(users.id, x.owner.userId));
    await t.db.update(users).set({ businessId: owner!.businessId }).where(eq(users.id, x.member.userId));
    const rooms = await post(t, '/chat/room/list', { grouping_level: 'BUSINESS' }, { token: x.owner.token });
    expect((await send(t, x.owner.token, rooms.body.rooms[0].roomId, 'team')).status).toBe(200);
    expect(ofType(await feed(x.member.token), 'CHAT_MESSAGE_BUSINESS')).toHaveLength(1);
    expect(ofType(await feed(x.stranger.token), 'CHAT_MESSAGE_BUSINESS')).toEqual([]);
  });

  it('recipientUserIds: an activity reaches exactly those users as well', async () => {
    const x = await createGroupWithMembers(t);
    await t.db.transaction((tx) =>
      t.deps.activities.record(tx, {
        type: 'LEAD_WON',
        actorUserId: x.owner.userId,
        data: { leadWon: {}, recipientUserIds: [x.stranger.userId] },
      }),
    );
    expect(ofType(await feed(x.stranger.token), 'LEAD_WON')).toHaveLength(1);
    expect(ofType(await feed(x.member.token), 'LEAD_WON')).toEqual([]);
  });
});

describe('/activity/global and /activity/group', () => {
  it('pages 50 newest first, filters by type, and says whether more of what the caller may see follow', async () => {
    const x = await createGroupWithMembers(t);
    const rows = Array.from({ length: 55 }, (_, i) => ({
      type: 'NEW_LEAD',
      actorUserId: x.owner.userId,
      groupId: x.group.groupId,
      data: { newLead: { n: i } },
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await t.db.insert(activities).values(rows);
    const first = await post(t, '/activity/global', { activity_types: ['NEW_LEAD'] }, { token: x.member.token });
    expect(first.body.globalActivities.hasMore).toBe(true);
    const items = first.body.globalActivities.activities as Item[];
    expect(items).toHaveLength(50);
    expect(items[0]?.data.newLead?.n).toBe(54);
    const next = await post(
      t,
      '/activity/global',
      { activity_types: ['NEW_LEAD'], start_position: 50 },
      { token: x.member.token },
    );
    expect((next.body.globalActivities.activities as Item[]).map((a) => a.data.newLead?.n)).toEqual([4, 3, 2, 1, 0]);
    expect(next.body.globalActivities.hasMore).toBe(false);
    const group = await groupFeed(x.member.token, x.group.groupId, { activity_types: ['NEW_USER'] });
    expect(group.status).toBe(200);
    expect((group.body.activities as Item[]).map((a) => a.type)).toEqual(['NEW_USER']);
  });

  it('refuses the anonymous, a non-member, unknown types and bad input with a clear 4xx', async () => {
    const x = await createGroupWithMembers(t);
    expect((await post(t, '/activity/global', {})).status).toBe(401);
    expect((await post(t, '/activity/group', { group_id: x.group.groupId })).status).toBe(401);
    const stranger = await groupFeed(x.stranger.token, x.group.groupId);
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('GROUP_NOT_MEMBER');
    expect((await groupFeed(x.owner.token, 999_999)).status).toBe(404);
    const unknown = await post(t, '/activity/global', { activity_types: ['LEAD_EATEN'] }, { token: x.owner.token });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Must be one of');
    const badResponseType = await post(t, '/activity/global', { response_type: 'XML' }, { token: x.owner.token });
    expect(badResponseType.status).toBe(400);
    expect((await post(t, '/activity/global', { get_next: 51 }, { token: x.owner.token })).status).toBe(400);
    expect((await groupFeed(x.owner.token, x.group.groupId, { extra: 1 })).status).toBe(400);
  });
});
