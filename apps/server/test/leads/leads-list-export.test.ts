import { LEAD_EXPORT_PATH, PAGE_SIZE } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadPageQuery } from '../../src/modules/leads/leads.queries.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead, leadPayload, notMember } from '../leads.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

/** A lead submitted now by the test clock, then the clock moves on a minute. */
async function submitLead(groupId: number, createdBy: number, values: Partial<Parameters<typeof insertLead>[1]> = {}) {
  const now = clock.now();
  const lead = await insertLead(t, {
    groupId,
    createdBy,
    createdAt: now,
    updatedAt: now,
    lastActivityAt: now,
    ...values,
  });
  clock.advance(60_000);
  return lead;
}

const list = (token: string | undefined, body: Record<string, unknown>) =>
  post(t, '/lead/list', body, token ? { token } : {});

describe('/lead/list', () => {
  it('answers 401, 403 to a non-member, 404 for a missing group, and members see the leads', async () => {
    const ctx = await createGroupWithMembers(t);
    await submitLead(ctx.group.groupId, ctx.owner.user.id);
    const body = { group_id: ctx.group.groupId, start_position: 0, get_next: 50, sort_by: 'ACTIVITY' };
    expect((await list(undefined, body)).status).toBe(401);
    expect(await list(ctx.stranger.token, body)).toMatchObject({ status: 403, body: notMember });
    expect(await list(ctx.owner.token, { ...body, group_id: 999999 })).toMatchObject({
      status: 404,
      body: { code: 'GROUP_NOT_FOUND' },
    });
    const member = await list(ctx.member.token, body);
    expect(member).toMatchObject({ status: 200, body: { totalCount: 1, leads: [{ isOwner: false }] } });
    const owner = await list(ctx.owner.token, body);
    expect(owner).toMatchObject({ status: 200, body: { totalCount: 1, leads: [{ isOwner: true }] } });
  });

  it('refuses a sort outside the list, a page over 50 and unknown fields with 400', async () => {
    const ctx = await createGroupWithMembers(t);
    const g = ctx.group.groupId;
    expect((await list(ctx.owner.token, { group_id: g, sort_by: 'SHOE_SIZE' })).status).toBe(400);
    expect((await list(ctx.owner.token, { group_id: g, get_next: PAGE_SIZE + 1 })).status).toBe(400);
    expect((await list(ctx.owner.token, { group_id: g, start_position: -1 })).status).toBe(400);
    expect((await list(ctx.owner.token, { group_id: g, extra: 1 })).status).toBe(400);
    expect((await list(ctx.owner.token, {})).status).toBe(400);
  });

  it('orders by activity, most recent first: an edited older lead moves to the top', async () => {
    const ctx = await createGroupWithMembers(t);
    const g = ctx.group.groupId;
    const first = await submitLead(g, ctx.owner.user.id);
    const second = await submitLead(g, ctx.member.user.id);
    const third = await submitLead(g, ctx.owner.user.id);
    const ids = async () =>
      ((await list(ctx.member.token, { group_id: g })).body.leads as { leadId: number }[]).map((l) => l.leadId);
    expect(await ids()).toEqual([third.id, second.id, first.id]);
    const { lead_id: _id, ...fields } = leadPayload();
    const edited = await post(
      t,
      '/lead/update',
      { lead_id: first.id, group_id: g, ...fields },
      { token: ctx.owner.token },
    );
    expect(edited.status).toBe(200);
    expect(await ids()).toEqual([first.id, third.id, second.id]);
  });

  it('breaks ties in activity by the newer id first', async () => {
    const ctx = await createGroupWithMembers(t);
    const g = ctx.group.groupId;
    const at = clock.now();
    const a = await insertLead(t, { groupId: g, createdBy: ctx.owner.user.id, lastActivityAt: at });
    const b = await insertLead(t, { groupId: g, createdBy: ctx.owner.user.id, lastActivityAt: at });
    const res = await list(ctx.owner.token, { group_id: g });
    expect(res.body.leads.map((l: { leadId: number }) => l.leadId)).toEqual([b.id, a.id]);
  });

  it('pages with start_position and get_next, with the total count of the group only', async () => {
    const ctx = await createGroupWithMembers(t);
    const other = await createGroupWithMembers(t);
    await submitLead(other.group.groupId, other.owner.user.id);
    const g = ctx.group.groupId;
    const made = [];
    for (let i = 0; i < 7; i += 1) made.push(await submitLead(g, ctx.owner.user.id));
    const newestFirst = made.map((l) => l.id).reverse();
    const page = async (start_position: number, get_next: number) => {
      const res = await list(ctx.member.token, { group_id: g, start_position, get_next, sort_by: 'ACTIVITY' });
      expect(res.status).toBe(200);
      return res.body as { leads: { leadId: number }[]; totalCount: number };
    };
    const p1 = await page(0, 3);
    const p2 = await page(3, 3);
    const p3 = await page(6, 3);
    expect(p1.totalCount).toBe(7);
    expect(p3.totalCount).toBe(7);
    expect([...p1.leads, ...p2.leads, ...p3.leads].map((l) => l.leadId)).toEqual(newestFirst);
    expect((await page(10, 3)).leads).toEqual([]);
  });

  it('shows each caller their own quality rating in the rows', async () => {
    const ctx = await createGroupWithMembers(t);
    const g = ctx.group.groupId;
    const lead = await submitLead(g, ctx.owner.user.id, { ratingSum: 3, ratingCount: 1 });
    await t.db.execute(
      sql`insert into lead_ratings (lead_id, user_id, kind, rating) values (${lead.id}, ${ctx.member.user.id}, 'QUALITY', 3)`,
    );
    const asMember = await list(ctx.member.token, { group_id: g });
    expect(asMember.body.leads[0].rating).toEqual({ rating: 3, userRating: 3, count: 1 });
    const asOwner = await list(ctx.owner.token, { group_id: g });
    expect(asOwner.body.leads[0].rating).toEqual({ rating: 3, userRating: null, count: 1 });
  });

  it('picks a page from leads_group_activity_idx, without sorting the group', async () => {
    const ctx = await createGroupWithMembers(t);
    const g = ctx.group.groupId;
    // Enough rows for the planner to prefer the index over reading the table.
    await t.db.execute(sql`
      insert into leads (group_id, created_by, first_name, last_name, title, company, street_one, city, state_abbrv, postal, last_activity_at)
      select ${g}, ${ctx.owner.user.id}, 'F' || i, 'L' || i, 'T', 'C', 'S', 'City', 'NY', '10001', now() - (i || ' minutes')::interval
      from generate_series(1, 5000) as i`);
    await t.db.execute(sql`analyze leads`);
    const query = leadPageQuery(t.db, { groupId: g, viewerId: ctx.member.user.id, offset: 50, limit: 50 }).toSQL();
    const [
      {
        'QUERY PLAN': [plan],
      },
    ] = (await t.pool.query(`explain (format json) ${query.sql}`, query.params)).rows;
    const nodes = flatten(plan.Plan);
    // The page's ids come from the index under a Limit: the offset skips index entries, no table sort.
    const limit = nodes.find((n) => n['Node Type'] === 'Limit');
    expect(limit).toBeDefined();
    const pageScan = flatten(limit!).find((n) => n['Index Name'] === 'leads_group_activity_idx');
    expect(pageScan?.['Node Type']).toMatch(/^Index (Only )?Scan$/);
    expect(flatten(limit!).some((n) => n['Node Type'] === 'Sort')).toBe(false);
    // Whatever is sorted afterwards is the page itself: every Sort sits above that Limit.
    for (const sort of nodes.filter((n) => n['Node Type'] === 'Sort')) {
      expect(flatten(sort).some((n) => n['Node Type'] === 'Limit')).toBe(true);
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

describe('CSV export', () => {
  const exportUrl = (groupId: number | string) => `/api${LEAD_EXPORT_PATH}?group_id=${groupId}`;
  const download = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('streams a UTF-8 CSV attachment: BOM, the spec headers, then one row per lead, escaped', async () => {
    const ctx = await createGroupWithMembers(t);
    const g = ctx.group.groupId;
    const plain = await submitLead(g, ctx.owner.user.id, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '2125550147',
      company: 'Analytical Engines',
      title: 'CTO',
    });
    const tricky = await submitLead(g, ctx.member.user.id, {
      firstName: 'Jean, "JJ"',
      lastName: 'Doe',
      email: null,
      phone: '+12125550148',
      company: '=HYPERLINK("http://evil.example","Click")',
      title: '@SUM(A1)',
    });
    const res = await download(exportUrl(g), ctx.member.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const slug = ctx.group.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${slug}-leads.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    // The spec's headers, then the outcome columns (empty while no step is recorded).
    expect(lines[0]).toBe(
      'Id,First Name,Last Name,Email,Phone Number,Company,Title,Outcome,Outcome Date,Closed Amount,Lost Reason',
    );
    expect(lines[1]).toBe(`${plain.id},Ada,Lovelace,ada@example.com,(212) 555-0147,Analytical Engines,CTO,,,,`);
    expect(lines[2]).toBe(
      `${tricky.id},"Jean, ""JJ""",Doe,,'+1 (212) 555-0148,"'=HYPERLINK(""http://evil.example"",""Click"")",'@SUM(A1),,,,`,
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('writes every lead of the group, across batches, in id order, and none of another group', async () => {
    const ctx = await createGroupWithMembers(t);
    const other = await createGroupWithMembers(t);
    const g = ctx.group.groupId;
    await t.db.execute(sql`
      insert into leads (group_id, created_by, first_name, last_name, title, company, street_one, city, state_abbrv, postal)
      select ${g}, ${ctx.owner.user.id}, 'F' || i, 'L' || i, 'T', 'C', 'S', 'City', 'NY', '10001'
      from generate_series(1, 1201) as i`);
    await submitLead(other.group.groupId, other.owner.user.id, { firstName: 'Elsewhere' });
    const res = await download(exportUrl(g), ctx.owner.token);
    expect(res.statusCode).toBe(200);
    const rows = res.body.slice(1).trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(1201);
    const ids = rows.map((r) => Number(r.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(1201);
    expect(res.body).not.toContain('Elsewhere');
  });

  it('answers an empty group with the header row only', async () => {
    const ctx = await createGroupWithMembers(t);
    const res = await download(exportUrl(ctx.group.groupId), ctx.owner.token);
    expect(res.body).toBe(
      '\uFEFFId,First Name,Last Name,Email,Phone Number,Company,Title,Outcome,Outcome Date,Closed Amount,Lost Reason\r\n',
    );
  });

  it('answers 401 without a token, 403 to a non-member, 404 for a missing group, 400 for a bad id', async () => {
    const ctx = await createGroupWithMembers(t);
    await submitLead(ctx.group.groupId, ctx.owner.user.id, { firstName: 'Secret' });
    const anonymous = await download(exportUrl(ctx.group.groupId));
    expect(anonymous.statusCode).toBe(401);
    const stranger = await download(exportUrl(ctx.group.groupId), ctx.stranger.token);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual(notMember);
    expect(stranger.body).not.toContain('Secret');
    const missing = await download(exportUrl(999999), ctx.owner.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'GROUP_NOT_FOUND' });
    for (const bad of ['abc', '0', '-1']) {
      const res = await download(exportUrl(bad), ctx.owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'group_id' }] });
    }
    const none = await download(`/api${LEAD_EXPORT_PATH}`, ctx.owner.token);
    expect(none.statusCode).toBe(400);
    const extra = await download(`${exportUrl(ctx.group.groupId)}&all=1`, ctx.owner.token);
    expect(extra.statusCode).toBe(400);
  });
});
