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
});
