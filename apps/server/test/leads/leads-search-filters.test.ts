import { LEAD_EXPORT_PATH, LEAD_FILTERED_COUNT_MAX, LEAD_MESSAGES } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead, notMember } from '../leads.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

// /lead/list's search, filters and sorts, and the export that follows them.

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type Ctx = Awaited<ReturnType<typeof createGroupWithMembers>>;
type LeadValues = Partial<Parameters<typeof insertLead>[1]>;

/** A lead submitted now by the test clock, then the clock moves on a minute. */
async function submitLead(ctx: Ctx, values: LeadValues = {}) {
  const now = clock.now();
  const lead = await insertLead(t, {
    groupId: ctx.group.groupId,
    createdBy: ctx.owner.user.id,
    createdAt: now,
    updatedAt: now,
    lastActivityAt: now,
    ...values,
  });
  clock.advance(60_000);
  return lead;
}

interface ListBody {
  leads: { leadId: number; fullName: string }[];
  totalCount: number;
  totalCountCapped: boolean;
  nextCursor: string | null;
  previousCursor: string | null;
  message?: string;
}
async function list(ctx: Ctx, body: Record<string, unknown>, token = ctx.member.token) {
  const res = await post(t, '/lead/list', { group_id: ctx.group.groupId, ...body }, { token });
  return { status: res.status, body: res.body as ListBody };
}
async function ids(ctx: Ctx, body: Record<string, unknown>) {
  const res = await list(ctx, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.leads.map((l) => l.leadId);
}

describe('/lead/list search', () => {
  let ctx: Ctx;
  let ada: { id: number };
  let jose: { id: number };
  let acme: { id: number };
  let other: { id: number };
  beforeAll(async () => {
    ctx = await createGroupWithMembers(t);
    ada = await submitLead(ctx, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      title: 'Chief Financial Officer',
      email: 'ada.l@engines.example',
      phone: '2125550147',
      city: 'Boston',
    });
    jose = await submitLead(ctx, {
      firstName: 'José',
      lastName: 'Núñez',
      company: 'Zeta Café',
      title: 'Buyer',
      email: 'jn@zeta.example',
      phone: '+13105550199',
      city: 'São Paulo',
    });
    acme = await submitLead(ctx, {
      firstName: 'Robin',
      lastName: 'Hood',
      company: 'Acme Corp',
      title: 'Operations Director',
      email: 'robin@acme.example',
      phone: null,
      city: 'Denver',
    });
    // Another group's lead never shows.
    const elsewhere = await createGroupWithMembers(t);
    other = await submitLead(elsewhere, { firstName: 'Ada', lastName: 'Lovelace', company: 'Acme Corp' });
  });

  it('finds each field: first, last and full name, company, title, e-mail, city', async () => {
    expect(await ids(ctx, { search: 'Ada' })).toEqual([ada.id]);
    expect(await ids(ctx, { search: 'lovelace' })).toEqual([ada.id]);
    expect(await ids(ctx, { search: 'Ada Lovelace' })).toEqual([ada.id]);
    expect(await ids(ctx, { search: 'Analytical Engines' })).toEqual([ada.id]);
    expect(await ids(ctx, { search: 'financial officer' })).toEqual([ada.id]);
    expect(await ids(ctx, { search: 'ada.l@engines.example' })).toEqual([ada.id]);
    expect(await ids(ctx, { search: 'Boston' })).toEqual([ada.id]);
    expect(await ids(ctx, { search: 'Denver' })).toEqual([acme.id]);
    expect(await ids(ctx, { search: 'Nobody Here' })).toEqual([]);
    expect(await ids(ctx, { search: 'Ada' })).not.toContain(other.id);
  });

  it('finds an e-mail address or its start, in any case, and nothing else', async () => {
    for (const typed of [
      'ada.l@engines.example',
      'ADA.L@Engines.Example',
      'ada.l@',
      'ada.l@eng',
      ' ada.l@engines.example ',
    ]) {
      expect(await ids(ctx, { search: typed }), typed).toEqual([ada.id]);
    }
    // The start of the address, not a part of it; LIKE's wildcards are plain characters.
    expect(await ids(ctx, { search: 'da.l@engines.example' })).toEqual([]);
    expect(await ids(ctx, { search: 'ada_l@' })).toEqual([]);
    expect(await ids(ctx, { search: 'ada%@' })).toEqual([]);
  });

  it('finds phone digits typed in any format', async () => {
    for (const typed of ['2125550147', '(212) 555-0147', '212-555-0147', '+1 212 555 0147', '555-0147', '0147']) {
      expect(await ids(ctx, { search: typed }), typed).toEqual([ada.id]);
    }
    expect(await ids(ctx, { search: '310.555.0199' })).toEqual([jose.id]);
  });

  it('matches prefixes of words, ignoring case and accents', async () => {
    expect(await ids(ctx, { search: 'acm' })).toEqual([acme.id]);
    expect(await ids(ctx, { search: 'ACME CO' })).toEqual([acme.id]);
    expect(await ids(ctx, { search: 'jose' })).toEqual([jose.id]);
    expect(await ids(ctx, { search: 'nunez' })).toEqual([jose.id]);
    expect(await ids(ctx, { search: 'NÚÑEZ' })).toEqual([jose.id]);
    expect(await ids(ctx, { search: 'sao paulo' })).toEqual([jose.id]);
    expect(await ids(ctx, { search: 'cafe' })).toEqual([jose.id]);
    // A word's middle is not its prefix.
    expect(await ids(ctx, { search: 'cme' })).toEqual([]);
  });

  it('forgives a small typo in a name or a company', async () => {
    expect(await ids(ctx, { search: 'Acmee' })).toEqual([acme.id]);
    expect(await ids(ctx, { search: 'Lovelase' })).toEqual([ada.id]);
    expect(await ids(ctx, { search: 'Analyticall' })).toEqual([ada.id]);
    // Beside an exact word (here a short one), the near word is checked on the exact word's leads.
    expect(await ids(ctx, { search: 'Acmee co' })).toEqual([acme.id]);
    // Numbers and e-mail addresses are matched as typed, never as near words.
    expect(await ids(ctx, { search: 'Acme 9999' })).toEqual([]);
    expect(await ids(ctx, { search: 'robim@acme.example' })).toEqual([]);
  });

  it('ranks an exact name or e-mail first, then prefixes, then typos', async () => {
    const g = await createGroupWithMembers(t);
    // Oldest to newest: without a search, the newest would come first.
    const exact = await submitLead(g, {
      firstName: 'Markus',
      lastName: 'Bell',
      company: 'Quarry',
      email: 'x1@q.example',
    });
    const prefix = await submitLead(g, {
      firstName: 'Ann',
      lastName: 'Markusson',
      company: 'Quarry',
      email: 'x2@q.example',
    });
    const fuzzy = await submitLead(g, {
      firstName: 'Marku',
      lastName: 'Stone',
      company: 'Quarry',
      email: 'x3@q.example',
    });
    const byEmail = await submitLead(g, {
      firstName: 'Zed',
      lastName: 'Ray',
      company: 'Quarry',
      email: 'markus@q.example',
    });
    // The e-mail's first word is a prefix too: it ranks with the prefixes, the newer first.
    expect(await ids(g, { search: 'markus' })).toEqual([exact.id, byEmail.id, prefix.id, fuzzy.id]);
    expect(await ids(g, { search: 'Markus Bell' })).toEqual([exact.id]);
    // The whole e-mail is exact; the other leads match its words q and example as prefixes.
    expect((await ids(g, { search: 'markus@q.example' }))[0]).toBe(byEmail.id);
    expect((await ids(g, { search: 'MARKUS@Q.EXAMPLE' }))[0]).toBe(byEmail.id);
    // A ranked list pages on and back by cursor in the same order.
    const first = await list(g, { search: 'markus', get_next: 3 });
    expect(first.body.leads.map((l) => l.leadId)).toEqual([exact.id, byEmail.id, prefix.id]);
    const second = await list(g, { search: 'markus', get_next: 3, cursor: first.body.nextCursor });
    expect(second.body.leads.map((l) => l.leadId)).toEqual([fuzzy.id]);
    const back = await list(g, { search: 'markus', get_next: 3, cursor: second.body.previousCursor });
    expect(back.body.leads.map((l) => l.leadId)).toEqual([exact.id, byEmail.id, prefix.id]);
    // With another sort, the ranks still come first and the sort orders within them.
    expect(await ids(g, { search: 'markus', sort_by: 'NAME' })).toEqual([exact.id, prefix.id, byEmail.id, fuzzy.id]);
  });

  it('counts the matches, not the group', async () => {
    const res = await list(ctx, { search: 'acme' });
    expect(res.body).toMatchObject({ totalCount: 1, totalCountCapped: false });
    const all = await list(ctx, {});
    expect(all.body).toMatchObject({ totalCount: 3, totalCountCapped: false });
  });

  it('treats a search of spaces or punctuation as no search', async () => {
    expect(await ids(ctx, { search: '   ' })).toHaveLength(3);
    expect(await ids(ctx, { search: '--' })).toHaveLength(3);
    // LIKE's own characters are text like any other.
    expect(await ids(ctx, { search: '100% _x\\' })).toEqual([]);
    expect(await ids(ctx, { search: 'Ada%' })).toEqual([ada.id]);
  });

  it('forgives one wrong letter in a seven-letter word', async () => {
    const g = await createGroupWithMembers(t);
    const granite = await submitLead(g, { firstName: 'Ines', lastName: 'Wu', company: 'Granite Builders' });
    await submitLead(g, { firstName: 'Omar', lastName: 'Ek', company: 'Harbor Builders' });
    expect(await ids(g, { search: 'Granote' })).toEqual([granite.id]);
    expect(await ids(g, { search: 'Granote Builders' })).toEqual([granite.id]);
    expect(await ids(g, { search: 'Grxnite' })).toEqual([granite.id]);
  });

  it('pages by cursor across the exact, prefix and typo ranks without repeating or skipping a lead', async () => {
    const g = await createGroupWithMembers(t);
    const made: { id: number; rank: number }[] = [];
    for (let i = 0; i < 3; i++) {
      made.push({ id: (await submitLead(g, { firstName: 'Hollis', lastName: `Exact${i}` })).id, rank: 0 });
      made.push({ id: (await submitLead(g, { firstName: 'Jo', lastName: `Hollister${i}` })).id, rank: 1 });
      made.push({
        id: (await submitLead(g, { firstName: 'Kit', lastName: `Holliss${i}`, company: 'Hollys' })).id,
        rank: 1,
      });
      made.push({
        id: (await submitLead(g, { firstName: 'Lee', lastName: 'Stone', company: `Holis ${i}` })).id,
        rank: 2,
      });
    }
    await submitLead(g, { firstName: 'Nobody', lastName: 'Else' });
    for (const sort_by of ['ACTIVITY', 'NAME']) {
      const whole = await ids(g, { search: 'hollis', sort_by });
      // Ranks first (exact, then prefix, then typo); within a rank, the sort.
      expect(whole.map((id) => made.find((m) => m.id === id)!.rank)).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2]);
      for (const size of [1, 2, 5]) {
        const pages: ListBody[] = [];
        let res = await list(g, { search: 'hollis', sort_by, get_next: size });
        pages.push(res.body);
        while (res.body.leads.length === size) {
          res = await list(g, { search: 'hollis', sort_by, get_next: size, cursor: res.body.nextCursor });
          pages.push(res.body);
        }
        const leadIds = (p: ListBody) => p.leads.map((l) => l.leadId);
        expect(pages.flatMap(leadIds), `${sort_by} by ${size}`).toEqual(whole);
        // Back from the last page, page by page, to the first: every lead before it, once, in order.
        const last = pages.filter((p) => p.leads.length > 0).at(-1)!;
        const before: number[][] = [];
        let cursor = last.previousCursor;
        while (cursor) {
          const back = await list(g, { search: 'hollis', sort_by, get_next: size, cursor });
          if (back.body.leads.length === 0) break;
          before.unshift(leadIds(back.body));
          cursor = back.body.previousCursor;
        }
        expect(before.flat(), `${sort_by} back by ${size}`).toEqual(whole.slice(0, whole.length - last.leads.length));
      }
      // An offset crosses the ranks too.
      expect(await ids(g, { search: 'hollis', sort_by, start_position: 2, get_next: 5 })).toEqual(whole.slice(2, 7));
      expect(await ids(g, { search: 'hollis', sort_by, start_position: 10, get_next: 5 })).toEqual(whole.slice(10));
    }
  });

  it('looks for typos only while exact and prefix matches are few', async () => {
    const g = await createGroupWithMembers(t);
    const near = await submitLead(g, { firstName: 'Ann', lastName: 'Quill', company: 'Zanzibar' });
    expect(await ids(g, { search: 'Zanzibor' })).toEqual([near.id]);
    await t.db.execute(sql`
      insert into leads (group_id, created_by, first_name, last_name, title, company, street_one, city,
        state_abbrv, postal, created_at, updated_at, last_activity_at)
      select ${g.group.groupId}, ${g.owner.user.id}, 'Bo', 'Lund', 'Buyer', 'Zanziboria ' || i, '1 Main St',
        'Austin', 'TX', '73301', now(), now(), now()
      from generate_series(1, 50) as i`);
    const res = await list(g, { search: 'Zanzibor' });
    expect(res.body.leads.map((l) => l.leadId)).not.toContain(near.id);
    expect(res.body).toMatchObject({ totalCount: 50, totalCountCapped: false });
  });
});

describe('/lead/list filters', () => {
  let ctx: Ctx;
  const lead: Record<string, number> = {};
  beforeAll(async () => {
    ctx = await createGroupWithMembers(t);
    const member = ctx.member.user.id;
    lead.old = (await submitLead(ctx, { stateAbbrv: 'NY', createdAt: new Date('2026-01-15T10:00:00Z') })).id;
    lead.ca = (await submitLead(ctx, { stateAbbrv: 'CA', createdBy: member })).id;
    lead.mine = (await submitLead(ctx, { stateAbbrv: 'CA', assignedTo: member, outcomeStage: 'WON' })).id;
    lead.owners = (await submitLead(ctx, { stateAbbrv: 'TX', assignedTo: ctx.owner.user.id, outcomeStage: 'LOST' })).id;
    lead.rated = (await submitLead(ctx, { stateAbbrv: 'TX', ratingSum: 9, ratingCount: 2 })).id;
    lead.dup = (await submitLead(ctx, { stateAbbrv: 'TX', emailKey: 'same@x.example' })).id;
    lead.dup2 = (await submitLead(ctx, { stateAbbrv: 'TX', emailKey: 'same@x.example' })).id;
  });
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  const filtered = async (filters: Record<string, unknown>) => sorted(await ids(ctx, { filters }));

  it('filters by state, submitter, assignee and outcome', async () => {
    expect(await filtered({ state: 'CA' })).toEqual(sorted([lead.ca!, lead.mine!]));
    expect(await filtered({ submitted_by: ctx.member.user.id })).toEqual([lead.ca]);
    expect(await filtered({ assigned: 'ME' })).toEqual([lead.mine]);
    expect(await filtered({ assigned: 'ANYONE' })).toEqual(sorted([lead.mine!, lead.owners!]));
    expect(await filtered({ assigned: 'NO_ONE' })).toHaveLength(5);
    expect(await filtered({ outcome: 'WON' })).toEqual([lead.mine]);
    expect(await filtered({ outcome: 'LOST' })).toEqual([lead.owners]);
    expect(await filtered({ outcome: 'NONE' })).toHaveLength(5);
    expect(await filtered({ state: 'CA', assigned: 'ME', outcome: 'WON' })).toEqual([lead.mine]);
    expect(await filtered({ state: 'NY', outcome: 'WON' })).toEqual([]);
  });

  it('filters by rating, date added and duplicates', async () => {
    expect(await filtered({ min_rating: 4 })).toEqual([lead.rated]);
    expect(await filtered({ min_rating: 5 })).toEqual([]);
    expect(await filtered({ added: '7' })).toHaveLength(6);
    expect(await filtered({ added_from: '2026-01-15', added_to: '2026-01-15' })).toEqual([lead.old]);
    expect(await filtered({ added_to: '2026-01-14' })).toEqual([]);
    expect(await filtered({ added_from: '2026-01-16' })).toHaveLength(6);
    expect(await filtered({ duplicates_only: true })).toEqual([lead.dup2]);
    expect(await filtered({ duplicates_only: false })).toHaveLength(7);
  });

  it('counts filtered matches up to the cap, then says so', async () => {
    expect((await list(ctx, { filters: { state: 'TX' } })).body).toMatchObject({
      totalCount: 4,
      totalCountCapped: false,
    });
    const big = await createGroupWithMembers(t);
    await t.db.execute(sql`
      insert into leads (group_id, created_by, first_name, last_name, title, company, street_one, city, state_abbrv, postal)
      select ${big.group.groupId}, ${big.owner.user.id}, 'F' || i, 'L' || i, 'T', 'Acme', 'S', 'City', 'NY', '10001'
      from generate_series(1, ${LEAD_FILTERED_COUNT_MAX + 5}) as i`);
    expect((await list(big, { filters: { state: 'NY' } })).body).toMatchObject({
      totalCount: LEAD_FILTERED_COUNT_MAX,
      totalCountCapped: true,
    });
    expect((await list(big, { search: 'acme' })).body).toMatchObject({ totalCountCapped: true });
    expect((await list(big, {})).body).toMatchObject({ totalCountCapped: false });
  });
});

describe('/lead/list sorts', () => {
  it('sorts by activity, newest, name, company and rating, and pages each by cursor', async () => {
    const ctx = await createGroupWithMembers(t);
    const a = await submitLead(ctx, {
      firstName: 'Carl',
      lastName: 'Zed',
      company: 'beta',
      ratingSum: 4,
      ratingCount: 1,
    });
    const b = await submitLead(ctx, {
      firstName: 'Ángela',
      lastName: 'Young',
      company: 'Delta',
      ratingSum: 0,
      ratingCount: 0,
    });
    const c = await submitLead(ctx, {
      firstName: 'bob',
      lastName: 'Xu',
      company: 'Alpha',
      ratingSum: 5,
      ratingCount: 1,
    });
    // The first lead is the latest active.
    await t.db.execute(sql`update leads set last_activity_at = now() + interval '1 day' where id = ${a.id}`);
    const expected: Record<string, number[]> = {
      ACTIVITY: [a.id, c.id, b.id],
      NEWEST: [c.id, b.id, a.id],
      NAME: [b.id, c.id, a.id],
      COMPANY: [c.id, a.id, b.id],
      RATING: [c.id, a.id, b.id],
    };
    for (const [sort, order] of Object.entries(expected)) {
      expect(await ids(ctx, { sort_by: sort }), sort).toEqual(order);
      const first = await list(ctx, { sort_by: sort, get_next: 2 });
      expect(
        first.body.leads.map((l) => l.leadId),
        sort,
      ).toEqual(order.slice(0, 2));
      const next = await list(ctx, { sort_by: sort, get_next: 2, cursor: first.body.nextCursor });
      expect(
        next.body.leads.map((l) => l.leadId),
        sort,
      ).toEqual(order.slice(2));
      const back = await list(ctx, { sort_by: sort, get_next: 2, cursor: next.body.previousCursor });
      expect(
        back.body.leads.map((l) => l.leadId),
        sort,
      ).toEqual(order.slice(0, 2));
      // A cursor belongs to its sort.
      const other = sort === 'NAME' ? 'COMPANY' : 'NAME';
      const wrong = await list(ctx, { sort_by: other, cursor: first.body.nextCursor });
      expect(wrong, sort).toMatchObject({ status: 400, body: { message: LEAD_MESSAGES.cursorInvalid } });
    }
    // A search's cursor does not serve the list without it.
    const searched = await list(ctx, { search: 'alpha' });
    expect((await list(ctx, { cursor: searched.body.nextCursor })).status).toBe(400);
  });
});

describe('/lead/list refusals', () => {
  it('refuses unknown values with a clear 400, never a 5xx, and a non-member with 403', async () => {
    const ctx = await createGroupWithMembers(t);
    await submitLead(ctx, { firstName: 'Secret' });
    const bad: [Record<string, unknown>, string][] = [
      [{ sort_by: 'SHOE_SIZE' }, 'sort_by'],
      [{ search: 'x'.repeat(101) }, 'search'],
      [{ search: 'a\u0000b' }, 'search'],
      [{ search: 'a\u0007b' }, 'search'],
      [{ search: 42 }, 'search'],
      [{ filters: { state: 'XX' } }, 'filters.state'],
      [{ filters: { state: 'ca' } }, 'filters.state'],
      [{ filters: { submitted_by: 'me' } }, 'filters.submitted_by'],
      [{ filters: { assigned: 'SOMEONE' } }, 'filters.assigned'],
      [{ filters: { outcome: 'DONE' } }, 'filters.outcome'],
      [{ filters: { min_rating: 0 } }, 'filters.min_rating'],
      [{ filters: { min_rating: 6 } }, 'filters.min_rating'],
      [{ filters: { added: '10' } }, 'filters.added'],
      [{ filters: { added_from: '2026-02-30' } }, 'filters.added_from'],
      [{ filters: { added_from: 'yesterday' } }, 'filters.added_from'],
      [{ filters: { added_from: '2026-03-02', added_to: '2026-03-01' } }, 'filters.added_to'],
      [{ filters: { added: '7', added_from: '2026-03-01' } }, 'filters.added'],
      [{ filters: { duplicates_only: 'yes' } }, 'filters.duplicates_only'],
      [{ filters: { colour: 'red' } }, 'filters'],
      [{ filters: 'state=CA' }, 'filters'],
    ];
    for (const [body, path] of bad) {
      const res = await post(t, '/lead/list', { group_id: ctx.group.groupId, ...body }, { token: ctx.owner.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const issues = (res.body as { issues: { path: string; message: string }[] }).issues;
      expect(issues[0]?.path, JSON.stringify(body)).toBe(path);
      expect(issues[0]?.message.length).toBeGreaterThan(0);
    }
    const sortIssue = await post(
      t,
      '/lead/list',
      { group_id: ctx.group.groupId, sort_by: 'X' },
      { token: ctx.owner.token },
    );
    expect(JSON.stringify(sortIssue.body)).toContain('ACTIVITY, NEWEST, NAME, COMPANY, RATING');
    // A stranger learns nothing, searched or filtered.
    const stranger = await list(ctx, { search: 'Secret', filters: { state: 'CA' } }, ctx.stranger.token);
    expect(stranger).toMatchObject({ status: 403, body: notMember });
    expect(JSON.stringify(stranger.body)).not.toContain('Secret');
  });
});

describe('CSV export with the list’s search and filters', () => {
  const download = (query: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api${LEAD_EXPORT_PATH}?${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('exports what the filters show', async () => {
    const ctx = await createGroupWithMembers(t);
    const g = ctx.group.groupId;
    await submitLead(ctx, { firstName: 'Ada', company: 'Acme Corp', stateAbbrv: 'CA', outcomeStage: 'WON' });
    await submitLead(ctx, { firstName: 'Bea', company: 'Acme Corp', stateAbbrv: 'NY', outcomeStage: 'WON' });
    await submitLead(ctx, { firstName: 'Cy', company: 'Other', stateAbbrv: 'CA', outcomeStage: 'WON' });
    await submitLead(ctx, { firstName: 'Di', company: 'Acme Corp', stateAbbrv: 'CA', ratingSum: 5, ratingCount: 1 });
    const rows = async (query: string) => {
      const res = await download(`group_id=${g}&${query}`, ctx.member.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.body
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((r) => r.split(',')[1]);
    };
    expect(await rows('search=acme&state=CA&outcome=WON&sort_by=NAME')).toEqual(['Ada']);
    expect(await rows('search=acme')).toEqual(['Ada', 'Bea', 'Di']);
    expect(await rows('min_rating=5&duplicates_only=false')).toEqual(['Di']);
    expect(await rows('state=CA')).toEqual(['Ada', 'Cy', 'Di']);
    for (const bad of [
      'state=XX',
      'outcome=DONE',
      'min_rating=9',
      'sort_by=SIZE',
      'duplicates_only=maybe',
      'colour=red',
    ]) {
      const res = await download(`group_id=${g}&${bad}`, ctx.member.token);
      expect(res.statusCode, bad).toBe(400);
    }
    const stranger = await download(`group_id=${g}&search=acme`, ctx.stranger.token);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('Ada');
  });
});
