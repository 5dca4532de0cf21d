import { STATS_MONTHS } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/lib/clock.js';
import { createGroupWithMembers, createPayingUser, GROUP_CODE } from '../groups.js';
import { post, signIn } from '../helpers.js';
import { insertLead, notMember } from '../leads.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

// The group scoreboard: leads submitted per member per month, won count and value, conversion, top
// givers of the last 30 and 90 days; the member card; the CSV's outcome columns. Members only.

const DAY = 24 * HOUR_MS;
let t: TestApp;
// 22 November 2026: the scoreboard's months are December 2025 to November 2026.
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof createPayingUser>>;
const tokenOf = async (u: User) => (await signIn(t, u.user.email, u.user.password)).accessToken;
const at = (iso: string) => new Date(iso);

/**
 * owner: 3 leads (Sep, Oct, Nov); giver: 2 leads (Nov), one Won $12,000 on 20 Nov; closer took both;
 * a lead of Jan 2025 (outside the 12 months) by owner, Won $1,000 on 1 Mar 2026; another Lost.
 */
async function scoreboardWorld() {
  const x = await createGroupWithMembers(t);
  const g = x.group.groupId;
  const closer = await createPayingUser(t);
  await post(t, '/group/add', { groupName: x.group.name, privateCode: GROUP_CODE }, { token: closer.token });
  const giver = x.member;
  const owner = x.owner;
  const lead = (createdBy: number, createdAt: string, extra: Record<string, unknown> = {}) =>
    insertLead(t, { groupId: g, createdBy, createdAt: at(createdAt), ...extra });
  const old = await lead(owner.user.id, '2025-01-10T00:00:00Z', {
    outcomeStage: 'WON',
    outcomeAt: at('2026-03-01T10:00:00Z'),
    wonAt: at('2026-03-01T10:00:00Z'),
    wonAmountCents: 100_000,
    assignedTo: closer.user.id,
  });
  await lead(owner.user.id, '2026-09-15T00:00:00Z', {
    outcomeStage: 'LOST',
    lostReason: 'NO_BUDGET',
    outcomeAt: at('2026-10-01T00:00:00Z'),
  });
  await lead(owner.user.id, '2026-10-15T00:00:00Z');
  await lead(owner.user.id, '2026-11-02T00:00:00Z');
  const won = await lead(giver.user.id, '2026-11-05T00:00:00Z', { assignedTo: closer.user.id });
  await lead(giver.user.id, '2026-11-06T00:00:00Z', { assignedTo: closer.user.id });
  // The Won step itself goes through the call, as the closer records it on 20 November.
  clock.advance(-2 * DAY);
  const recorded = await post(
    t,
    '/lead/outcome/record',
    { lead_id: won.id, stage: 'WON', amount: 12000 },
    { token: await tokenOf(closer) },
  );
  clock.advance(2 * DAY);
  expect(recorded.status).toBe(200);
  return { ...x, g, giver, closer, won, old };
}

const month = (m: string, submitted = 0, wonCount = 0, wonAmountCents = 0) => ({
  month: m,
  submitted,
  wonCount,
  wonAmountCents,
});
const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

describe('/lead/group_stats', () => {
  it('answers leads, won count and value, conversion, 12 months and the top givers of 30 and 90 days', async () => {
    const w = await scoreboardWorld();
    const res = await post(t, '/lead/group_stats', { ids: [w.g] }, { token: await tokenOf(w.closer) });
    expect(res.status).toBe(200);
    expect(MONTHS).toHaveLength(STATS_MONTHS);
    const byMonth = Object.fromEntries(MONTHS.map((m) => [m, month(m)]));
    byMonth['2026-03'] = month('2026-03', 0, 1, 100_000);
    byMonth['2026-09'] = month('2026-09', 1);
    byMonth['2026-10'] = month('2026-10', 1);
    byMonth['2026-11'] = month('2026-11', 3, 1, 1_200_000);
    const name = (u: User) => `${u.user.firstName} ${u.user.lastName}`;
    expect(res.body).toEqual({
      groups: [
        {
          groupId: w.g,
          leadsCount: 6,
          wonCount: 2,
          wonAmountCents: 1_300_000,
          conversion: 0.333,
          monthly: MONTHS.map((m) => byMonth[m]),
          topGivers: {
            // By business closed in the window, then leads given in it.
            last30Days: [
              {
                userId: w.giver.user.id,
                fullName: name(w.giver),
                closedBusinessCents: 1_200_000,
                leadsGiven: 2,
                wonCount: 1,
              },
              { userId: w.owner.user.id, fullName: name(w.owner), closedBusinessCents: 0, leadsGiven: 1, wonCount: 0 },
            ],
            last90Days: [
              {
                userId: w.giver.user.id,
                fullName: name(w.giver),
                closedBusinessCents: 1_200_000,
                leadsGiven: 2,
                wonCount: 1,
              },
              { userId: w.owner.user.id, fullName: name(w.owner), closedBusinessCents: 0, leadsGiven: 3, wonCount: 0 },
            ],
          },
        },
      ],
    });
  });

  it('answers an empty group with zeros and a null conversion; members only', async () => {
    const x = await createGroupWithMembers(t);
    const res = await post(t, '/lead/group_stats', { ids: [x.group.groupId] }, { token: await tokenOf(x.member) });
    expect(res.body.groups[0]).toMatchObject({
      leadsCount: 0,
      wonCount: 0,
      wonAmountCents: 0,
      conversion: null,
      topGivers: { last30Days: [], last90Days: [] },
    });
    expect(res.body.groups[0].monthly).toHaveLength(12);
    expect(
      await post(t, '/lead/group_stats', { ids: [x.group.groupId] }, { token: await tokenOf(x.stranger) }),
    ).toMatchObject({ status: 403, body: notMember });
  });
});

describe('/group/stats and /lead/user_stats', () => {
  it('answer each member: leads submitted, received, won, closed business, conversion and their months', async () => {
    const w = await scoreboardWorld();
    const token = await tokenOf(w.giver);
    const stats = await post(t, '/group/stats', { search_ids: [w.g] }, { token });
    expect(stats.status).toBe(200);
    const users = stats.body.groups[0].usersStats as { userId: number }[];
    const of = (u: User) => users.find((s) => s.userId === u.user.id);
    const giverMonths = MONTHS.map((m) => (m === '2026-11' ? month(m, 2, 1, 1_200_000) : month(m)));
    expect(of(w.giver)).toEqual({
      userId: w.giver.user.id,
      leadsSubmitted: 2,
      leadsReceived: 0,
      wonCount: 1,
      closedBusinessCents: 1_200_000,
      conversion: 0.5,
      monthly: giverMonths,
    });
    expect(of(w.owner)).toMatchObject({
      leadsSubmitted: 4,
      leadsReceived: 0,
      wonCount: 1,
      closedBusinessCents: 100_000,
      conversion: 0.25,
    });
    expect(of(w.closer)).toMatchObject({
      leadsSubmitted: 0,
      leadsReceived: 3,
      wonCount: 0,
      closedBusinessCents: 0,
      conversion: null,
    });
    const flat = await post(t, '/lead/user_stats', { search_ids: [w.g], filter_ids: [w.giver.user.id] }, { token });
    expect(flat.body).toEqual({ usersStats: [{ groupId: w.g, ...of(w.giver) }] });
    expect(await post(t, '/group/stats', { search_ids: [w.g] }, { token: await tokenOf(w.stranger) })).toMatchObject({
      status: 403,
      body: notMember,
    });
  });
});

describe('/group/member_stats', () => {
  it("answers a member's card; 403 to a non-member; 404 for someone not in the group", async () => {
    const w = await scoreboardWorld();
    const card = await post(
      t,
      '/group/member_stats',
      { group_id: w.g, user_id: w.closer.user.id },
      { token: await tokenOf(w.owner) },
    );
    expect(card.body).toEqual({
      groupId: w.g,
      userId: w.closer.user.id,
      leadsGiven: 0,
      leadsReceived: 3,
      wonCount: 0,
      closedBusinessCents: 0,
      receivedWonCount: 2,
    });
    expect(
      await post(
        t,
        '/group/member_stats',
        { group_id: w.g, user_id: w.giver.user.id },
        { token: await tokenOf(w.stranger) },
      ),
    ).toMatchObject({ status: 403, body: notMember });
    expect(
      await post(
        t,
        '/group/member_stats',
        { group_id: w.g, user_id: w.stranger.user.id },
        { token: await tokenOf(w.owner) },
      ),
    ).toMatchObject({ status: 404, body: { code: 'GROUP_MEMBER_NOT_FOUND' } });
    expect(
      (
        await post(
          t,
          '/group/member_stats',
          { group_id: 999999, user_id: w.owner.user.id },
          { token: await tokenOf(w.owner) },
        )
      ).status,
    ).toBe(404);
  });
});

describe('CSV export', () => {
  it('adds Outcome, Outcome Date, Closed Amount and Lost Reason after the spec headers', async () => {
    const w = await scoreboardWorld();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/lead/export?group_id=${w.g}`,
      headers: { authorization: `Bearer ${await tokenOf(w.owner)}` },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Id,First Name,Last Name,Email,Phone Number,Company,Title,Outcome,Outcome Date,Closed Amount,Lost Reason',
    );
    const row = (id: number) => lines.find((l) => l.startsWith(`${id},`))!;
    expect(row(w.won.id).endsWith(',Won,2026-11-20,12000.00,')).toBe(true);
    expect(row(w.old.id).endsWith(',Won,2026-03-01,1000.00,')).toBe(true);
    expect(lines.some((l) => l.endsWith(',Lost,2026-10-01,,No budget'))).toBe(true);
    expect(lines.filter((l) => l.endsWith(',,,,'))).toHaveLength(3);
  });
});
