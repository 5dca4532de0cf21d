import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_TASKS } from '../../src/jobs/jobs.js';
import { type JobQueue, startJobQueue } from '../../src/jobs/queue.js';
import { createGroupWithMembers } from '../groups.js';
import { createSignedInUser, latestLinkTo, post } from '../helpers.js';
import { leadPayload } from '../leads.js';
import { type LocalDevice, type LocalPushService, startLocalPushService } from '../local-push-service.js';
import { createTestApp, type TestApp } from '../test-app.js';

// Pushes within seconds: the tasks the job queue runs as activities and invitations happen, with no
// notification-email job (the minute sweep) running at all.

let t: TestApp;
let service: LocalPushService;
let queue: JobQueue;
beforeAll(async () => {
  service = await startLocalPushService();
  t = await createTestApp({ env: { OUTBOUND_ALLOW_LOOPBACK: 'true' } });
  queue = await startJobQueue(t.deps, t.pool, [], ALL_TASKS);
});
afterAll(async () => {
  await queue?.stop();
  await t?.close();
  await service?.close();
});

const pushesTo = (device: LocalDevice) => service.received.filter((p) => p.device === device.name);
const waitUntil = (check: () => unknown) => vi.waitFor(check, { timeout: 20_000, interval: 100 });

async function subscribe(token: string, device: LocalDevice) {
  const res = await post(t, '/push/subscribe', { endpoint: device.endpoint, keys: device.keys }, { token });
  expect(res.status).toBe(200);
}
async function invite(token: string, groupId: number, email: string) {
  const res = await post(t, '/group/invite', { email, role: 'MEMBER', group_id: groupId }, { token });
  expect(res.status).toBe(200);
  return latestLinkTo(t, email);
}
async function queuedTasks(task: string): Promise<number> {
  const rows = await t.db.execute(
    sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${task}`,
  );
  return (rows.rows[0] as { n: number }).n;
}

describe('pushes without waiting for the minute job', () => {
  it('a new lead reaches the other member’s device as soon as it is created', async () => {
    const x = await createGroupWithMembers(t);
    const phone = service.newDevice('owner-phone-now');
    await subscribe(x.owner.token, phone);
    const res = await post(
      t,
      '/lead/create',
      { group_id: x.group.groupId, lead: leadPayload({ first_name: 'Nadia', last_name: 'Quinn' }) },
      { token: x.member.token },
    );
    expect(res.status).toBe(200);
    await waitUntil(() => expect(pushesTo(phone)).toHaveLength(1));
    expect(pushesTo(phone)[0]?.payload).toMatchObject({
      title: `New lead in ${x.group.name}`,
      url: `/groups/${x.group.groupId}/leads/${res.body.leadId}`,
    });
    expect(service.errors).toEqual([]);
  });

  it('a group invitation to a person with an account pushes “Invitation to <group>”, opening the invitation page', async () => {
    const x = await createGroupWithMembers(t);
    const invitee = await createSignedInUser(t);
    const laptop = service.newDevice('invitee-laptop');
    await subscribe(invitee.accessToken, laptop);
    const link = await invite(x.owner.token, x.group.groupId, invitee.user.email);
    await waitUntil(() => expect(pushesTo(laptop)).toHaveLength(1));
    const [push] = pushesTo(laptop);
    expect(push?.payload.title).toBe(`Invitation to ${x.group.name}`);
    expect(push?.payload.url).toBe(`${link.pathname}${link.search}`);
    expect(push?.payload.url).toContain('/group/user_invited?action=GROUP_INVITE');
    // Only the invitee's devices: the members' own were not told.
    expect(service.errors).toEqual([]);
  });

  it('an invitee whose EVENT push switch is off gets no invitation push', async () => {
    const x = await createGroupWithMembers(t);
    const invitee = await createSignedInUser(t);
    const tablet = service.newDevice('invitee-tablet-off');
    await subscribe(invitee.accessToken, tablet);
    const off = await post(t, '/push/switches/set', { kind: 'EVENT', enabled: false }, { token: invitee.accessToken });
    expect(off.status).toBe(200);
    await invite(x.owner.token, x.group.groupId, invitee.user.email);
    // The invitation's task has run (done tasks leave the queue).
    await waitUntil(async () => expect(await queuedTasks('invitation-push')).toBe(0));
    await waitUntil(async () => expect(await queuedTasks('push-now')).toBe(0));
    expect(pushesTo(tablet)).toEqual([]);
  });
});
