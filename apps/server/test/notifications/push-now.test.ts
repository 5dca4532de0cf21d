import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_TASKS } from '../../src/jobs/jobs.js';
import { type JobQueue, startJobQueue } from '../../src/jobs/queue.js';
import { createGroupWithMembers } from '../groups.js';
import { createSignedInUser, latestLinkTo, post } from '../helpers.js';
import { leadPayload } from '../leads.js';
import { type LocalDevice, type LocalPushService, startLocalPushService } from '../local-push-service.js';
import { createOpportunity, createSharedOpportunity, invite as inviteToOpportunity } from '../opportunities/support.js';
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
/** Every queued task has run (done tasks leave the queue). */
async function tasksDone() {
  await waitUntil(async () => expect(await queuedTasks('invitation-push')).toBe(0));
  await waitUntil(async () => expect(await queuedTasks('push-now')).toBe(0));
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
    await tasksDone();
    expect(pushesTo(tablet)).toEqual([]);
  });
});

describe('opportunity invitations', () => {
  it('an invitation to a person with an account pushes “Invitation to <opportunity>”, opening the e-mailed link', async () => {
    const owner = await createSignedInUser(t, { firstName: 'Ana', lastName: 'Lopez' });
    const opportunity = await createOpportunity(t, owner.accessToken);
    const invitee = await createSignedInUser(t);
    const phone = service.newDevice('opportunity-invitee-phone');
    await subscribe(invitee.accessToken, phone);
    const ownerPhone = service.newDevice('opportunity-owner-phone');
    await subscribe(owner.accessToken, ownerPhone);
    const link = await inviteToOpportunity(t, owner.accessToken, opportunity.opportunityId, invitee.user.email);
    await waitUntil(() => expect(pushesTo(phone)).toHaveLength(1));
    expect(pushesTo(phone)[0]?.payload).toEqual({
      title: `Invitation to ${opportunity.name}`,
      body: 'Ana Lopez invited you',
      url: `${link.pathname}${link.search}`,
      tag: expect.stringMatching(/^invite-/),
    });
    expect(link.pathname).toBe('/opportunity/user_invited');
    await tasksDone();
    // Only the invitee's devices.
    expect(pushesTo(ownerPhone)).toEqual([]);
    expect(service.errors).toEqual([]);
  });

  it('nothing is pushed with the EVENT push switch off, nor to a device where the app is visible', async () => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const quiet = await createSignedInUser(t);
    const quietPhone = service.newDevice('opportunity-invitee-switch-off');
    await subscribe(quiet.accessToken, quietPhone);
    const off = await post(t, '/push/switches/set', { kind: 'EVENT', enabled: false }, { token: quiet.accessToken });
    expect(off.status).toBe(200);
    const looking = await createSignedInUser(t);
    const desk = service.newDevice('opportunity-invitee-visible');
    const device = await post(
      t,
      '/push/subscribe',
      { endpoint: desk.endpoint, keys: desk.keys },
      { token: looking.accessToken },
    );
    const seen = await post(
      t,
      '/push/visibility',
      { device_id: device.body.id, visible: true },
      { token: looking.accessToken },
    );
    expect(seen.status).toBe(200);
    await inviteToOpportunity(t, owner.accessToken, opportunity.opportunityId, quiet.user.email);
    await inviteToOpportunity(t, owner.accessToken, opportunity.opportunityId, looking.user.email);
    await tasksDone();
    expect(service.requests.filter((r) => r.device === quietPhone.name || r.device === desk.name)).toEqual([]);
  });

  it('an invitation to an address without an account pushes nothing', async () => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const ownerPhone = service.newDevice('opportunity-owner-newcomer');
    await subscribe(owner.accessToken, ownerPhone);
    const before = service.requests.length;
    await inviteToOpportunity(t, owner.accessToken, opportunity.opportunityId, `newcomer.${Date.now()}@example.com`);
    await tasksDone();
    expect(service.requests.length).toBe(before);
  });

  it('a refused invitation (a shared user, a stranger) pushes nothing to the person named', async () => {
    const x = await createSharedOpportunity(t);
    const target = await createSignedInUser(t);
    const phone = service.newDevice('opportunity-target-phone');
    await subscribe(target.accessToken, phone);
    const body = { opportunity_id: x.opportunity.opportunityId, email: target.user.email };
    expect((await post(t, '/opportunity/user/invite', body, { token: x.shared.token })).status).toBe(403);
    expect((await post(t, '/opportunity/user/invite', body, { token: x.stranger.token })).status).toBe(404);
    await tasksDone();
    expect(service.requests.filter((r) => r.device === phone.name)).toEqual([]);
  });
});
