import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendNotificationEmails } from '../../src/modules/notifications/mail.service.js';
import { createGroup, createGroupWithMembers, createPayingUser, GROUP_CODE } from '../groups.js';
import { post } from '../helpers.js';
import { type LocalDevice, type LocalPushService, startLocalPushService } from '../local-push-service.js';
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../test-app.js';
import { createLead as createLeadAs, subscribe as subscribeDevice } from './support.js';

// Web Push against a real local push service (HTTPS, VAPID checked, payload decrypted with the device's keys).

let t: TestApp;
let clock: TestClock;
let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
  clock = createTestClock();
  t = await createTestApp({ clock, env: { OUTBOUND_ALLOW_LOOPBACK: 'true', SUPPORT_EMAIL: 'help@leadcircle.test' } });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const MINUTE = 60_000;
const run = () => sendNotificationEmails(t.deps);
const pushesTo = (device: LocalDevice) => service.received.filter((p) => p.device === device.name);
const requestsTo = (device: LocalDevice) => service.requests.filter((r) => r.device === device.name);

const subscribe = (token: string, device: LocalDevice, label = 'Chromium on Linux') =>
  subscribeDevice(t, token, device, label);
const createLead = (token: string, groupId: number, overrides: Record<string, unknown> = {}) =>
  createLeadAs(t, token, groupId, overrides);
async function signalCircle() {
  const owner = await createPayingUser(t);
  const group = await createGroup(t, owner.token, { name: `Signal Circle ${Date.now() % 100000}` });
  const member = await createPayingUser(t);
  await post(t, '/group/add', { groupName: group.name, privateCode: GROUP_CODE }, { token: member.token });
  return { owner, member, group };
}
const NADIA = { first_name: 'Nadia', last_name: 'Quinn', title: 'VP Sales', company: 'Helix' };

describe('push notifications', () => {
  it('a new lead reaches the other members’ devices: encrypted, signed, with TTL and Urgency, opening the lead', async () => {
    const x = await signalCircle();
    const phone = service.newDevice('owner-phone');
    await subscribe(x.owner.token, phone);
    const lead = await createLead(x.member.token, x.group.groupId, NADIA);
    await run();
    const [push, ...more] = pushesTo(phone);
    expect(more).toEqual([]);
    expect(service.errors).toEqual([]);
    expect(push?.payload).toEqual({
      title: `New lead in ${x.group.name}`,
      body: 'Nadia Q — VP Sales at Helix',
      url: `/groups/${x.group.groupId}/leads/${lead.leadId}`,
      tag: `lead-${lead.leadId}`,
    });
    expect(push?.ttl).toBeGreaterThan(0);
    expect(push?.urgency).toBe('high');
    expect(push?.vapid).toMatchObject({ aud: service.origin, sub: 'mailto:help@leadcircle.test' });
    // Sent once: the next run sends nothing again.
    await run();
    expect(pushesTo(phone)).toHaveLength(1);
  });

  it('several messages in a room due together go as one notification with the room’s tag', async () => {
    const x = await createGroupWithMembers(t);
    const laptop = service.newDevice('owner-laptop-chat');
    await subscribe(x.owner.token, laptop);
    const rooms = await post(
      t,
      '/chat/room/list',
      { grouping_level: 'GROUP', grouping_level_id: x.group.groupId },
      { token: x.member.token },
    );
    const roomId = rooms.body.rooms[0].roomId;
    for (const message of ['one', 'two', 'three']) {
      expect(
        (await post(t, '/chat/message/send', { room_id: roomId, message }, { token: x.member.token })).status,
      ).toBe(200);
    }
    await run();
    const pushes = pushesTo(laptop);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.payload.body).toBe('3 new messages');
    expect(pushes[0]?.payload.tag).toMatch(/^chat-/);
  });

  it('a subscription the push service answers 410 for is deleted', async () => {
    const x = await signalCircle();
    const old = service.newDevice('owner-old-phone');
    await subscribe(x.owner.token, old);
    service.answerNext(old.name, 410);
    await createLead(x.member.token, x.group.groupId);
    await run();
    expect(requestsTo(old)).toEqual([{ device: old.name, status: 410 }]);
    const devices = await post(t, '/push/devices', {}, { token: x.owner.token });
    expect(devices.body.devices).toEqual([]);
  });

  it('429 is tried again later, after the service’s Retry-After', async () => {
    const x = await signalCircle();
    const busy = service.newDevice('owner-busy');
    await subscribe(x.owner.token, busy);
    service.answerNext(busy.name, 429);
    await createLead(x.member.token, x.group.groupId, NADIA);
    await run();
    expect(pushesTo(busy)).toEqual([]);
    // Not before the wait it asked for (30 s).
    await run();
    expect(requestsTo(busy)).toHaveLength(1);
    clock.advance(MINUTE);
    await run();
    expect(requestsTo(busy).map((r) => r.status)).toEqual([429, 201]);
    expect(pushesTo(busy)[0]?.payload.body).toBe('Nadia Q — VP Sales at Helix');
  });

  it('a push switch turned off sends nothing of that kind', async () => {
    const x = await signalCircle();
    const quiet = service.newDevice('owner-quiet');
    await subscribe(x.owner.token, quiet);
    const off = await post(t, '/push/switches/set', { kind: 'NEW_LEAD', enabled: false }, { token: x.owner.token });
    expect(off.body).toEqual({ kind: 'NEW_LEAD', enabled: false });
    const switches = await post(t, '/push/switches', {}, { token: x.owner.token });
    expect(switches.body.switches).toContainEqual({ kind: 'NEW_LEAD', enabled: false });
    expect(switches.body.switches).toContainEqual({ kind: 'CHAT', enabled: true });
    await createLead(x.member.token, x.group.groupId);
    await run();
    expect(requestsTo(quiet)).toEqual([]);
  });

  it('nothing is pushed to a device where the app is open and visible; it is once hidden again', async () => {
    const x = await signalCircle();
    const desk = service.newDevice('owner-desk');
    const device = await subscribe(x.owner.token, desk);
    const seen = await post(t, '/push/visibility', { device_id: device.id, visible: true }, { token: x.owner.token });
    expect(seen.status).toBe(200);
    await createLead(x.member.token, x.group.groupId);
    await run();
    expect(requestsTo(desk)).toEqual([]);
    await post(t, '/push/visibility', { device_id: device.id, visible: false }, { token: x.owner.token });
    await createLead(x.member.token, x.group.groupId);
    await run();
    expect(pushesTo(desk)).toHaveLength(1);
  });

  it('a visible report that is not renewed runs out', async () => {
    const x = await signalCircle();
    const tab = service.newDevice('owner-closed-tab');
    const device = await subscribe(x.owner.token, tab);
    await post(t, '/push/visibility', { device_id: device.id, visible: true }, { token: x.owner.token });
    clock.advance(5 * MINUTE);
    await createLead(x.member.token, x.group.groupId);
    await run();
    expect(pushesTo(tab)).toHaveLength(1);
  });
});

describe('push devices: who may do what', () => {
  it('a person lists and removes only their own devices; another’s reads as missing', async () => {
    const owner = await createPayingUser(t);
    const stranger = await createPayingUser(t);
    const device = await subscribe(owner.token, service.newDevice('private-phone'), 'Safari on iPhone');
    expect((await post(t, '/push/devices', {}, { token: stranger.token })).body.devices).toEqual([]);
    const list = await post(t, '/push/devices', {}, { token: owner.token });
    expect(list.body.devices).toEqual([expect.objectContaining({ id: device.id, label: 'Safari on iPhone' })]);
    for (const path of ['/push/remove', '/push/visibility']) {
      const res = await post(t, path, { device_id: device.id, visible: true }, { token: stranger.token });
      expect([404, 400]).toContain(res.status);
    }
    const removeByStranger = await post(t, '/push/remove', { device_id: device.id }, { token: stranger.token });
    expect(removeByStranger.status).toBe(404);
    expect((await post(t, '/push/devices', {}, { token: owner.token })).body.devices).toHaveLength(1);
    expect((await post(t, '/push/remove', { device_id: device.id }, { token: owner.token })).status).toBe(200);
    expect((await post(t, '/push/devices', {}, { token: owner.token })).body.devices).toEqual([]);
  });

  it('signed out, every push call is refused', async () => {
    for (const path of ['/push/public_key', '/push/subscribe', '/push/devices', '/push/remove', '/push/switches']) {
      expect((await post(t, path, {})).status).toBe(401);
    }
  });

  it('the public key is a P-256 point; bad subscriptions get a clear 400 and store nothing', async () => {
    const user = await createPayingUser(t);
    const key = await post(t, '/push/public_key', {}, { token: user.token });
    expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65);
    const device = service.newDevice('bad');
    for (const body of [
      { endpoint: 'not a url', keys: device.keys },
      { endpoint: `${device.endpoint}\u0000`, keys: device.keys },
      { endpoint: `https://x.example/${'a'.repeat(5000)}`, keys: device.keys },
      { endpoint: device.endpoint, keys: { p256dh: 'short', auth: device.keys.auth } },
      { endpoint: device.endpoint, keys: device.keys, label: 'x'.repeat(500) },
    ]) {
      const res = await post(t, '/push/subscribe', body, { token: user.token });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await post(t, '/push/devices', {}, { token: user.token })).body.devices).toEqual([]);
  });
});

describe('push endpoints under the outbound rules', () => {
  it('without OUTBOUND_ALLOW_LOOPBACK, loopback, private and link-local addresses are refused', async () => {
    const strict = await createTestApp();
    try {
      const user = await createPayingUser(strict);
      const keys = service.newDevice('strict').keys;
      for (const endpoint of [
        'https://127.0.0.1:8443/push/x',
        'https://localhost/push/x',
        'https://10.1.2.3/push/x',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/push/x',
      ]) {
        const res = await post(strict, '/push/subscribe', { endpoint, keys }, { token: user.token });
        expect(res.status, endpoint).toBe(400);
        expect(res.body.code).toBe('PUSH_ENDPOINT_REFUSED');
      }
      expect((await post(strict, '/push/devices', {}, { token: user.token })).body.devices).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
