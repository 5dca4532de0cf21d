import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers } from '../../src/db/schema/index.js';
import { notificationEmailJob } from '../../src/jobs/jobs.js';
import { nextDigestAt, sendDueEmails, sendNotificationEmails } from '../../src/modules/notifications/mail.service.js';
import { createGroup, createGroupWithMembers, createPayingUser, GROUP_CODE } from '../groups.js';
import { mailsTo, post } from '../helpers.js';
import { leadPayload } from '../leads.js';
import { createSharedOpportunity } from '../opportunities/support.js';
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../test-app.js';
import { winLead } from './support.js';

let t: TestApp;
let clock: TestClock;
beforeAll(async () => {
  clock = createTestClock();
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
const run = () => sendNotificationEmails(t.deps);
const notificationMails = async (email: string) =>
  (await mailsTo(t, email)).filter((m) => m.headers?.['List-Unsubscribe'] !== undefined);
async function createLead(token: string, groupId: number, overrides: Record<string, unknown> = {}) {
  const res = await post(t, '/lead/create', { group_id: groupId, lead: leadPayload(overrides) }, { token });
  expect(res.status).toBe(200);
  return res.body;
}
const setChoices = (token: string, body: Record<string, unknown>) =>
  post(t, '/user/update_notifications', { enableEmail: true, ...body }, { token });

async function groupRoomId(token: string, groupId: number): Promise<number> {
  const res = await post(t, '/chat/room/list', { grouping_level: 'GROUP', grouping_level_id: groupId }, { token });
  return res.body.rooms[0].roomId;
}
const say = (token: string, roomId: number, message: string) =>
  post(t, '/chat/message/send', { room_id: roomId, message }, { token });

/** The one-click address of an e-mail's List-Unsubscribe header. */
function oneClickUrl(mail: { headers: Record<string, string> | null }): string {
  const header = mail.headers?.['List-Unsubscribe'] ?? '';
  return new URL(header.slice(1, -1)).pathname + new URL(header.slice(1, -1)).search;
}

describe('new leads by e-mail', () => {
  it('the job runs every minute; leads submitted together reach the other members in one e-mail', async () => {
    expect(notificationEmailJob.cron).toBe('* * * * *');
    const x = await createGroupWithMembers(t);
    await createLead(x.member.token, x.group.groupId, { first_name: 'Ada', last_name: 'One', company: 'First Co' });
    await createLead(x.member.token, x.group.groupId, { first_name: 'Bob', last_name: 'Two', company: 'Second Co' });
    await run();
    const [mail, ...more] = await notificationMails(x.owner.user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('2 new leads in your groups');
    expect(mail?.text).toContain('Ada One (First Co)');
    expect(mail?.text).toContain('Bob Two (Second Co)');
    expect(mail?.text).toContain(x.group.name);
    expect(mail?.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/localhost:3000\/api\/notification\/unsubscribe\?token=/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // One's own lead is not news; a run with nothing new sends nothing again.
    expect(await notificationMails(x.member.user.email)).toEqual([]);
    await run();
    expect(await notificationMails(x.owner.user.email)).toHaveLength(1);
  });

  it('a person who switched e-mail off, or new-lead e-mail off, gets none', async () => {
    const x = await createGroupWithMembers(t);
    const third = await createPayingUser(t);
    await post(t, '/group/add', { groupName: x.group.name, privateCode: GROUP_CODE }, { token: third.token });
    await setChoices(x.owner.token, { enableEmail: false });
    await setChoices(third.token, { leadEmails: 'OFF' });
    const fourth = await createPayingUser(t);
    await post(t, '/group/add', { groupName: x.group.name, privateCode: GROUP_CODE }, { token: fourth.token });
    await createLead(x.member.token, x.group.groupId);
    await run();
    expect(await notificationMails(x.owner.user.email)).toEqual([]);
    expect(await notificationMails(third.user.email)).toEqual([]);
    // The same lead reached the member whose switches are on.
    expect(await notificationMails(fourth.user.email)).toHaveLength(1);
  });

  it('a member removed before the e-mail goes gets none of the group’s news', async () => {
    const x = await createGroupWithMembers(t);
    await createLead(x.member.token, x.group.groupId);
    const { lookAtNewActivities } = await import('../../src/modules/notifications/mail.service.js');
    await lookAtNewActivities(t.deps);
    await t.db.delete(groupMembers).where(eq(groupMembers.userId, x.owner.user.id));
    await run();
    expect(await notificationMails(x.owner.user.email)).toEqual([]);
  });

  it('the daily digest goes once at 07:00 UTC, even with two instances sending at once', async () => {
    const x = await createGroupWithMembers(t);
    expect((await setChoices(x.owner.token, { leadEmails: 'DAILY' })).body.notificationSetting).toEqual({
      enableEmail: true,
      leadEmails: 'DAILY',
    });
    await createLead(x.member.token, x.group.groupId, { first_name: 'Dee', last_name: 'Gest' });
    await createLead(x.member.token, x.group.groupId, { first_name: 'Dan', last_name: 'Gest' });
    await run();
    expect(await notificationMails(x.owner.user.email)).toEqual([]);
    const digestAt = nextDigestAt(clock.now(), 'UTC');
    expect(digestAt.toISOString()).toMatch(/T07:00:00.000Z$/);
    clock.advance(digestAt.getTime() - clock.now().getTime());
    await Promise.all([run(), run()]);
    clock.advance(MINUTE);
    await run();
    const mails = await notificationMails(x.owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your daily LeadCircle digest: 2 new leads');
  });

  it("the daily digest goes at 07:00 in the person's time zone", async () => {
    const x = await createGroupWithMembers(t);
    await setChoices(x.owner.token, { leadEmails: 'DAILY' });
    await post(t, '/user/update_time_zone', { time_zone: 'America/Los_Angeles' }, { token: x.owner.token });
    await createLead(x.member.token, x.group.groupId, { first_name: 'Cal', last_name: 'Morning' });
    await run();
    const digestAt = nextDigestAt(clock.now(), 'America/Los_Angeles');
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', timeStyle: 'short' });
    expect(local.format(digestAt)).toBe('7:00 AM');
    expect(digestAt.getTime()).not.toBe(nextDigestAt(clock.now(), 'UTC').getTime());
    clock.advance(digestAt.getTime() - clock.now().getTime() - MINUTE);
    await run();
    expect(await notificationMails(x.owner.user.email)).toEqual([]);
    clock.advance(MINUTE);
    await run();
    const [digest] = await notificationMails(x.owner.user.email);
    expect(digest?.subject).toBe('Your daily LeadCircle digest: 1 new lead');
  });

  it('a person who changes time zone gets their waiting digest at 07:00 in the new one', async () => {
    const x = await createGroupWithMembers(t);
    await setChoices(x.owner.token, { leadEmails: 'DAILY' });
    await createLead(x.member.token, x.group.groupId, { first_name: 'Moved', last_name: 'Away' });
    await run();
    const before = nextDigestAt(clock.now(), 'UTC');
    const moved = await post(t, '/user/update_time_zone', { time_zone: 'Asia/Kolkata' }, { token: x.owner.token });
    expect(moved.status).toBe(200);
    const after = nextDigestAt(clock.now(), 'Asia/Kolkata');
    expect(after.getTime()).not.toBe(before.getTime());
    // Neither at the old 07:00 (when that comes first) nor a minute before the new one.
    if (before < after) {
      clock.advance(before.getTime() - clock.now().getTime());
      await run();
      expect(await notificationMails(x.owner.user.email)).toEqual([]);
    }
    clock.advance(after.getTime() - clock.now().getTime() - MINUTE);
    await run();
    expect(await notificationMails(x.owner.user.email)).toEqual([]);
    clock.advance(MINUTE);
    await run();
    const [digest] = await notificationMails(x.owner.user.email);
    expect(digest?.subject).toBe('Your daily LeadCircle digest: 1 new lead');
    expect(digest?.text).toContain('Moved Away');
  });

  it('a run stopped after its first e-mail loses and repeats nothing', async () => {
    const x = await createGroupWithMembers(t);
    const others = [x.owner, await createPayingUser(t), await createPayingUser(t)];
    for (const o of others.slice(1)) {
      await post(t, '/group/add', { groupName: x.group.name, privateCode: GROUP_CODE }, { token: o.token });
    }
    await createLead(x.member.token, x.group.groupId);
    // A run that stops after one e-mail (the process stopped), then the next full run.
    const { lookAtNewActivities } = await import('../../src/modules/notifications/mail.service.js');
    await lookAtNewActivities(t.deps);
    expect(await sendDueEmails(t.deps, { maxEmails: 1 })).toBe(1);
    await run();
    for (const o of others) expect(await notificationMails(o.user.email)).toHaveLength(1);
  });
});

/** An owner with two groups, Quiet and Loud, and a member in both who submits the leads. */
async function twoGroups() {
  const x = await createGroupWithMembers(t);
  const loud = await createGroup(t, x.owner.token);
  await post(t, '/group/add', { groupName: loud.name, privateCode: GROUP_CODE }, { token: x.member.token });
  return { ...x, quiet: x.group, loud };
}
const groupEmail = (token: string, groupId: number, enableEmail: boolean) =>
  post(t, '/user/update_notifications', { group_id: groupId, enableEmail }, { token });

describe("new leads by e-mail follow each group's switch", () => {
  it("a group's switch off silences its new leads; another group's still come", async () => {
    const x = await twoGroups();
    expect((await groupEmail(x.owner.token, x.quiet.groupId, false)).status).toBe(200);
    await createLead(x.member.token, x.quiet.groupId, { first_name: 'Hush', last_name: 'Quiet' });
    await createLead(x.member.token, x.loud.groupId, { first_name: 'Ring', last_name: 'Loud' });
    await run();
    const [mail, ...more] = await notificationMails(x.owner.user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toContain('Ring Loud');
    expect(mail?.text).not.toContain('Hush Quiet');
    expect(mail?.text).not.toContain(x.quiet.name);
  });

  it('a switch turned off after the e-mail was queued still silences it', async () => {
    const x = await twoGroups();
    await createLead(x.member.token, x.quiet.groupId, { first_name: 'Late', last_name: 'Switch' });
    const { lookAtNewActivities } = await import('../../src/modules/notifications/mail.service.js');
    await lookAtNewActivities(t.deps);
    const off = await post(
      t,
      '/notification/settings/toggle',
      {
        delivery_method: 'EMAIL',
        service: 'GROUP',
        service_id: x.quiet.groupId,
        action: 'MESSAGES',
        toggled_on: false,
      },
      { token: x.owner.token },
    );
    expect(off.status).toBe(200);
    await run();
    expect(await notificationMails(x.owner.user.email)).toEqual([]);
  });

  it("the daily digest leaves out a silenced group's leads, queued before or after the switch", async () => {
    const x = await twoGroups();
    await setChoices(x.owner.token, { leadEmails: 'DAILY' });
    await createLead(x.member.token, x.quiet.groupId, { first_name: 'Early', last_name: 'Quiet' });
    await run();
    await groupEmail(x.owner.token, x.quiet.groupId, false);
    await createLead(x.member.token, x.quiet.groupId, { first_name: 'After', last_name: 'Quiet' });
    await createLead(x.member.token, x.loud.groupId, { first_name: 'Daily', last_name: 'Loud' });
    await run();
    clock.advance(nextDigestAt(clock.now(), 'UTC').getTime() - clock.now().getTime());
    await run();
    const [digest, ...more] = await notificationMails(x.owner.user.email);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe('Your daily LeadCircle digest: 1 new lead');
    expect(digest?.text).toContain('Daily Loud');
    expect(digest?.text).not.toContain('Early Quiet');
    expect(digest?.text).not.toContain('After Quiet');
  });

  it("a new-lead e-mail's link turns off the group it came from, its messages and new leads, nothing else", async () => {
    const x = await twoGroups();
    await createLead(x.member.token, x.quiet.groupId, { first_name: 'Stop', last_name: 'Here' });
    await run();
    const [mail] = await notificationMails(x.owner.user.email);
    const groupLink = mail?.text.match(new RegExp(`Stop all e-mails from ${x.quiet.name}[^\\n]*\\n(\\S+)`))?.[1];
    expect(groupLink).toMatch(/^http:\/\/localhost:3000\/unsubscribe\?token=/);
    const token = new URL(groupLink!).searchParams.get('token')!;
    const res = await t.app.inject({ method: 'POST', url: `/api/notification/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(
      'You will no longer get e-mails about this group: its messages and new leads.',
    );
    const quiet = await post(t, '/user/notification_settings', { group_id: x.quiet.groupId }, { token: x.owner.token });
    expect(quiet.body).toEqual({ enableEmail: false });
    const loud = await post(t, '/user/notification_settings', { group_id: x.loud.groupId }, { token: x.owner.token });
    expect(loud.body).toEqual({ enableEmail: true });
    const me = await post(t, '/user/get', { user_id: x.owner.user.id }, { token: x.owner.token });
    expect(me.body.notificationSetting).toEqual({ enableEmail: true, leadEmails: 'IMMEDIATE' });

    await createLead(x.member.token, x.quiet.groupId, { first_name: 'Not', last_name: 'Sent' });
    await createLead(x.member.token, x.loud.groupId, { first_name: 'Still', last_name: 'Sent' });
    await run();
    const [latest, ...earlier] = await notificationMails(x.owner.user.email);
    expect(earlier).toHaveLength(1);
    expect(latest?.subject).toContain('Still Sent');
    expect(latest?.text).not.toContain('Not Sent');
  });
});

describe('chat messages by e-mail', () => {
  it('an unread group message is e-mailed after a few minutes; a read one or one with Messages off is not', async () => {
    const x = await createGroupWithMembers(t);
    const roomId = await groupRoomId(x.owner.token, x.group.groupId);
    await say(x.owner.token, roomId, 'Anyone near Austin?');
    await run();
    expect(await notificationMails(x.member.user.email)).toEqual([]);
    clock.advance(5 * MINUTE);
    await run();
    const [mail] = await notificationMails(x.member.user.email);
    expect(mail?.subject).toContain(`wrote in ${x.group.name}`);
    expect(mail?.text).toContain('"Anyone near Austin?"');

    // Read within the delay: nothing.
    await say(x.owner.token, roomId, 'Second');
    await post(t, '/chat/room/read', { room_id: roomId }, { token: x.member.token });
    clock.advance(5 * MINUTE);
    await run();
    expect(await notificationMails(x.member.user.email)).toHaveLength(1);

    // The group's Messages switch off: nothing.
    const off = await post(
      t,
      '/notification/settings/toggle',
      {
        delivery_method: 'EMAIL',
        service: 'GROUP',
        service_id: x.group.groupId,
        action: 'MESSAGES',
        toggled_on: false,
      },
      { token: x.member.token },
    );
    expect(off.body).toMatchObject({ toggledOn: false });
    await say(x.owner.token, roomId, 'Third');
    clock.advance(5 * MINUTE);
    await run();
    expect(await notificationMails(x.member.user.email)).toHaveLength(1);
  });

  it('several unread messages of a room make one e-mail; a direct message its own', async () => {
    const x = await createGroupWithMembers(t);
    const roomId = await groupRoomId(x.owner.token, x.group.groupId);
    await say(x.owner.token, roomId, 'One');
    await say(x.owner.token, roomId, 'Two');
    const direct = await post(t, '/chat/room/direct', { user_id: x.member.user.id }, { token: x.owner.token });
    await say(x.owner.token, direct.body.roomId, 'Just us');
    clock.advance(5 * MINUTE);
    await run();
    const mails = await notificationMails(x.member.user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      '2 unread messages',
      expect.stringContaining('sent you a message'),
    ]);
  });

  it('opportunity messages follow the opportunity’s Messages switch; a newcomer is announced to who invited them', async () => {
    const x = await createSharedOpportunity(t);
    const [joined] = await notificationMails(x.owner.user.email);
    expect(joined).toBeUndefined();
    await run();
    const [announce] = await notificationMails(x.owner.user.email);
    expect(announce?.subject).toContain(`joined the opportunity ${x.opportunity.name}`);

    await say(x.owner.token, x.opportunity.roomId, 'Kickoff at 9');
    clock.advance(5 * MINUTE);
    await run();
    const [kickoff] = await notificationMails(x.shared.user.email);
    expect(kickoff?.text).toContain('Kickoff at 9');
    // Its one-click link turns off this opportunity's Messages, nothing else.
    expect((await t.app.inject({ method: 'POST', url: oneClickUrl(kickoff!) })).statusCode).toBe(200);
    const setting = await post(
      t,
      '/notification/settings/get',
      { delivery_method: 'EMAIL', service: 'OPPORTUNITY', service_id: x.opportunity.opportunityId, action: 'MESSAGES' },
      { token: x.shared.token },
    );
    expect(setting.body.toggledOn).toBe(false);
    const me = await post(t, '/user/get', { user_id: x.shared.user.id }, { token: x.shared.token });
    expect(me.body.notificationSetting).toEqual({ enableEmail: true, leadEmails: 'IMMEDIATE' });

    await post(
      t,
      '/notification/settings/toggle',
      {
        delivery_method: 'EMAIL',
        service: 'OPPORTUNITY',
        service_id: x.opportunity.opportunityId,
        action: 'MESSAGES',
        toggled_on: false,
      },
      { token: x.shared.token },
    );
    await say(x.owner.token, x.opportunity.roomId, 'Moved to 10');
    clock.advance(5 * MINUTE);
    await run();
    expect(await notificationMails(x.shared.user.email)).toHaveLength(1);
  });
});

describe('lead outcomes by e-mail', () => {
  it('the giver is thanked for closed business; the assignee is reminded to follow up, even of their own lead', async () => {
    const x = await createGroupWithMembers(t);
    const lead = await createLead(x.member.token, x.group.groupId, { first_name: 'Wynn', last_name: 'Deal' });
    await winLead(t, x.owner, x.group.groupId, lead.leadId);
    await run();
    const [thanks] = (await notificationMails(x.member.user.email)).filter((m) => /closed business/.test(m.subject));
    expect(thanks?.subject).toContain('$12,000.00');

    const own = await createLead(x.owner.token, x.group.groupId, { first_name: 'Self', last_name: 'Kept' });
    await post(
      t,
      '/lead/assign',
      { group_id: x.group.groupId, lead_id: own.leadId, user_id: x.owner.user.id },
      { token: x.owner.token },
    );
    clock.advance(8 * 24 * 60 * MINUTE);
    const { sendFollowUpNudges } = await import('../../src/modules/leads/outcomes.service.js');
    await sendFollowUpNudges(t.deps);
    await run();
    const reminders = (await notificationMails(x.owner.user.email)).filter((m) => /Self Kept/.test(m.subject));
    expect(reminders).toHaveLength(1);
  });
});

describe('one-click unsubscribe', () => {
  it('turns off only the switch the e-mail came under, once, without signing in', async () => {
    const x = await createGroupWithMembers(t);
    await createLead(x.member.token, x.group.groupId);
    await run();
    const [mail] = await notificationMails(x.owner.user.email);
    const url = oneClickUrl(mail!);
    expect(mail?.text).toContain('http://localhost:3000/unsubscribe?token=');

    // As a mail client posts it (RFC 8058): a form body, no session.
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('You will no longer get e-mails about new leads.');
    const me = await post(t, '/user/get', { user_id: x.owner.user.id }, { token: x.owner.token });
    expect(me.body.notificationSetting).toEqual({ enableEmail: true, leadEmails: 'OFF' });
    const group = await post(t, '/user/notification_settings', { group_id: x.group.groupId }, { token: x.owner.token });
    expect(group.body).toEqual({ enableEmail: true });

    const again = await t.app.inject({ method: 'POST', url });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'UNSUBSCRIBE_LINK_USED' });
  });

  it('refuses a forged or incomplete link and changes nothing', async () => {
    const forged = await t.app.inject({ method: 'POST', url: '/api/notification/unsubscribe?token=not-a-real-token' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      code: 'UNSUBSCRIBE_LINK_INVALID',
      message: 'This unsubscribe link is not valid.',
    });
    const missing = await t.app.inject({ method: 'POST', url: '/api/notification/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    const control = await t.app.inject({ method: 'POST', url: '/api/notification/unsubscribe?token=%00%01' });
    expect(control.statusCode).toBe(400);
    const huge = await t.app.inject({ method: 'POST', url: `/api/notification/unsubscribe?token=${'a'.repeat(5000)}` });
    expect(huge.statusCode).toBe(400);
  });
});
