import { OUTCOME_MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, leads } from '../../src/db/schema/index.js';
import { ALL_JOBS, followUpNudgeJob } from '../../src/jobs/jobs.js';
import { HOUR_MS } from '../../src/lib/clock.js';
import { sendFollowUpNudges } from '../../src/modules/leads/outcomes.service.js';
import { createGroupWithMembers, createPayingUser } from '../groups.js';
import { post, signIn } from '../helpers.js';
import { insertLead } from '../leads.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

// The follow-up reminder: a lead assigned to someone with no progress for the group's number of days
// (7 unless its owner changed it) reminds the assignee once, in their inbox.

const DAY = 24 * HOUR_MS;
let t: TestApp;
const clock = createTestClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof createPayingUser>>;
// The test moves the clock by days, past any access token's life: every call signs in afresh.
const tokenOf = async (u: User) => (await signIn(t, u.user.email, u.user.password)).accessToken;

/** A group whose member submitted a lead the owner took (the owner assigned it to themselves). */
async function assignedLead() {
  const x = await createGroupWithMembers(t);
  const lead = await insertLead(t, { groupId: x.group.groupId, createdBy: x.member.user.id });
  const res = await post(
    t,
    '/lead/assign',
    { group_id: x.group.groupId, lead_id: lead.id, user_id: x.owner.user.id },
    { token: await tokenOf(x.member) },
  );
  expect(res.status).toBe(200);
  return { ...x, lead, assignee: x.owner };
}

const remindersOf = async (leadId: number) =>
  (await t.db.select().from(activities).where(eq(activities.type, 'LEAD_FOLLOW_UP'))).filter(
    (a) => (a.data as { leadFollowUp: { leadId: number } }).leadFollowUp.leadId === leadId,
  );
const inboxTypes = async (who: User) =>
  (await post(t, '/notification/list', {}, { token: await tokenOf(who) })).body.notifications.map(
    (n: { activity: { type: string } }) => n.activity.type,
  );

describe('the follow-up reminder', () => {
  it('reminds the assignee once, after 7 days without progress, not before', async () => {
    const w = await assignedLead();
    clock.advance(7 * DAY - 60_000);
    await sendFollowUpNudges(t.deps);
    expect(await remindersOf(w.lead.id)).toHaveLength(0);
    expect(await inboxTypes(w.assignee)).not.toContain('LEAD_FOLLOW_UP');

    clock.advance(60_000);
    await sendFollowUpNudges(t.deps);
    const [reminder] = await remindersOf(w.lead.id);
    expect(reminder).toMatchObject({
      actorUserId: w.member.user.id,
      groupId: null,
      data: {
        leadFollowUp: { leadId: w.lead.id, groupId: w.group.groupId, days: 7 },
        recipientUserIds: [w.owner.user.id],
      },
    });
    const inbox = (await post(t, '/notification/list', {}, { token: await tokenOf(w.assignee) })).body;
    const item = inbox.notifications.find((n: { activity: { type: string } }) => n.activity.type === 'LEAD_FOLLOW_UP');
    expect(item.activity.data.leadFollowUp).toMatchObject({
      leadId: w.lead.id,
      days: 7,
      groupId: w.group.groupId,
      leadName: `${w.lead.firstName} ${w.lead.lastName}`,
    });
    expect(OUTCOME_MESSAGES.followUp(item.activity.data.leadFollowUp.leadName, 7)).toContain('7 days ago');
    // Only the assignee is reminded: not the group's other members.
    expect(await inboxTypes(w.stranger)).not.toContain('LEAD_FOLLOW_UP');

    // Once: later runs, however late, remind nobody again.
    await sendFollowUpNudges(t.deps);
    clock.advance(30 * DAY);
    await followUpNudgeJob.run(t.deps);
    expect(await remindersOf(w.lead.id)).toHaveLength(1);
  });

  it('does not remind after progress; a new quiet spell of 7 days reminds again, a closed lead never', async () => {
    const w = await assignedLead();
    clock.advance(5 * DAY);
    const step = await post(
      t,
      '/lead/outcome/record',
      { lead_id: w.lead.id, stage: 'CONTACTED' },
      { token: await tokenOf(w.assignee) },
    );
    expect(step.status).toBe(200);
    clock.advance(2 * DAY);
    await sendFollowUpNudges(t.deps);
    expect(await remindersOf(w.lead.id)).toHaveLength(0);
    clock.advance(5 * DAY);
    await sendFollowUpNudges(t.deps);
    expect(await remindersOf(w.lead.id)).toHaveLength(1);

    const closed = await assignedLead();
    await post(
      t,
      '/lead/outcome/record',
      { lead_id: closed.lead.id, stage: 'WON', amount: 500 },
      { token: await tokenOf(closed.assignee) },
    );
    clock.advance(60 * DAY);
    await sendFollowUpNudges(t.deps);
    expect(await remindersOf(closed.lead.id)).toHaveLength(0);
  });

  it('never reminds about an unassigned lead; a reassigned lead starts its days again', async () => {
    const x = await createGroupWithMembers(t);
    const free = await insertLead(t, { groupId: x.group.groupId, createdBy: x.member.user.id });
    const w = await assignedLead();
    clock.advance(6 * DAY);
    const other = await createPayingUser(t);
    await post(
      t,
      '/group/add',
      { groupName: w.group.name, privateCode: 'open-sesame-42' },
      { token: await tokenOf(other) },
    );
    await post(
      t,
      '/lead/assign',
      { group_id: w.group.groupId, lead_id: w.lead.id, user_id: other.user.id },
      { token: await tokenOf(w.member) },
    );
    clock.advance(2 * DAY);
    await sendFollowUpNudges(t.deps);
    expect(await remindersOf(w.lead.id)).toHaveLength(0);
    clock.advance(5 * DAY);
    await sendFollowUpNudges(t.deps);
    const reminders = await remindersOf(w.lead.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.data).toMatchObject({ recipientUserIds: [other.user.id] });
    expect(await remindersOf(free.id)).toHaveLength(0);
  });

  it("follows the group's own number of days, set by its owner only", async () => {
    const w = await assignedLead();
    const set = async (who: User, days: unknown) =>
      post(
        t,
        '/group/user/update',
        { group_id: w.group.groupId, user_id: who.user.id, follow_up_days: days },
        { token: await tokenOf(who) },
      );
    expect(await set(w.member, 3)).toMatchObject({
      status: 403,
      body: { code: 'GROUP_OWNER_ONLY', message: OUTCOME_MESSAGES.followUpDaysOwnerOnly },
    });
    for (const bad of [0, 91, 2.5, '3', null]) {
      const res = await set(w.owner, bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'follow_up_days', message: OUTCOME_MESSAGES.followUpDaysInvalid }]);
    }
    const got = await post(t, '/group/get', { group_id: w.group.groupId }, { token: await tokenOf(w.member) });
    expect(got.body.followUpDays).toBe(7);
    expect(await set(w.owner, 3)).toMatchObject({ status: 200, body: { followUpDays: 3 } });
    clock.advance(3 * DAY);
    await sendFollowUpNudges(t.deps);
    const [reminder] = await remindersOf(w.lead.id);
    expect(reminder?.data).toMatchObject({ leadFollowUp: { days: 3 } });
    // The owner's own product stays as it was; a member still changes their product alone.
    expect((await set(w.owner, 90)).body.followUpDays).toBe(90);
    const product = await post(
      t,
      '/group/user/update',
      { group_id: w.group.groupId, user_id: w.member.user.id, product: 'Insurance' },
      { token: await tokenOf(w.member) },
    );
    expect(product.body).toMatchObject({ myProduct: 'Insurance', followUpDays: 90 });
  });

  it('reminds each lead once when two instances run at the same moment', async () => {
    const w = await assignedLead();
    const more = await Promise.all(
      Array.from({ length: 24 }, () => insertLead(t, { groupId: w.group.groupId, createdBy: w.member.user.id })),
    );
    await t.db
      .update(leads)
      .set({ assignedTo: w.owner.user.id, assignedAt: clock.now() })
      .where(eq(leads.groupId, w.group.groupId));
    clock.advance(8 * DAY);
    const [a, b] = await Promise.all([sendFollowUpNudges(t.deps), sendFollowUpNudges(t.deps)]);
    // Between them the two runs reminded every due lead, and each lead once.
    expect(a + b).toBeGreaterThanOrEqual(25);
    for (const lead of [w.lead, ...more]) expect(await remindersOf(lead.id)).toHaveLength(1);
  });

  it('runs as a job with the others', () => {
    expect(ALL_JOBS).toContain(followUpNudgeJob);
    expect(new Set(ALL_JOBS.map((j) => j.name)).size).toBe(ALL_JOBS.length);
  });
});
