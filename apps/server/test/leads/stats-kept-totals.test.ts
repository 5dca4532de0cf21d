import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/lib/clock.js';
import * as kept from '../../src/modules/leads/lead-stats.service.js';
import { createGroupWithMembers, createPayingUser, GROUP_CODE } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead } from '../leads.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';
import * as recount from './stats-recount/recount.service.js';

// The four stats calls read kept totals; their answers must be exactly what a recount of the leads gives,
// after any mix of creates, deletes, assignments, outcome steps (reported, confirmed, corrected), members
// leaving and joining, and bulk statements, with times on every edge of the months and the 30/90-day windows.

const DAY = 24 * HOUR_MS;
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
// The instants the property moves the clock to: mid-month, a month's first and last instant.
const NOWS = ['2026-11-22T12:00:00Z', '2026-12-01T00:00:00Z', '2026-11-30T23:59:59.999Z', '2027-01-15T06:30:00Z'].map(
  (iso) => new Date(iso).getTime(),
);

let t: TestApp;
let groupId = 0;
let otherGroupId = 0;
let otherOwnerId = 0;
// owner, member, two more members, a stranger (gives leads as a former member would)
let users: { id: number; token: string }[] = [];
beforeAll(async () => {
  t = await createTestApp({ clock });
  const x = await createGroupWithMembers(t);
  groupId = x.group.groupId;
  const more = [await createPayingUser(t), await createPayingUser(t)];
  for (const u of more)
    await post(t, '/group/add', { groupName: x.group.name, privateCode: GROUP_CODE }, { token: u.token });
  users = [x.owner, x.member, ...more, x.stranger].map((u) => ({ id: u.user.id, token: u.token }));
  const other = await createGroupWithMembers(t);
  otherGroupId = other.group.groupId;
  otherOwnerId = other.owner.user.id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

// A time near one of the edges the answers depend on, relative to the clock's instants.
const instant = fc
  .tuple(
    fc.constantFrom(...NOWS),
    fc.constantFrom(0, -30 * DAY, -90 * DAY, -365 * DAY, -800 * DAY, DAY),
    fc.constantFrom(0, 1, -1, HOUR_MS, -HOUR_MS, 13 * HOUR_MS, -DAY / 2),
    fc.integer({ min: -40 * DAY, max: 40 * DAY }),
    fc.boolean(),
  )
  .map(([now, edge, nudge, spread, onEdge]) => new Date(now + edge + (onEdge ? nudge : spread)));
const who = fc.nat({ max: 4 });
const pick = fc.nat();
const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      by: who,
      at: instant,
      to: fc.option(who),
      other: fc.nat({ max: 3 }).map((n) => n === 0),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('assign' as const), pick, to: fc.option(who) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('outcome' as const),
      pick,
      stage: fc.constantFrom('CONTACTED', 'MEETING', 'PROPOSAL', 'WON', 'WON', 'WON', 'LOST'),
      cents: fc.integer({ min: 1, max: 100_000_000_000 }),
      at: instant,
      keepWonAt: fc.boolean(),
      unconfirmed: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('confirm' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), who: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('join' as const), who: fc.integer({ min: 1, max: 4 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bulkAssign' as const),
      mod: fc.integer({ min: 2, max: 4 }),
      to: fc.option(who),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('bulkDelete' as const), mod: fc.integer({ min: 5, max: 9 }) }),
  },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function leadIds(): Promise<number[]> {
  const { rows } = await t.pool.query<{ id: number }>('select id from leads where group_id = any($1) order by id', [
    [groupId, otherGroupId],
  ]);
  return rows.map((r) => r.id);
}

async function apply(o: Op) {
  const ids = o.kind === 'create' || o.kind === 'leave' || o.kind === 'join' ? [] : await leadIds();
  const lead = 'pick' in o && ids.length > 0 ? ids[o.pick % ids.length] : undefined;
  const userId = (i: number | null | undefined) => (i === null || i === undefined ? null : users[i]!.id);
  switch (o.kind) {
    case 'create':
      await insertLead(t, {
        groupId: o.other ? otherGroupId : groupId,
        createdBy: users[o.by]!.id,
        createdAt: o.at,
        assignedTo: userId(o.to),
      });
      return;
    case 'delete':
      if (lead) await t.pool.query('delete from leads where id = $1', [lead]);
      return;
    case 'assign':
      if (lead) await t.pool.query('update leads set assigned_to = $2 where id = $1', [lead, userId(o.to)]);
      return;
    case 'outcome': {
      if (!lead) return;
      const won = o.stage === 'WON';
      // A corrected Won keeps its day; entering Won sets it; another stage clears the amount.
      await t.pool.query(
        `update leads set outcome_stage = $2, outcome_at = $3, outcome_unconfirmed = $4,
           won_amount_cents = case when $5 then $6::bigint end,
           won_at = case when not $5 then won_at when $7 and won_at is not null then won_at else $3 end
         where id = $1`,
        [lead, o.stage, o.at, o.unconfirmed, won, o.cents, o.keepWonAt],
      );
      return;
    }
    case 'confirm':
      if (lead) await t.pool.query('update leads set outcome_unconfirmed = false where id = $1', [lead]);
      return;
    case 'leave':
      await t.pool.query('delete from group_members where group_id = $1 and user_id = $2', [groupId, users[o.who]!.id]);
      return;
    case 'join':
      await t.pool.query(
        `insert into group_members (group_id, user_id, role) values ($1, $2, 'MEMBER') on conflict do nothing`,
        [groupId, users[o.who]!.id],
      );
      return;
    case 'bulkAssign':
      await t.pool.query('update leads set assigned_to = $2 where group_id = $1 and id % $3 = 0', [
        groupId,
        userId(o.to),
        o.mod,
      ]);
      return;
    case 'bulkDelete':
      await t.pool.query('delete from leads where group_id = $1 and id % $2 = 0', [groupId, o.mod]);
      return;
  }
}

/** The four calls' answers, from the kept totals and from a recount, for the owner. */
async function answersOf(service: typeof kept | typeof recount) {
  const owner = users[0]!.id;
  const { rows } = await t.pool.query<{ user_id: number }>(
    'select user_id from group_members where group_id = $1 order by user_id',
    [groupId],
  );
  return {
    groupStats: await service.groupStats(t.deps, owner, { search_ids: [groupId] }),
    groupStatsFiltered: await service.groupStats(t.deps, owner, {
      search_ids: [groupId],
      filter_ids: [users[1]!.id, users[4]!.id],
    }),
    groupLeadStats: await service.groupLeadStats(t.deps, owner, { ids: [groupId] }),
    otherGroupLeadStats: await service.groupLeadStats(t.deps, otherOwnerId, { ids: [otherGroupId] }),
    userLeadStats: await service.userLeadStats(t.deps, owner, {}),
    memberStats: await Promise.all(
      rows.map((r) => service.memberStats(t.deps, owner, { group_id: groupId, user_id: r.user_id })),
    ),
  };
}

describe('stats from kept totals', () => {
  it('answer exactly what a recount of the leads answers, after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), fc.constantFrom(...NOWS), async (ops, now) => {
        for (const o of ops) await apply(o);
        clock.advance(now - clock.now().getTime());
        expect(await answersOf(kept)).toEqual(await answersOf(recount));
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it('stay exact when many writers change leads of the same members at once', async () => {
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        insertLead(t, {
          groupId,
          createdBy: users[i % 5]!.id,
          assignedTo: users[(i + 1) % 4]!.id,
          createdAt: new Date(NOWS[0]! - (i % 3) * 30 * DAY),
        }),
      ),
    );
    // Crosswise: each lead moves to another member and is Won, while others are given and taken away.
    await Promise.all(
      created.flatMap((lead, i) => [
        t.pool.query(
          `update leads set assigned_to = $2, outcome_stage = 'WON', won_amount_cents = $3, won_at = now() where id = $1`,
          [lead.id, users[(i + 2) % 4]!.id, 1_000 + i],
        ),
        insertLead(t, { groupId, createdBy: users[(i + 3) % 5]!.id, assignedTo: users[i % 4]!.id }),
        i % 3 === 0 ? t.pool.query('delete from leads where id = $1', [lead.id]) : Promise.resolve(),
      ]),
    );
    expect(await answersOf(kept)).toEqual(await answersOf(recount));
  });

  it("the migration's fill of existing leads gives the kept totals", async () => {
    for (const o of [
      { kind: 'create' as const, by: 1, at: new Date('2026-10-01T00:00:00Z'), to: 2, other: false },
      { kind: 'create' as const, by: 4, at: new Date('2025-02-03T04:05:06Z'), to: null, other: true },
    ]) {
      await apply(o);
    }
    await t.pool.query(
      `update leads set outcome_stage = 'WON', won_amount_cents = 500, won_at = created_at where id % 2 = 0`,
    );
    const tables = ['lead_stats_totals', 'lead_stats_months', 'lead_stats_days'];
    // Rows whose counts went back to zero stay behind; a fill leaves them out.
    const nonZero = async () =>
      Promise.all(
        tables.map(async (table) => {
          const { rows } = await t.pool.query(`select * from ${table} order by 1, 2, 3`);
          return rows.filter((r) =>
            Object.entries(r).some(([k, v]) => !k.endsWith('_id') && k !== 'day' && k !== 'month' && Number(v) !== 0),
          );
        }),
      );
    const kept = await nonZero();
    expect(kept[0]!.length).toBeGreaterThan(0);
    const migration = await readFile(new URL('../../drizzle/0024_lead_stats_counters.sql', import.meta.url), 'utf8');
    const fill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(fill).toMatch(/^\s*-- The totals of the leads already there/);
    await t.pool.query(`truncate ${tables.join(', ')}`);
    await t.pool.query(fill);
    expect(await nonZero()).toEqual(kept);
  });
});
