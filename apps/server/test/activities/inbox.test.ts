import { describeActivity } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupWithMembers, createPayingUser } from '../groups.js';
import { post } from '../helpers.js';
import { leadPayload } from '../leads.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const inbox = (token: string) => post(t, '/notification/list', {}, { token });

describe('the inbox', () => {
  it('holds new leads of others in one’s groups, invites and comments on one’s lead; read one, read all', async () => {
    const x = await createGroupWithMembers(t);
    const lead = await post(
      t,
      '/lead/create',
      { group_id: x.group.groupId, lead: leadPayload() },
      { token: x.member.token },
    );
    expect(lead.status).toBe(200);
    // One's own lead is not news to oneself.
    expect((await inbox(x.member.token)).body).toMatchObject({ notifications: [], unreadCount: 0 });
    const owner = (await inbox(x.owner.token)).body;
    expect(owner.unreadCount).toBe(1);
    expect(owner.notifications[0]).toMatchObject({ read: false, activity: { type: 'NEW_LEAD' } });

    const room = await post(t, '/chat/lead/list', { id: lead.body.leadId }, { token: x.owner.token });
    await post(t, '/chat/message/send', { room_id: room.body.roomId, message: 'Nice one' }, { token: x.owner.token });
    const invitee = await createPayingUser(t);
    await post(t, '/group/invite', { email: invitee.user.email, group_id: x.group.groupId }, { token: x.member.token });
    const memberInbox = (await inbox(x.member.token)).body;
    expect(memberInbox.notifications.map((n: { activity: { type: string } }) => n.activity.type)).toEqual([
      'CHAT_MESSAGE_LEAD',
    ]);
    expect((await inbox(invitee.token)).body.notifications[0].activity.type).toBe('GROUP_INVITE');

    const id = owner.notifications[0].activity.activityId;
    // Someone else's item, or a stranger's reach: 404, nothing marked.
    expect((await post(t, '/notification/read', { activity_id: id }, { token: x.stranger.token })).status).toBe(404);
    expect((await post(t, '/notification/read', { activity_id: id }, { token: x.member.token })).status).toBe(404);
    expect((await post(t, '/notification/read', { activity_id: 'x' }, { token: x.owner.token })).status).toBe(400);
    expect((await post(t, '/notification/read', { activity_id: id })).status).toBe(401);
    expect(await post(t, '/notification/read', { activity_id: id }, { token: x.owner.token })).toMatchObject({
      status: 200,
      body: { unreadCount: 0 },
    });
    expect((await inbox(x.owner.token)).body.notifications[0].read).toBe(true);
    expect((await inbox(x.member.token)).body.unreadCount).toBe(1);
    expect(await post(t, '/notification/read_all', {}, { token: x.member.token })).toMatchObject({
      status: 200,
      body: { unreadCount: 0 },
    });
    expect((await inbox(x.member.token)).body.notifications[0].read).toBe(true);
  });

  it('holds a rating given to one’s lead, with the stars, once per rating given or changed', async () => {
    const x = await createGroupWithMembers(t);
    const lead = await post(
      t,
      '/lead/create',
      { group_id: x.group.groupId, lead: leadPayload() },
      { token: x.member.token },
    );
    const rate = (rating: number) =>
      post(t, '/rating/quality/rate', { lead_id: lead.body.leadId, rating }, { token: x.owner.token });
    expect((await rate(4)).status).toBe(200);
    await rate(4);
    await rate(0);
    const items = (await inbox(x.member.token)).body.notifications;
    expect(items).toHaveLength(1);
    expect(items[0].activity).toMatchObject({
      type: 'LEAD_RATED',
      data: { leadRated: { leadId: lead.body.leadId, rating: 4, groupId: x.group.groupId } },
    });
    expect(describeActivity(items[0].activity).text).toMatch(/rated your lead .* 4★ in /);
    // The rater's own act is not news to them.
    expect(
      (await inbox(x.owner.token)).body.notifications.map((n: { activity: { type: string } }) => n.activity.type),
    ).not.toContain('LEAD_RATED');
  });

  // The bell keeps its count from the events: one more for each activity:new that says it is news to the
  // person, the mark's answer after a read, a fresh read after a room was lost. Followed step by step, that
  // count equals what the inbox counts.
  it('tells each person whether an activity is news in their inbox, so a bell adding those up stays exact', async () => {
    const x = await createGroupWithMembers(t);
    await post(t, '/chat/room/list', { grouping_level: 'GROUP' }, { token: x.member.token });
    const counted = async (token: string) => (await inbox(token)).body.unreadCount as number;
    const bell = { owner: await counted(x.owner.token), member: await counted(x.member.token) };
    let seen = t.realtime.events.length;
    const follow = () => {
      const events = t.realtime.events.slice(seen);
      seen = t.realtime.events.length;
      for (const who of ['owner', 'member'] as const) {
        const room = `user:${x[who].userId}`;
        const news = events.filter(
          (e) => e.event === 'activity:new' && e.rooms.includes(room) && (e.data as { inbox: boolean }).inbox,
        );
        bell[who] += news.length;
      }
      return events;
    };

    // A new lead: news to the owner, not to the member who submitted it (told, but not as news).
    const lead = await post(
      t,
      '/lead/create',
      { group_id: x.group.groupId, lead: leadPayload() },
      { token: x.member.token },
    );
    const events = follow();
    const announced = events.filter((e) => e.event === 'activity:new');
    expect(announced.map((e) => [e.rooms, (e.data as { inbox: boolean }).inbox])).toEqual([
      [[`user:${x.owner.userId}`], true],
      [[`user:${x.member.userId}`], false],
    ]);
    expect(bell).toEqual({ owner: await counted(x.owner.token), member: await counted(x.member.token) });
    expect(bell.owner).toBeGreaterThan(0);

    // A comment on the member's lead: news to the member (its submitter), not to the owner who wrote it.
    const room = await post(t, '/chat/lead/list', { id: lead.body.leadId }, { token: x.owner.token });
    await post(t, '/chat/message/send', { room_id: room.body.roomId, message: 'Nice one' }, { token: x.owner.token });
    follow();
    expect(bell).toEqual({ owner: await counted(x.owner.token), member: await counted(x.member.token) });

    // Read: the mark answers the new count.
    const items = (await inbox(x.owner.token)).body.notifications as { activity: { activityId: number } }[];
    const read = await post(
      t,
      '/notification/read',
      { activity_id: items[0]!.activity.activityId },
      { token: x.owner.token },
    );
    bell.owner = read.body.unreadCount;
    follow();
    expect(bell).toEqual({ owner: await counted(x.owner.token), member: await counted(x.member.token) });

    // Hidden: a lead of the owner is news to the member, who is then removed from the group, so it leaves
    // their inbox; they are told their room is gone, and the bell reads the count again.
    const hidden = await post(
      t,
      '/lead/create',
      { group_id: x.group.groupId, lead: leadPayload() },
      { token: x.owner.token },
    );
    type Item = { activity: { type: string; data: { newLead?: { leadId: number } } } };
    const holdsHidden = (body: { notifications: Item[] }) =>
      body.notifications.some(
        (n) => n.activity.type === 'NEW_LEAD' && n.activity.data.newLead?.leadId === hidden.body.leadId,
      );
    expect(holdsHidden((await inbox(x.member.token)).body)).toBe(true);
    follow();
    expect(bell).toEqual({ owner: await counted(x.owner.token), member: await counted(x.member.token) });
    await post(t, '/group/remove', { group_id: x.group.groupId, user_id: x.member.userId }, { token: x.owner.token });
    const removed = follow().filter(
      (e) => e.event === 'chat:room_removed' && e.rooms.includes(`user:${x.member.userId}`),
    );
    expect(removed).toHaveLength(1);
    const left = (await inbox(x.member.token)).body;
    expect(holdsHidden(left)).toBe(false);
    bell.member = left.unreadCount;
    // Nothing the group does afterwards is news to them.
    await post(t, '/lead/create', { group_id: x.group.groupId, lead: leadPayload() }, { token: x.owner.token });
    follow();
    expect(bell).toEqual({ owner: await counted(x.owner.token), member: await counted(x.member.token) });
  });
});
