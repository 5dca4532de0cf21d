import { LEAD_FILTERED_COUNT_MAX, PAGE_SIZE } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { planNodesOf } from './plans.js';

// The lead list's search, filters and sorts stay on an index in a big group: EXPLAIN ANALYZE of
// every SELECT a call sends (rows read, never time) on 20,000 leads in one group and 2,000 in another.
// The page never scans the leads table (no Seq Scan on leads); a sort without a search reads about a
// page from its index; the filtered count stops at its cap: where the planner counts common matches
// by reading the table under that cap's LIMIT, it reads a bounded slice of it, never the table.
const LEADS = 20_000;
const OTHER_LEADS = 2_000;
const MOST_ROWS_PER_NODE = 2 * PAGE_SIZE;
// A count read from the table under its LIMIT, when matches are common (one lead in seven or more).
const COUNT_SCAN_MAX = 10 * (LEAD_FILTERED_COUNT_MAX + 1);

let t: TestApp;
let ctx: Awaited<ReturnType<typeof createGroupWithMembers>>;
beforeAll(async () => {
  t = await createTestApp();
  ctx = await createGroupWithMembers(t);
  const other = await createGroupWithMembers(t);
  const insert = (groupId: number, ownerId: number, count: number, assignee: number) =>
    t.db.execute(sql`
      insert into leads (group_id, created_by, assigned_to, first_name, last_name, title, company, email, phone,
        street_one, city, state_abbrv, postal, outcome_stage, rating_sum, rating_count, email_key,
        created_at, updated_at, last_activity_at)
      select ${groupId}, ${ownerId}, case when i % 5 = 0 then ${assignee}::int end,
        (array['José', 'Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Edsger', 'Barbara'])[1 + i % 8] || i,
        (array['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Dijkstra', 'Liskov'])[1 + i % 7],
        (array['Buyer', 'Chief Financial Officer', 'Head of Procurement'])[1 + i % 3],
        (array['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay', 'Stark'])[1 + i % 7] || ' ' || (i % 500),
        'lead' || i || '@example' || (i % 50) || '.com', '212' || lpad(i::text, 7, '0'), '1 Main St',
        (array['Austin', 'Boston', 'Chicago', 'Denver'])[1 + i % 4],
        (array['CA', 'NY', 'TX', 'WA', 'FL', 'IL', 'MA', 'CO', 'OR', 'NV'])[1 + i % 10], '73301',
        (array[null, 'CONTACTED', 'MEETING', 'PROPOSAL', 'WON', 'LOST'])[1 + i % 6]::lead_outcome_stage,
        (i % 6), case when i % 6 = 0 then 0 else 1 + i % 2 end,
        case when i % 100 = 0 then 'shared@example.com' else 'lead' || i || '@example' || (i % 50) || '.com' end,
        now() - make_interval(mins => i), now() - make_interval(mins => i), now() - make_interval(mins => i)
      from generate_series(1, ${count}) as i`);
  await insert(ctx.group.groupId, ctx.owner.user.id, LEADS, ctx.member.user.id);
  await insert(other.group.groupId, other.owner.user.id, OTHER_LEADS, other.member.user.id);
  await t.db.execute(sql`
    insert into chat_rooms (kind, lead_id, group_id)
    select 'LEAD', l.id, l.group_id from leads l where not exists (select 1 from chat_rooms r where r.lead_id = l.id)`);
  await t.db.execute(sql`vacuum analyze leads`);
  await t.db.execute(sql`analyze chat_rooms`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A node of the near-word rank's query (pg_trgm's <%). */
const isNearWords = (node: { where: string }) => node.where.includes('<%');

const leadList = (body: Record<string, unknown>) =>
  post(t, '/lead/list', { group_id: ctx.group.groupId, ...body }, { token: ctx.member.token });

/** The plan nodes of the call's SELECTs that read leads. */
async function leadNodes(body: Record<string, unknown>) {
  return planNodesOf(
    t,
    async () => {
      const res = await leadList(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
    (text) => /from "leads"/.test(text),
  );
}

describe('/lead/list search and filters on indexes', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['a name prefix', { search: 'lovel' }],
    ['a full name', { search: 'Ada Lovelace' }],
    ['an accented name, typed without its accent', { search: 'jose1234' }],
    ['a company word', { search: 'initech' }],
    ['a company with a typo', { search: 'Umbrela' }],
    ['a seven-letter company, one letter wrong', { search: 'Inotech' }],
    ['a common last name (the exact rank)', { search: 'Hopper' }],
    ['an e-mail', { search: 'lead1234@example34.com' }],
    ['phone digits', { search: '(212) 001-2345' }],
    ['a city with a filter', { search: 'boston', filters: { state: 'NY' } }],
    ['a state', { filters: { state: 'CA' } }],
    ['a submitter', { filters: { submitted_by: 1 } }],
    ['assigned to me', { filters: { assigned: 'ME' } }],
    ['assigned to no one', { filters: { assigned: 'NO_ONE' } }],
    ['an outcome', { filters: { outcome: 'WON' } }],
    ['no outcome', { filters: { outcome: 'NONE' } }],
    ['a rating', { filters: { min_rating: 4 } }],
    ['added in 7 days', { filters: { added: '7' } }],
    ['added in a range', { filters: { added_from: '2020-01-01', added_to: '2030-01-01' } }],
    ['duplicates only', { filters: { duplicates_only: true } }],
    ['state, outcome and assignee', { filters: { state: 'CA', outcome: 'WON', assigned: 'ME' } }],
  ];
  for (const [name, body] of cases) {
    it(`${name}: the page on an index, the count bounded`, async () => {
      const nodes = await leadNodes(body);
      const seq = nodes.filter((n) => n.relation === 'leads' && n.where.startsWith('Seq Scan'));
      const isCount = (n: { where: string }) => n.where.includes('count(*)');
      expect(seq.filter((n) => !isCount(n)).map((n) => n.where)).toEqual([]);
      // A search alone finds its matches through the trigram index (an exact name through the name
      // indexes), an e-mail through the e-mail key index; a word one lead in seven holds may instead be
      // read from the sort's index, about a page of it (below). With a filter, the filter's index may serve.
      if (body.search && !body.filters) {
        const page = nodes.filter((n) => !isCount(n));
        const indexes = String(body.search).includes('@')
          ? ['leads_email_key_idx']
          : [
              'leads_search_text_trgm_idx',
              'leads_group_first_name_fold_idx',
              'leads_group_last_name_fold_idx',
              'leads_group_activity_idx',
            ];
        expect(page.some((n) => indexes.some((index) => n.where.includes(index)))).toBe(true);
        // The near-word rank (typos) reads the trigram index's candidates, which the similarity then checks.
        const notNear = page.filter((n) => !isNearWords(n));
        const most = notNear.reduce((a, b) => (b.rows + b.removed > a.rows + a.removed ? b : a));
        expect(most.rows + most.removed, most.where).toBeLessThanOrEqual(10 * MOST_ROWS_PER_NODE);
        for (const node of page.filter((n) => isNearWords(n) && n.relation === 'leads')) {
          expect(node.where).toMatch(/^Bitmap Heap Scan/);
        }
      }
      for (const node of seq.filter(isCount)) {
        expect(node.rows + node.removed, node.where).toBeLessThanOrEqual(COUNT_SCAN_MAX);
      }
    });
  }

  it('an e-mail or its start reads its few matches from the e-mail key index, no trigrams', async () => {
    for (const search of ['lead1234@example34.com', 'LEAD1234@EXAMPLE34.COM', 'lead123@', 'lead1234@exa']) {
      const nodes = await leadNodes({ search });
      expect(nodes.some((n) => n.where.includes('leads_search_text_trgm_idx'))).toBe(false);
      expect(nodes.some((n) => n.where.includes('leads_email_key_idx'))).toBe(true);
      const most = nodes.reduce((a, b) => (b.rows > a.rows ? b : a));
      expect(most.rows, `${search}: ${most.where}`).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
    }
  });

  for (const sort of ['ACTIVITY', 'NEWEST', 'NAME', 'COMPANY', 'RATING']) {
    it(`sort ${sort}: the first page and the next by cursor read about a page from the sort's index`, async () => {
      const first = await leadList({ sort_by: sort });
      expect(first.body.leads).toHaveLength(PAGE_SIZE);
      for (const body of [{ sort_by: sort }, { sort_by: sort, cursor: first.body.nextCursor }]) {
        const nodes = await leadNodes(body);
        const most = nodes.reduce((a, b) => (b.rows > a.rows ? b : a));
        expect(most.rows, most.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
      }
    });
  }

  // A word one lead in seven holds (about 2,900 here): the page reads its rank from the sort's index
  // until the page is full, never every match; a rare one reads its few matches from an index.
  for (const [name, search, index] of [
    ['a common company word', 'initech', 'leads_group_activity_idx'],
    ['a common last name, exact', 'Hopper', 'leads_group_activity_idx'],
    ['a rare name', 'José1234 Hamilton', 'leads_search_text_trgm_idx'],
    ['a rare exact first name', 'Ada1234', 'leads_group_first_name_fold_idx'],
  ]) {
    it(`${name}: the page reads about a page of rows, not every match`, async () => {
      const nodes = (await leadNodes({ search })).filter((n) => !n.where.includes('count(*)') && !isNearWords(n));
      expect(
        nodes.some((n) => n.where.includes(index!)),
        `${search} through ${index}`,
      ).toBe(true);
      const most = nodes.reduce((a, b) => (b.rows + b.removed > a.rows + a.removed ? b : a));
      expect(most.rows + most.removed, most.where).toBeLessThanOrEqual(10 * MOST_ROWS_PER_NODE);
    });
  }

  // The list's filter columns ride at the end of the activity and outcome indexes, so a combination of
  // filters is checked on index entries: neither the page nor the count reads a lead's row (a rare
  // combination would otherwise fetch thousands of rows to keep a few).
  for (const [name, filters] of [
    ['state, outcome and assignee', () => ({ state: 'CA', outcome: 'WON', assigned: 'ME' })],
    ['state, assignee and rating', () => ({ state: 'NY', assigned: 'ME', min_rating: 2 })],
    ['state, submitter and added', () => ({ state: 'TX', submitted_by: ctx.owner.user.id, added: '90' })],
    ['no outcome and no one assigned', () => ({ outcome: 'NONE', assigned: 'NO_ONE' })],
  ] as const) {
    it(`${name}: the page and the count read index entries only`, async () => {
      // Past the chosen page: its rows by primary key and their duplicate probes on the match-key indexes.
      const chosen = (n: { where: string }) => /^\S+( \S+)* leads_(pkey|\w+_key_idx) /.test(n.where);
      const scans = (await leadNodes({ filters: filters() })).filter((n) => n.relation === 'leads' && !chosen(n));
      expect(scans.length).toBeGreaterThan(1);
      for (const scan of scans) expect(scan.where).toMatch(/^Index Only Scan leads_group_(activity|outcome)_idx/);
    });
  }

  it('a filtered count reads at most its cap of matches', async () => {
    const nodes = await leadNodes({ filters: { outcome: 'NONE' } });
    const countScan = nodes.filter((n) => n.where.includes('count(*)') && n.relation === 'leads');
    expect(countScan.length).toBeGreaterThan(0);
    for (const node of countScan) expect(node.rows).toBeLessThanOrEqual(LEAD_FILTERED_COUNT_MAX + 1);
  });
});
