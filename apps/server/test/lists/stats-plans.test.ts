import { PAGE_SIZE } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/lib/clock.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { mostRowsRead, planNodesOf } from './plans.js';

// The stats calls read kept totals, members × periods, never a group's history: checked with EXPLAIN
// ANALYZE (rows read, never time) on every SELECT a call runs, on a group of 1,002 members with 20,000
// leads given by 20 of them over 1,000 days (20 a day), a quarter of them Won, a tenth assigned.
const LEADS = 20_000;
const MEMBERS = 1_000;
const GIVERS = 20;
const HISTORY_DAYS = 1_000;
const DAY_MS = 24 * HOUR_MS;
// The top givers' longest window, in days, plus its first, partial day.
const WINDOW_DAYS = 91;
// A window's first day is read from its leads: one day's leads and wins, with room to spare.
const LEADS_PER_DAY = LEADS / HISTORY_DAYS;
// The member list itself (one row per member, and the joins around it read a few more).
const MEMBER_ROWS = MEMBERS + 2 + PAGE_SIZE;

let t: TestApp;
let ctx: Awaited<ReturnType<typeof createGroupWithMembers>>;
let giverId = 0;
beforeAll(async () => {
  t = await createTestApp();
  ctx = await createGroupWithMembers(t);
  const groupId = ctx.group.groupId;
  const now = t.deps.clock.now();
  await t.db.execute(sql`
    with u as (
      insert into users (email, first_name, last_name)
      select 'member' || i || '@stats-plans.example', 'Member', 'Number ' || i from generate_series(1, ${MEMBERS}) as i
      returning id)
    insert into group_members (group_id, user_id, role, joined_at) select ${groupId}, id, 'MEMBER', now() from u`);
  const { rows } = await t.pool.query<{ id: number }>(
    `select user_id as id from group_members where group_id = $1 order by user_id desc limit ${GIVERS}`,
    [groupId],
  );
  const givers = rows.map((r) => r.id);
  giverId = givers[0]!;
  const step = (HISTORY_DAYS * DAY_MS) / LEADS;
  await t.pool.query(
    `insert into leads (group_id, created_by, assigned_to, first_name, last_name, title, company, street_one, city,
       state_abbrv, postal, created_at, outcome_stage, won_amount_cents, won_at)
     select $1, ($2::int[])[1 + i % ${GIVERS}], case when i % 10 = 0 then ($2::int[])[1 + (i + 1) % ${GIVERS}] end,
       'Lead', 'Number ' || i, 'Buyer', 'Company', '1 Main St', 'Austin', 'TX', '73301',
       $3::timestamptz - make_interval(secs => i * $4::float8 / 1000),
       case when i % 4 = 0 then 'WON'::lead_outcome_stage when i % 4 = 1 then 'LOST'::lead_outcome_stage end,
       case when i % 4 = 0 then 100000 + i end,
       case when i % 4 = 0 then least($3::timestamptz, $3::timestamptz - make_interval(secs => i * $4::float8 / 1000) + interval '3 days') end
     from generate_series(1, ${LEADS}) as i`,
    [groupId, givers, now, step],
  );
  await t.pool.query('vacuum analyze');
}, 120_000);
afterAll(async () => {
  await t.close();
});

const call = (path: string, body: Record<string, unknown>) => post(t, path, body, { token: ctx.owner.token });

/** No plan node reads more than `most` rows, and none reads more than a window's first day of the leads. */
async function expectBounded(run: () => Promise<unknown>, most: number) {
  const nodes = await planNodesOf(t, run);
  for (const node of nodes) {
    expect(node.rows, node.where).toBeLessThanOrEqual(most);
    if (node.relation === 'leads') expect(node.rows, node.where).toBeLessThanOrEqual(2 * LEADS_PER_DAY);
  }
}

describe('stats calls read kept totals, not the leads', () => {
  it('/group/stats: every member of 1,002, read once each, with their months', async () => {
    await expectBounded(async () => {
      const res = await call('/group/stats', { search_ids: [ctx.group.groupId] });
      expect(res.body.groups[0].usersStats).toHaveLength(MEMBERS + 2);
    }, MEMBER_ROWS);
  });

  it('/lead/user_stats: every member of 1,002, read once each, with their months', async () => {
    await expectBounded(async () => {
      const res = await call('/lead/user_stats', {});
      expect(res.body.usersStats).toHaveLength(MEMBERS + 2);
    }, MEMBER_ROWS);
  });

  it("/lead/group_stats: the group's totals, months and top givers from the givers' days", async () => {
    await expectBounded(
      async () => {
        const res = await call('/lead/group_stats', { ids: [ctx.group.groupId] });
        expect(res.body.groups[0]).toMatchObject({ leadsCount: LEADS, wonCount: LEADS / 4 });
        expect(res.body.groups[0].topGivers.last90Days).toHaveLength(10);
      },
      Math.max(MEMBER_ROWS, GIVERS * WINDOW_DAYS + 2 * LEADS_PER_DAY),
    );
  });

  it("/group/member_stats: a giver of 1,000 leads' card reads a few rows", async () => {
    const most = await mostRowsRead(t, async () => {
      const res = await call('/group/member_stats', { group_id: ctx.group.groupId, user_id: giverId });
      expect(res.body).toMatchObject({ leadsGiven: LEADS / GIVERS });
    });
    expect(most.rows, most.where).toBeLessThanOrEqual(2 * PAGE_SIZE);
  });
});
