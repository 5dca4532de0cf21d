import { LEAD_MESSAGES, OUTCOME_MESSAGES } from '@leadcircle/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, leadOutcomeSteps, leads } from '../../src/db/schema/index.js';
import { createGroupWithMembers, createPayingUser, GROUP_CODE } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead, leadNotFound, notMember, ownerOnly } from '../leads.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

// What became of a lead: the member it is assigned to (or who takes it) records Contacted, Meeting,
// Proposal, Won with the amount, or Lost with a reason; each step is kept with who and when; only the
// assignee changes it (the submitter too while nobody has taken it, "reported by the submitter", which
// the assignee or a group owner confirms); a Won lead credits its amount to the member who gave it.

let t: TestApp;
const clock = createTestClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof createPayingUser>>;

async function join(groupName: string) {
  const user = await createPayingUser(t);
  const res = await post(t, '/group/add', { groupName, privateCode: GROUP_CODE }, { token: user.token });
  if (res.status !== 200) throw new Error(`group/add ${res.status}`);
  return user;
}

/** A group where `giver` submitted a lead, `closer` may take it, and `bystander` (the group's owner) is neither. */
async function world() {
  const x = await createGroupWithMembers(t);
  const closer = await join(x.group.name);
  const lead = await insertLead(t, { groupId: x.group.groupId, createdBy: x.member.user.id });
  return { ...x, giver: x.member, closer, bystander: x.owner, lead };
}
type World = Awaited<ReturnType<typeof world>>;

const record = (w: World, who: User | undefined, body: Record<string, unknown>) =>
  post(t, '/lead/outcome/record', { lead_id: w.lead.id, ...body }, who ? { token: who.token } : {});
const take = (w: World, who: User) =>
  post(
    t,
    '/lead/assign',
    { group_id: w.group.groupId, lead_id: w.lead.id, user_id: who.user.id },
    { token: who.token },
  );
const inbox = (who: User) => post(t, '/notification/list', {}, { token: who.token });
const stepCount = async (leadId: number) =>
  (await t.db.select().from(leadOutcomeSteps).where(eq(leadOutcomeSteps.leadId, leadId))).length;
const leadRow = async (leadId: number) => (await t.db.select().from(leads).where(eq(leads.id, leadId)))[0];
const fullName = (u: User) => `${u.user.firstName} ${u.user.lastName}`;

describe('recording what became of a lead', () => {
  it('a member takes a lead, records Meeting then Won $12,000; the giver is thanked and credited', async () => {
    const w = await world();
    const taken = await take(w, w.closer);
    expect(taken.status).toBe(200);
    expect(taken.body.assignedTo).toEqual({ userId: w.closer.user.id, fullName: fullName(w.closer) });

    const meetingAt = clock.now().toISOString();
    const meeting = await record(w, w.closer, { stage: 'MEETING', note: 'Lunch on Tuesday' });
    expect(meeting.status).toBe(200);
    expect(meeting.body).toEqual({
      leadId: w.lead.id,
      outcome: { stage: 'MEETING', at: meetingAt, amountCents: null, lostReason: null, unconfirmed: false },
      canRecord: true,
      canConfirm: false,
      steps: [
        {
          stepId: expect.any(Number),
          stage: 'MEETING',
          amountCents: null,
          lostReason: null,
          note: 'Lunch on Tuesday',
          userId: w.closer.user.id,
          userName: fullName(w.closer),
          createdAt: meetingAt,
          reportedBySubmitter: false,
          confirmedBy: null,
          confirmedAt: null,
        },
      ],
    });

    clock.advance(60_000);
    const wonAt = clock.now().toISOString();
    const won = await record(w, w.closer, { stage: 'WON', amount: 12000 });
    expect(won.status).toBe(200);
    expect(won.body.outcome).toEqual({
      stage: 'WON',
      at: wonAt,
      amountCents: 1_200_000,
      lostReason: null,
      unconfirmed: false,
    });
    expect(won.body.steps.map((s: { stage: string }) => s.stage)).toEqual(['MEETING', 'WON']);
    expect(won.body.steps[1]).toMatchObject({ amountCents: 1_200_000, userId: w.closer.user.id, createdAt: wonAt });
    // Members with the lead open are told at once, in the group's room.
    expect(t.realtime.events).toContainEqual({
      rooms: [`group:${w.group.groupId}`],
      event: 'lead:outcome',
      data: { leadId: w.lead.id, groupId: w.group.groupId, outcome: won.body.outcome },
    });

    // The timeline and the outcome are the group's to see; only the assignee may record (not the giver).
    const seen = await post(t, '/lead/outcome/list', { lead_id: w.lead.id }, { token: w.bystander.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ ...won.body, canRecord: false });
    const asGiver = await post(t, '/lead/outcome/list', { lead_id: w.lead.id }, { token: w.giver.token });
    expect(asGiver.body).toEqual({ ...won.body, canRecord: false });
    const got = await post(t, '/lead/get', { lead_id: w.lead.id }, { token: w.bystander.token });
    expect(got.body.outcome).toEqual(won.body.outcome);

    // The giver's inbox: "thank you for closed business", naming who closed it and the amount.
    const giverInbox = (await inbox(w.giver)).body;
    const thanks = giverInbox.notifications.find((n: { activity: { type: string } }) => n.activity.type === 'LEAD_WON');
    expect(thanks).toBeDefined();
    expect(thanks.activity).toMatchObject({
      actorUserId: w.closer.user.id,
      groupId: w.group.groupId,
      data: {
        leadWon: {
          leadId: w.lead.id,
          amountCents: 1_200_000,
          userName: fullName(w.closer),
          leadName: `${w.lead.firstName} ${w.lead.lastName}`,
          leadCompany: w.lead.company,
        },
      },
    });
    expect(
      OUTCOME_MESSAGES.wonThanks(
        thanks.activity.data.leadWon.userName,
        thanks.activity.data.leadWon.amountCents,
        thanks.activity.data.leadWon.leadName,
      ),
    ).toBe(
      `Thank you for closed business: ${fullName(w.closer)} closed $12,000.00 with your lead ${w.lead.firstName} ${w.lead.lastName}.`,
    );
    // Not the closer's own news, nor the bystander's inbox (they see it in the group's feed).
    const types = (b: { notifications: { activity: { type: string } }[] }) =>
      b.notifications.map((n) => n.activity.type);
    expect(types((await inbox(w.closer)).body)).not.toContain('LEAD_WON');
    expect(types((await inbox(w.bystander)).body)).not.toContain('LEAD_WON');
    const feed = await post(t, '/activity/group', { group_id: w.group.groupId }, { token: w.bystander.token });
    expect(feed.body.activities.map((a: { type: string }) => a.type)).toContain('LEAD_WON');

    // The giver's card: one lead given, won, $12,000 of closed business; the closer's: one received and won.
    const card = await post(
      t,
      '/group/member_stats',
      { group_id: w.group.groupId, user_id: w.giver.user.id },
      { token: w.bystander.token },
    );
    expect(card).toMatchObject({
      status: 200,
      body: {
        groupId: w.group.groupId,
        userId: w.giver.user.id,
        leadsGiven: 1,
        leadsReceived: 0,
        wonCount: 1,
        closedBusinessCents: 1_200_000,
        receivedWonCount: 0,
      },
    });
    const closerCard = await post(
      t,
      '/group/member_stats',
      { group_id: w.group.groupId, user_id: w.closer.user.id },
      { token: w.closer.token },
    );
    expect(closerCard.body).toMatchObject({ leadsGiven: 0, leadsReceived: 1, wonCount: 0, receivedWonCount: 1 });
  });

  it('records Contacted, Proposal and Lost with a reason and a note; the owner may record on an unassigned lead', async () => {
    const w = await world();
    expect((await record(w, w.giver, { stage: 'CONTACTED' })).status).toBe(200);
    expect((await record(w, w.giver, { stage: 'PROPOSAL', note: 'Sent the quote\nfor 3 seats' })).status).toBe(200);
    const lost = await record(w, w.giver, { stage: 'LOST', lost_reason: 'CHOSE_COMPETITOR', note: 'Went with Acme' });
    expect(lost.status).toBe(200);
    expect(lost.body.outcome).toMatchObject({ stage: 'LOST', amountCents: null, lostReason: 'CHOSE_COMPETITOR' });
    expect(lost.body.steps).toEqual([
      expect.objectContaining({ stage: 'CONTACTED', note: null }),
      expect.objectContaining({ stage: 'PROPOSAL', note: 'Sent the quote\nfor 3 seats' }),
      expect.objectContaining({ stage: 'LOST', lostReason: 'CHOSE_COMPETITOR', note: 'Went with Acme' }),
    ]);
    // Nobody is thanked for a lost lead.
    const won = await t.db.select().from(activities).where(eq(activities.type, 'LEAD_WON'));
    expect(won.filter((a) => (a.data as { leadWon?: { leadId: number } }).leadWon?.leadId === w.lead.id)).toEqual([]);
  });

  it('a correction by the assignee replaces the credit instead of adding to it', async () => {
    const w = await world();
    await take(w, w.closer);
    expect((await record(w, w.closer, { stage: 'WON', amount: 12000 })).status).toBe(200);
    // The assignee corrects the amount: one credit, the new amount, no second thank-you.
    const corrected = await record(w, w.closer, { stage: 'WON', amount: 15000.5 });
    expect(corrected.body.outcome).toMatchObject({ stage: 'WON', amountCents: 1_500_050 });
    const card = () =>
      post(t, '/group/member_stats', { group_id: w.group.groupId, user_id: w.giver.user.id }, { token: w.giver.token });
    expect((await card()).body).toMatchObject({ wonCount: 1, closedBusinessCents: 1_500_050 });
    const groupStats = await post(t, '/lead/group_stats', { ids: [w.group.groupId] }, { token: w.giver.token });
    expect(groupStats.body.groups[0]).toMatchObject({ wonCount: 1, wonAmountCents: 1_500_050 });
    const thanks = async () =>
      (await t.db.select().from(activities).where(eq(activities.type, 'LEAD_WON'))).filter(
        (a) => (a.data as { leadWon: { leadId: number } }).leadWon.leadId === w.lead.id,
      ).length;
    expect(await thanks()).toBe(1);
    // Corrected to Lost: the credit goes.
    await record(w, w.closer, { stage: 'LOST', lost_reason: 'NO_BUDGET' });
    expect((await card()).body).toMatchObject({ wonCount: 0, closedBusinessCents: 0 });
    // Won again: credited once, with the latest amount.
    await record(w, w.closer, { stage: 'WON', amount: 9000 });
    expect((await card()).body).toMatchObject({ wonCount: 1, closedBusinessCents: 900_000 });
    expect(await stepCount(w.lead.id)).toBe(4);
  });

  it('accepts the amount limits: one cent and $1,000,000,000', async () => {
    const w = await world();
    expect((await record(w, w.giver, { stage: 'WON', amount: 0.01 })).body.outcome.amountCents).toBe(1);
    const max = await record(w, w.giver, { stage: 'WON', amount: 1_000_000_000 });
    expect(max.body.outcome.amountCents).toBe(100_000_000_000);
    expect((await leadRow(w.lead.id))!.wonAmountCents).toBe(100_000_000_000);
  });
});

describe('taking a lead', () => {
  it('lets a member take a free lead for themselves, not one someone else holds, nor give it to another', async () => {
    const w = await world();
    const other = await join(w.group.name);
    expect(
      await post(
        t,
        '/lead/assign',
        { group_id: w.group.groupId, lead_id: w.lead.id, user_id: other.user.id },
        { token: w.closer.token },
      ),
    ).toMatchObject({ status: 403, body: ownerOnly });
    expect((await take(w, w.closer)).status).toBe(200);
    // Taking it again is harmless; taking it from the holder is refused.
    expect((await take(w, w.closer)).status).toBe(200);
    expect(await take(w, other)).toMatchObject({
      status: 409,
      body: { code: 'LEAD_ALREADY_ASSIGNED', message: OUTCOME_MESSAGES.alreadyAssigned },
    });
    expect((await leadRow(w.lead.id))!.assignedTo).toBe(w.closer.user.id);
    // The owner may still give it to someone else.
    const given = await post(
      t,
      '/lead/assign',
      { group_id: w.group.groupId, lead_id: w.lead.id, user_id: other.user.id },
      { token: w.giver.token },
    );
    expect(given.body.assignedTo.userId).toBe(other.user.id);
    // The former assignee may no longer record.
    expect(await record(w, w.closer, { stage: 'CONTACTED' })).toMatchObject({
      status: 403,
      body: { code: 'LEAD_OUTCOME_NOT_ALLOWED' },
    });
    expect((await record(w, other, { stage: 'CONTACTED' })).status).toBe(200);
  });

  it('gives a free lead to one of two members taking it at the same moment', async () => {
    const w = await world();
    const other = await join(w.group.name);
    const answers = await Promise.all([take(w, w.closer), take(w, other)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? w.closer : other;
    expect((await leadRow(w.lead.id))!.assignedTo).toBe(winner.user.id);
  });
});

describe('refusals: nothing changes', () => {
  const unchanged = async (w: World) => {
    expect(await stepCount(w.lead.id)).toBe(0);
    expect(await leadRow(w.lead.id)).toMatchObject({ outcomeStage: null, wonAmountCents: null, lostReason: null });
  };

  it('401 signed out, 403 GROUP_NOT_MEMBER to a non-member, 403 LEAD_OUTCOME_NOT_ALLOWED to other members', async () => {
    const w = await world();
    await take(w, w.closer);
    expect((await record(w, undefined, { stage: 'CONTACTED' })).status).toBe(401);
    expect(await record(w, w.stranger, { stage: 'WON', amount: 100 })).toMatchObject({ status: 403, body: notMember });
    expect(await post(t, '/lead/outcome/list', { lead_id: w.lead.id }, { token: w.stranger.token })).toMatchObject({
      status: 403,
      body: notMember,
    });
    // A stranger learns nothing of the lead: the same answer as for any lead of a group they are not in.
    const strangerAnswer = await record(w, w.stranger, { stage: 'CONTACTED' });
    expect(JSON.stringify(strangerAnswer.body)).not.toContain(w.lead.lastName);
    expect(await record(w, w.bystander, { stage: 'CONTACTED' })).toMatchObject({
      status: 403,
      body: { code: 'LEAD_OUTCOME_NOT_ALLOWED', message: OUTCOME_MESSAGES.notAllowed },
    });
    await unchanged(w);
  });

  it('400 with a clear message for a bad amount, a missing or unknown reason, an unknown stage', async () => {
    const w = await world();
    await take(w, w.closer);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ stage: 'WON', amount: -5 }, 'amount', OUTCOME_MESSAGES.amountPositive],
      [{ stage: 'WON', amount: 0 }, 'amount', OUTCOME_MESSAGES.amountPositive],
      [{ stage: 'WON', amount: '12000' }, 'amount', OUTCOME_MESSAGES.amountInvalid],
      [{ stage: 'WON', amount: 'twelve' }, 'amount', OUTCOME_MESSAGES.amountInvalid],
      [{ stage: 'WON', amount: 1_000_000_000.01 }, 'amount', OUTCOME_MESSAGES.amountTooLarge],
      [{ stage: 'WON', amount: 1e300 }, 'amount', OUTCOME_MESSAGES.amountTooLarge],
      [{ stage: 'WON', amount: 10.005 }, 'amount', OUTCOME_MESSAGES.amountCents],
      [{ stage: 'WON' }, 'amount', OUTCOME_MESSAGES.amountRequired],
      [{ stage: 'WON', amount: null }, 'amount', OUTCOME_MESSAGES.amountRequired],
      [{ stage: 'MEETING', amount: 100 }, 'amount', OUTCOME_MESSAGES.amountOnlyWon],
      [{ stage: 'LOST' }, 'lost_reason', OUTCOME_MESSAGES.reasonRequired],
      [{ stage: 'LOST', lost_reason: 'TOO_EXPENSIVE' }, 'lost_reason', OUTCOME_MESSAGES.reasonRequired],
      [{ stage: 'WON', amount: 10, lost_reason: 'NO_NEED' }, 'lost_reason', OUTCOME_MESSAGES.reasonOnlyLost],
      [{ stage: 'SIGNED' }, 'stage', OUTCOME_MESSAGES.stageInvalid],
      [{}, 'stage', OUTCOME_MESSAGES.stageInvalid],
      [{ stage: 'LOST', lost_reason: 'OTHER', note: 'x'.repeat(1001) }, 'note', OUTCOME_MESSAGES.noteTooLong],
    ];
    for (const [body, path, message] of cases) {
      const res = await record(w, w.closer, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues, JSON.stringify(body)).toEqual(expect.arrayContaining([{ path, message }]));
    }
    await unchanged(w);
  });

  it('404 LEAD_NOT_FOUND for a deleted lead and a missing one', async () => {
    const w = await world();
    await take(w, w.closer);
    expect(await post(t, '/lead/delete', { lead_id: w.lead.id }, { token: w.giver.token })).toMatchObject({
      status: 200,
      body: { message: LEAD_MESSAGES.deleted },
    });
    expect(await record(w, w.closer, { stage: 'WON', amount: 100 })).toMatchObject({ status: 404, body: leadNotFound });
    expect(await record(w, w.giver, { stage: 'CONTACTED' })).toMatchObject({ status: 404, body: leadNotFound });
    expect(
      await post(t, '/lead/outcome/record', { lead_id: 999999, stage: 'CONTACTED' }, { token: w.giver.token }),
    ).toMatchObject({ status: 404, body: leadNotFound });
    expect(await post(t, '/lead/outcome/list', { lead_id: w.lead.id }, { token: w.giver.token })).toMatchObject({
      status: 404,
      body: leadNotFound,
    });
    const rows = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from lead_outcome_steps where lead_id = ${w.lead.id}`,
    );
    expect(rows.rows[0]!.n).toBe(0);
  });
});

describe('a giver cannot credit themselves', () => {
  const confirm = (w: World, who: User | undefined, leadId = w.lead.id) =>
    post(t, '/lead/outcome/confirm', { lead_id: leadId }, who ? { token: who.token } : {});
  const timelineOf = (w: World, who: User) =>
    post(t, '/lead/outcome/list', { lead_id: w.lead.id }, { token: who.token });
  const card = (w: World) =>
    post(
      t,
      '/group/member_stats',
      { group_id: w.group.groupId, user_id: w.giver.user.id },
      { token: w.bystander.token },
    );
  const groupStats = async (w: World) =>
    (await post(t, '/lead/group_stats', { ids: [w.group.groupId] }, { token: w.bystander.token })).body.groups[0];
  const giverStats = async (w: World) =>
    (
      (await post(t, '/group/stats', { search_ids: [w.group.groupId] }, { token: w.bystander.token })).body.groups[0]
        .usersStats as { userId: number }[]
    ).find((u) => u.userId === w.giver.user.id);
  const thanksFor = async (w: World) =>
    (await t.db.select().from(activities).where(eq(activities.type, 'LEAD_WON'))).filter(
      (a) => (a.data as { leadWon: { leadId: number } }).leadWon.leadId === w.lead.id,
    );
  const recordRefused = {
    code: 'LEAD_OUTCOME_NOT_ALLOWED',
    message: 'Only the member this lead is assigned to can record its progress.',
  };

  it('refuses the submitter of a lead assigned to someone else: 403 with the message, nothing written', async () => {
    const w = await world();
    await take(w, w.closer);
    expect(await record(w, w.giver, { stage: 'WON', amount: 50000 })).toMatchObject({
      status: 403,
      body: recordRefused,
    });
    expect(await record(w, w.giver, { stage: 'LOST', lost_reason: 'NO_NEED' })).toMatchObject({
      status: 403,
      body: recordRefused,
    });
    expect(await stepCount(w.lead.id)).toBe(0);
    expect((await card(w)).body).toMatchObject({ wonCount: 0, closedBusinessCents: 0 });
    // They still see the timeline, without RECORD PROGRESS.
    expect((await timelineOf(w, w.giver)).body).toMatchObject({ canRecord: false, canConfirm: false, steps: [] });
    expect((await timelineOf(w, w.closer)).body).toMatchObject({ canRecord: true, canConfirm: false });
  });

  it('the submitter of an unassigned lead reports Won: marked, not closed business until a group owner confirms', async () => {
    const w = await world();
    const reportedAt = clock.now().toISOString();
    const reported = await record(w, w.giver, { stage: 'WON', amount: 12000 });
    expect(reported.status).toBe(200);
    expect(reported.body.outcome).toMatchObject({ stage: 'WON', amountCents: 1_200_000, unconfirmed: true });
    expect(reported.body.steps).toEqual([
      expect.objectContaining({
        stage: 'WON',
        userId: w.giver.user.id,
        createdAt: reportedAt,
        reportedBySubmitter: true,
        confirmedBy: null,
        confirmedAt: null,
      }),
    ]);
    expect(reported.body).toMatchObject({ canRecord: true, canConfirm: false });
    expect(await leadRow(w.lead.id)).toMatchObject({ outcomeStage: 'WON', outcomeUnconfirmed: true });
    const [step] = await t.db.select().from(leadOutcomeSteps).where(eq(leadOutcomeSteps.leadId, w.lead.id));
    expect(step).toMatchObject({ reportedBySubmitter: true, confirmedBy: null, confirmedAt: null });

    // Not closed business anywhere yet: member card, scoreboard, per-member stats, top givers; nobody thanked.
    expect((await card(w)).body).toMatchObject({ leadsGiven: 1, wonCount: 0, closedBusinessCents: 0 });
    expect(await groupStats(w)).toMatchObject({ wonCount: 0, wonAmountCents: 0, conversion: 0 });
    expect((await groupStats(w)).topGivers.last30Days).not.toContainEqual(
      expect.objectContaining({ userId: w.giver.user.id, wonCount: 1 }),
    );
    expect(await giverStats(w)).toMatchObject({ wonCount: 0, closedBusinessCents: 0, conversion: 0 });
    expect(await thanksFor(w)).toEqual([]);
    // The lead's answer says so too.
    const got = await post(t, '/lead/get', { lead_id: w.lead.id }, { token: w.bystander.token });
    expect(got.body.outcome).toMatchObject({ stage: 'WON', unconfirmed: true });

    // Who may confirm: the group's owner (nobody has taken the lead), not the giver, not a plain member.
    expect((await timelineOf(w, w.bystander)).body).toMatchObject({ canRecord: false, canConfirm: true });
    expect((await timelineOf(w, w.closer)).body).toMatchObject({ canRecord: false, canConfirm: false });

    clock.advance(60_000);
    const confirmedAt = clock.now().toISOString();
    const confirmed = await confirm(w, w.bystander);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.outcome).toMatchObject({ stage: 'WON', amountCents: 1_200_000, unconfirmed: false });
    expect(confirmed.body.steps[0]).toMatchObject({
      reportedBySubmitter: true,
      confirmedBy: { userId: w.bystander.user.id, userName: fullName(w.bystander) },
      confirmedAt,
    });
    expect(confirmed.body.canConfirm).toBe(false);
    expect(await leadRow(w.lead.id)).toMatchObject({ outcomeUnconfirmed: false });
    expect(t.realtime.events).toContainEqual({
      rooms: [`group:${w.group.groupId}`],
      event: 'lead:outcome',
      data: { leadId: w.lead.id, groupId: w.group.groupId, outcome: confirmed.body.outcome },
    });

    // Now it counts, and the win is news once.
    expect((await card(w)).body).toMatchObject({ wonCount: 1, closedBusinessCents: 1_200_000 });
    expect(await groupStats(w)).toMatchObject({ wonCount: 1, wonAmountCents: 1_200_000, conversion: 1 });
    expect(await giverStats(w)).toMatchObject({ wonCount: 1, closedBusinessCents: 1_200_000 });
    expect(await thanksFor(w)).toHaveLength(1);

    // Nothing left to confirm.
    expect(await confirm(w, w.bystander)).toMatchObject({
      status: 409,
      body: { code: 'LEAD_OUTCOME_NOTHING_TO_CONFIRM', message: OUTCOME_MESSAGES.nothingToConfirm },
    });
  });

  it('the assignee confirms what the submitter reported before they took the lead; the giver is thanked', async () => {
    const w = await world();
    expect((await record(w, w.giver, { stage: 'WON', amount: 8000 })).status).toBe(200);
    await take(w, w.closer);
    expect((await timelineOf(w, w.closer)).body).toMatchObject({ canRecord: true, canConfirm: true });
    // The group's owner no longer confirms: the lead has an assignee.
    expect((await timelineOf(w, w.bystander)).body.canConfirm).toBe(false);
    expect(await confirm(w, w.bystander)).toMatchObject({
      status: 403,
      body: { code: 'LEAD_OUTCOME_CONFIRM_NOT_ALLOWED', message: OUTCOME_MESSAGES.confirmNotAllowed },
    });
    expect((await card(w)).body).toMatchObject({ wonCount: 0, closedBusinessCents: 0 });
    const confirmed = await confirm(w, w.closer);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.steps[0].confirmedBy).toEqual({ userId: w.closer.user.id, userName: fullName(w.closer) });
    expect((await card(w)).body).toMatchObject({ wonCount: 1, closedBusinessCents: 800_000 });
    const thanks = (await inbox(w.giver)).body.notifications.find(
      (n: { activity: { type: string } }) => n.activity.type === 'LEAD_WON',
    );
    expect(thanks.activity).toMatchObject({
      actorUserId: w.closer.user.id,
      data: { leadWon: { amountCents: 800_000 } },
    });
  });

  it("a step by the assignee is never unconfirmed, and ends the wait of the submitter's report", async () => {
    const w = await world();
    expect((await record(w, w.giver, { stage: 'PROPOSAL' })).body.outcome.unconfirmed).toBe(true);
    await take(w, w.closer);
    const won = await record(w, w.closer, { stage: 'WON', amount: 3000 });
    expect(won.body.outcome).toMatchObject({ stage: 'WON', unconfirmed: false });
    expect(won.body.steps.map((s: { reportedBySubmitter: boolean }) => s.reportedBySubmitter)).toEqual([true, false]);
    expect(won.body.canConfirm).toBe(false);
    expect((await card(w)).body).toMatchObject({ wonCount: 1, closedBusinessCents: 300_000 });
    expect(await confirm(w, w.closer)).toMatchObject({
      status: 409,
      body: { code: 'LEAD_OUTCOME_NOTHING_TO_CONFIRM' },
    });
  });

  it('thanks once per win: a confirmed Won corrected by a new report pauses the credit and does not thank again', async () => {
    const w = await world();
    await record(w, w.giver, { stage: 'WON', amount: 1000 });
    await confirm(w, w.bystander);
    expect(await thanksFor(w)).toHaveLength(1);
    // The giver reports another amount: it waits again, then counts with the new amount, no second thanks.
    await record(w, w.giver, { stage: 'WON', amount: 1500 });
    expect((await card(w)).body).toMatchObject({ wonCount: 0, closedBusinessCents: 0 });
    expect((await confirm(w, w.bystander)).status).toBe(200);
    expect((await card(w)).body).toMatchObject({ wonCount: 1, closedBusinessCents: 150_000 });
    expect(await thanksFor(w)).toHaveLength(1);

    // A report nobody confirmed was never credited: the assignee's Won after it thanks the giver.
    const other = await world();
    await record(other, other.giver, { stage: 'WON', amount: 700 });
    await take(other, other.closer);
    const won = await record(other, other.closer, { stage: 'WON', amount: 700 });
    expect(won.body.outcome.unconfirmed).toBe(false);
    expect(await thanksFor(other)).toHaveLength(1);
    expect((await card(other)).body).toMatchObject({ wonCount: 1, closedBusinessCents: 70_000 });
  });

  it('a giver who holds their own lead, or owns the group, still cannot confirm their own report', async () => {
    const w = await world();
    // The giver assigns the lead to themselves: their Won is still a report of the submitter.
    const self = await post(
      t,
      '/lead/assign',
      { group_id: w.group.groupId, lead_id: w.lead.id, user_id: w.giver.user.id },
      { token: w.giver.token },
    );
    expect(self.status).toBe(200);
    const won = await record(w, w.giver, { stage: 'WON', amount: 20000 });
    expect(won.body.outcome.unconfirmed).toBe(true);
    expect(won.body.steps[0].reportedBySubmitter).toBe(true);
    expect(await confirm(w, w.giver)).toMatchObject({
      status: 403,
      body: { code: 'LEAD_OUTCOME_OWN_REPORT', message: OUTCOME_MESSAGES.confirmOwnReport },
    });
    expect((await card(w)).body).toMatchObject({ wonCount: 0, closedBusinessCents: 0 });
    expect((await confirm(w, w.bystander)).status).toBe(200);
    expect((await card(w)).body).toMatchObject({ wonCount: 1, closedBusinessCents: 2_000_000 });

    // The group's owner gave a lead nobody took: they report, they do not confirm.
    const ownLead = await insertLead(t, { groupId: w.group.groupId, createdBy: w.bystander.user.id });
    const ownWorld = { ...w, lead: ownLead };
    expect((await record(ownWorld, w.bystander, { stage: 'WON', amount: 100 })).status).toBe(200);
    expect((await timelineOf(ownWorld, w.bystander)).body.canConfirm).toBe(false);
    expect(await confirm(ownWorld, w.bystander)).toMatchObject({
      status: 403,
      body: { code: 'LEAD_OUTCOME_OWN_REPORT' },
    });
    expect((await leadRow(ownLead.id))!.outcomeUnconfirmed).toBe(true);
  });

  it('refuses confirmation signed out, to a non-member and to a plain member; 404 for an unknown lead', async () => {
    const w = await world();
    await record(w, w.giver, { stage: 'WON', amount: 100 });
    expect((await confirm(w, undefined)).status).toBe(401);
    const strangerAnswer = await confirm(w, w.stranger);
    expect(strangerAnswer).toMatchObject({ status: 403, body: notMember });
    expect(JSON.stringify(strangerAnswer.body)).not.toContain(w.lead.lastName);
    expect(await confirm(w, w.closer)).toMatchObject({
      status: 403,
      body: { code: 'LEAD_OUTCOME_CONFIRM_NOT_ALLOWED', message: OUTCOME_MESSAGES.confirmNotAllowed },
    });
    expect(await confirm(w, w.giver)).toMatchObject({ status: 403, body: { code: 'LEAD_OUTCOME_OWN_REPORT' } });
    expect(await confirm(w, w.bystander, 999_999)).toMatchObject({ status: 404, body: leadNotFound });
    expect(await leadRow(w.lead.id)).toMatchObject({ outcomeUnconfirmed: true });
    const [step] = await t.db.select().from(leadOutcomeSteps).where(eq(leadOutcomeSteps.leadId, w.lead.id));
    expect(step).toMatchObject({ confirmedBy: null, confirmedAt: null });
    // A deleted lead is gone for everyone.
    await post(t, '/lead/delete', { lead_id: w.lead.id }, { token: w.giver.token });
    expect(await confirm(w, w.bystander)).toMatchObject({ status: 404, body: leadNotFound });
  });

  it('409 when nothing waits for confirmation: no step yet', async () => {
    const w = await world();
    expect(await confirm(w, w.bystander)).toMatchObject({
      status: 409,
      body: { code: 'LEAD_OUTCOME_NOTHING_TO_CONFIRM', message: OUTCOME_MESSAGES.nothingToConfirm },
    });
  });
});
