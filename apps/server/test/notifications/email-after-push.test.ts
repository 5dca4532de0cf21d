import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDigestAt, sendNotificationEmails } from '../../src/modules/notifications/mail.service.js';
import { createGroupWithMembers, createPayingUser, GROUP_CODE } from '../groups.js';
import { mailsTo, post } from '../helpers.js';
import { type LocalDevice, type LocalPushService, startLocalPushService } from '../local-push-service.js';
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../test-app.js';
import { createLead as createLeadAs, subscribe as subscribeDevice, winLead } from './support.js';

// E-mail waits for what push did not deliver: a notification pushed to one of the person's devices is left
// out of its e-mail; with no device, the push switch off, or a push the service refused, the e-mail goes.
// Against a real local push service.

let t: TestApp;
let clock: TestClock;
let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
  clock = createTestClock();
  t = await createTestApp({ clock, env: { OUTBOUND_ALLOW_LOOPBACK: 'true' } });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const MINUTE = 60_000;
const run = () => sendNotificationEmails(t.deps);
const pushesTo = (device: LocalDevice) => service.received.filter((p) => p.device === device.name);
const requestsTo = (device: LocalDevice) => service.requests.filter((r) => r.device === device.name);
const notificationMails = async (email: string, subject: RegExp) =>
  (await mailsTo(t, email)).filter((m) => m.headers?.['List-Unsubscribe'] !== undefined && subject.test(m.subject));
const closedBusinessMails = (email: string) => notificationMails(email, /closed business/);

const subscribe = (token: string, device: LocalDevice) => subscribeDevice(t, token, device);
const createLead = (token: string, groupId: number, overrides: Record<string, unknown> = {}) =>
  createLeadAs(t, token, groupId, overrides);

/** The member gives a lead, the owner wins it: the member (the giver) hears of it, an event. */
async function winMembersLead(x: Awaited<ReturnType<typeof createGroupWithMembers>>) {
  const lead = await createLead(x.member.token, x.group.groupId, { first_name: 'Wynn', last_name: 'Deal' });
  await run();
  await winLead(t, x.owner, x.group.groupId, lead.leadId);
}

describe('events', () => {
  it('an event pushed to the person’s device is not e-mailed', async () => {
    const x = await createGroupWithMembers(t);
    const phone = service.newDevice('giver-phone');
    await subscribe(x.member.token, phone);
    await winMembersLead(x);
    await run();
    expect(pushesTo(phone).map((p) => p.payload.title)).toEqual([expect.stringContaining('closed business')]);
    clock.advance(10 * MINUTE);
    await run();
    expect(await closedBusinessMails(x.member.user.email)).toEqual([]);
  });

  it('a person with no device gets the event’s e-mail at once, as before', async () => {
    const x = await createGroupWithMembers(t);
    await winMembersLead(x);
    await run();
    expect(await closedBusinessMails(x.member.user.email)).toHaveLength(1);
  });

  it('a person whose push switch for events is off gets the e-mail at once', async () => {
    const x = await createGroupWithMembers(t);
    const phone = service.newDevice('giver-phone-events-off');
    await subscribe(x.member.token, phone);
    await post(t, '/push/switches/set', { kind: 'EVENT', enabled: false }, { token: x.member.token });
    await winMembersLead(x);
    await run();
    expect(requestsTo(phone)).toEqual([]);
    expect(await closedBusinessMails(x.member.user.email)).toHaveLength(1);
  });

  it('a push the service refuses (410) leaves the e-mail to go after the grace', async () => {
    const x = await createGroupWithMembers(t);
    const old = service.newDevice('giver-old-phone');
    await subscribe(x.member.token, old);
    service.answerNext(old.name, 410);
    await winMembersLead(x);
    await run();
    expect(requestsTo(old)).toEqual([{ device: old.name, status: 410 }]);
    // Held for the grace the push had.
    expect(await closedBusinessMails(x.member.user.email)).toEqual([]);
    clock.advance(2 * MINUTE);
    await run();
    expect(await closedBusinessMails(x.member.user.email)).toHaveLength(1);
  });

  it('a device where the app is visible gets no push; the e-mail goes after the grace, once with two instances', async () => {
    const x = await createGroupWithMembers(t);
    const desk = service.newDevice('giver-desk-visible');
    const device = await subscribe(x.member.token, desk);
    const seen = await post(t, '/push/visibility', { device_id: device.id, visible: true }, { token: x.member.token });
    expect(seen.status).toBe(200);
    await winMembersLead(x);
    await run();
    expect(requestsTo(desk)).toEqual([]);
    expect(await closedBusinessMails(x.member.user.email)).toEqual([]);
    clock.advance(2 * MINUTE);
    await Promise.all([run(), run()]);
    clock.advance(MINUTE);
    await run();
    expect(await closedBusinessMails(x.member.user.email)).toHaveLength(1);
  });

  it('a push still being tried holds the e-mail: delivered at last, there is no e-mail', async () => {
    const x = await createGroupWithMembers(t);
    const busy = service.newDevice('giver-busy-phone');
    await subscribe(x.member.token, busy);
    // Refused until after the e-mail was due.
    service.answerNext(busy.name, 503, 503, 503);
    await winMembersLead(x);
    await run();
    for (let minute = 0; minute < 4; minute += 1) {
      clock.advance(MINUTE);
      await run();
    }
    expect(requestsTo(busy).map((r) => r.status)).toEqual([503, 503, 503, 201]);
    clock.advance(10 * MINUTE);
    await run();
    expect(await closedBusinessMails(x.member.user.email)).toEqual([]);
  });

  it('a push given up after its tries (5xx each time) leaves the e-mail to go, once', async () => {
    const x = await createGroupWithMembers(t);
    const broken = service.newDevice('giver-broken-phone');
    await subscribe(x.member.token, broken);
    service.answerNext(broken.name, 503, 503, 503, 503, 503);
    await winMembersLead(x);
    await run();
    while (requestsTo(broken).length < 5) {
      expect(await closedBusinessMails(x.member.user.email)).toEqual([]);
      clock.advance(MINUTE);
      await run();
    }
    clock.advance(MINUTE);
    await run();
    clock.advance(10 * MINUTE);
    await run();
    expect(requestsTo(broken).map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
    expect(await closedBusinessMails(x.member.user.email)).toHaveLength(1);
  });
});

describe('chat', () => {
  it('a message pushed to a member’s device is not e-mailed to them; a member with no device gets the e-mail', async () => {
    const x = await createGroupWithMembers(t);
    const third = await createPayingUser(t);
    await post(t, '/group/add', { groupName: x.group.name, privateCode: GROUP_CODE }, { token: third.token });
    const laptop = service.newDevice('member-laptop-chat');
    await subscribe(x.member.token, laptop);
    const rooms = await post(
      t,
      '/chat/room/list',
      { grouping_level: 'GROUP', grouping_level_id: x.group.groupId },
      { token: x.owner.token },
    );
    const say = await post(
      t,
      '/chat/message/send',
      { room_id: rooms.body.rooms[0].roomId, message: 'Anyone near Austin?' },
      { token: x.owner.token },
    );
    expect(say.status).toBe(200);
    await run();
    expect(pushesTo(laptop).map((p) => p.payload.body)).toEqual(['Anyone near Austin?']);
    clock.advance(10 * MINUTE);
    await run();
    expect(await notificationMails(x.member.user.email, /wrote in/)).toEqual([]);
    const [mail] = await notificationMails(third.user.email, /wrote in/);
    expect(mail?.text).toContain('"Anyone near Austin?"');
  });
});

describe('new leads', () => {
  it('a lead pushed to the device is not e-mailed on its own; the daily digest still lists it', async () => {
    const x = await createGroupWithMembers(t);
    const phone = service.newDevice('owner-phone-new-lead');
    await subscribe(x.owner.token, phone);
    await createLead(x.member.token, x.group.groupId, { first_name: 'Ada', last_name: 'Pushed' });
    await run();
    expect(pushesTo(phone)).toHaveLength(1);
    clock.advance(10 * MINUTE);
    await run();
    expect(await notificationMails(x.owner.user.email, /./)).toEqual([]);

    await post(t, '/user/update_notifications', { enableEmail: true, leadEmails: 'DAILY' }, { token: x.owner.token });
    await createLead(x.member.token, x.group.groupId, { first_name: 'Dee', last_name: 'Gest' });
    await run();
    expect(pushesTo(phone)).toHaveLength(2);
    clock.advance(nextDigestAt(clock.now(), 'UTC').getTime() - clock.now().getTime());
    await run();
    const [digest, ...more] = await notificationMails(x.owner.user.email, /digest/);
    expect(more).toEqual([]);
    expect(digest?.text).toContain('Dee Gest');
  });
});
