import type { SearchKind } from '@leadcircle/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';

// Search everywhere in PostgreSQL: each kind's rows the caller may see, matched on one folded text
// (lc_fold: lower case, no accents) that a GIN trigram index of the same expression serves
// (migration search_everywhere). Every query word must begin a word of it (LIKE 'w%' or '% w%'), or
// the whole query be close to a word of it (pg_trgm's <%, for typos). Ranked: exact, prefix, fuzzy.
// Only the public_* views of the owning modules are read; moving search to an engine replaces this file.

/** The folded query and its words, already escaped for LIKE. */
export interface SearchTerms {
  query: string;
  words: string[];
  /** Whether typos are forgiven: from four characters on (shorter queries match too much), not in e-mails or numbers. */
  fuzzy: boolean;
}

export interface Page {
  offset: number;
  limit: number;
}

export type SearchRow = {
  id: number;
  title: string;
  subtitle: string;
  /** What the link is built from (ids, a room's kind). */
  link_a: number | null;
  link_b: number | null;
  link_c: number | null;
  link_kind: string | null;
};

/** Rows of one kind ranked at most (see searchSql). */
export const CANDIDATES = 1000;

export function searchTerms(query: string): SearchTerms {
  const words = query
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 5)
    .map(escapeLike);
  // No typo rule for an e-mail or a number: nobody misspells those by one letter, and its common
  // trigrams ("@ex", ".co", digits) would make the index read most of its lists.
  return { query, words, fuzzy: [...query].length >= 4 && !/[@\d]/.test(query) };
}

/** The match, rank and order of one folded document expression (the indexed one, exactly). */
function matching(doc: SQL, exact: SQL[], terms: SearchTerms) {
  const q = sql`lc_fold(${terms.query})`;
  const prefix = sql.join(
    terms.words.map((w) => sql`(${doc} like lc_fold(${w}) || '%' or ${doc} like '% ' || lc_fold(${w}) || '%')`),
    sql` and `,
  );
  const where = terms.fuzzy ? sql`((${prefix}) or ${q} <% ${doc})` : sql`(${prefix})`;
  const rank = sql`case when ${q} in (${sql.join(
    exact.map((field) => sql`lc_fold(${field})`),
    sql`, `,
  )}) then 0 when ${prefix} then 1 else 2 end`;
  return { where, rank, similarity: sql`word_similarity(${q}, ${doc})` };
}

const myGroupIds = (userId: number) => sql`select group_id from public_group_members where user_id = ${userId}`;
const myOpportunityIds = (userId: number) =>
  sql`select id from public_opportunities where created_by = ${userId}
    union select opportunity_id from public_opportunity_shares where user_id = ${userId}`;
/** The caller's business while their account stands (a business's room is theirs only then). */
const myBusinessId = (userId: number) =>
  sql`select business_id from public_users where id = ${userId} and deletion_requested_at is null`;

function leads(userId: number, terms: SearchTerms) {
  const doc = sql`lc_fold(l.first_name || ' ' || l.last_name || ' ' || l.company || ' ' || coalesce(l.email, ''))`;
  const m = matching(
    doc,
    [sql`l.first_name || ' ' || l.last_name`, sql`l.first_name`, sql`l.last_name`, sql`l.company`, sql`l.email`],
    terms,
  );
  return {
    select: sql`select l.id, l.first_name || ' ' || l.last_name as title,
        concat_ws(' · ', nullif(l.company, ''), g.name) as subtitle,
        l.group_id as link_a, null::int as link_b, null::int as link_c, null::text as link_kind,
        ${m.rank} as rank, ${m.similarity} as similarity, l.first_name || ' ' || l.last_name as sort_title
      from public_leads l join public_groups g on g.id = l.group_id
      where l.group_id in (${myGroupIds(userId)}) and ${m.where}`,
  };
}

function groups(userId: number, terms: SearchTerms) {
  const doc = sql`lc_fold(g.name)`;
  const m = matching(doc, [sql`g.name`], terms);
  return {
    select: sql`select g.id, g.name as title, 'Group' as subtitle,
        null::int as link_a, null::int as link_b, null::int as link_c, null::text as link_kind,
        ${m.rank} as rank, ${m.similarity} as similarity, g.name as sort_title
      from public_groups g
      where g.id in (${myGroupIds(userId)}) and ${m.where}`,
  };
}

function opportunities(userId: number, terms: SearchTerms) {
  const doc = sql`lc_fold(o.name)`;
  const m = matching(doc, [sql`o.name`], terms);
  return {
    select: sql`select o.id, o.name as title,
        case when o.created_by = ${userId} then 'Your opportunity' else 'Shared with you' end as subtitle,
        null::int as link_a, null::int as link_b, null::int as link_c, null::text as link_kind,
        ${m.rank} as rank, ${m.similarity} as similarity, o.name as sort_title
      from public_opportunities o
      where o.id in (${myOpportunityIds(userId)}) and ${m.where}`,
  };
}

function contacts(userId: number, terms: SearchTerms) {
  const doc = sql`lc_fold(c.first_name || ' ' || c.last_name || ' ' || c.company || ' ' || coalesce(c.email, ''))`;
  const m = matching(
    doc,
    [sql`c.first_name || ' ' || c.last_name`, sql`c.first_name`, sql`c.last_name`, sql`c.company`, sql`c.email`],
    terms,
  );
  return {
    select: sql`select c.id, c.first_name || ' ' || c.last_name as title,
        concat_ws(' · ', nullif(concat_ws(', ', nullif(c.title, ''), nullif(c.company, '')), ''), o.name) as subtitle,
        c.opportunity_id as link_a, null::int as link_b, null::int as link_c, null::text as link_kind,
        ${m.rank} as rank, ${m.similarity} as similarity, c.first_name || ' ' || c.last_name as sort_title
      from public_opportunity_contacts c join public_opportunities o on o.id = c.opportunity_id
      where c.opportunity_id in (${myOpportunityIds(userId)}) and ${m.where}`,
  };
}

/**
 * Whether `u` shares a group, an opportunity or the business with the caller, asked of each person the
 * index found (a semi-join against everyone the caller knows misestimates badly at thousands of groups).
 */
const sharesWithMe = (userId: number) => sql`(
    exists (select 1 from public_group_members y
      where y.user_id = u.id and y.group_id in (${myGroupIds(userId)}))
    or exists (select 1 from public_opportunity_shares s
      where s.user_id = u.id and s.opportunity_id in (${myOpportunityIds(userId)}))
    or exists (select 1 from public_opportunities o
      where o.created_by = u.id and o.id in (select opportunity_id from public_opportunity_shares where user_id = ${userId}))
    or u.business_id = (${myBusinessId(userId)}))`;

function people(userId: number, terms: SearchTerms) {
  const doc = sql`lc_fold(u.first_name || ' ' || u.last_name)`;
  const m = matching(doc, [sql`u.first_name || ' ' || u.last_name`, sql`u.first_name`, sql`u.last_name`], terms);
  return {
    select: sql`select u.id, u.first_name || ' ' || u.last_name as title,
        concat_ws(', ', nullif(u.title, ''), nullif(u.company, '')) as subtitle,
        (select r.id from public_chat_rooms r where r.kind = 'DIRECT'
          and r.direct_user_low = least(u.id, ${userId}) and r.direct_user_high = greatest(u.id, ${userId})) as link_a,
        null::int as link_b, null::int as link_c, null::text as link_kind,
        ${m.rank} as rank, ${m.similarity} as similarity, u.first_name || ' ' || u.last_name as sort_title
      from public_users u
      where ${sharesWithMe(userId)} and u.id <> ${userId}
        and u.deletion_requested_at is null and u.erased_at is null and ${m.where}`,
  };
}

/** The rooms the caller is in, as a condition on `r` (membership follows groups, the business, shares). */
const myRoomsCondition = (userId: number) => sql`(
    (r.kind in ('GROUP', 'LEAD') and r.group_id in (${myGroupIds(userId)}))
    or (r.kind = 'BUSINESS' and r.business_id = (${myBusinessId(userId)}))
    or (r.kind = 'DIRECT' and ${userId} in (r.direct_user_low, r.direct_user_high))
    or (r.kind in ('OPPORTUNITY', 'CONTACT') and r.opportunity_id in (${myOpportunityIds(userId)})))`;

function messages(userId: number, terms: SearchTerms) {
  const doc = sql`lc_fold(m.message)`;
  const m = matching(doc, [sql`m.message`], terms);
  return {
    select: sql`select m.id, m.message as title,
        concat_ws(' · ', a.first_name || ' ' || a.last_name, case r.kind
          when 'GROUP' then g.name
          when 'LEAD' then l.first_name || ' ' || l.last_name
          when 'OPPORTUNITY' then o.name
          when 'CONTACT' then c.first_name || ' ' || c.last_name
          when 'BUSINESS' then 'Business'
          else 'Direct' end) as subtitle,
        r.id as link_a,
        case r.kind when 'LEAD' then r.lead_id when 'CONTACT' then r.contact_id end as link_b,
        case r.kind when 'LEAD' then r.group_id when 'CONTACT' then r.opportunity_id end as link_c,
        r.kind::text as link_kind,
        ${m.rank} as rank, ${m.similarity} as similarity, ''::text as sort_title
      from public_chat_messages m
        join public_chat_rooms r on r.id = m.room_id
        left join public_users a on a.id = m.user_id
        left join public_groups g on r.kind = 'GROUP' and g.id = r.group_id
        left join public_leads l on r.kind = 'LEAD' and l.id = r.lead_id
        left join public_opportunities o on r.kind = 'OPPORTUNITY' and o.id = r.opportunity_id
        left join public_opportunity_contacts c on r.kind = 'CONTACT' and c.id = r.contact_id
      where m.deleted_at is null and ${myRoomsCondition(userId)} and ${m.where}`,
  };
}

const KINDS: Record<SearchKind, (userId: number, terms: SearchTerms) => { select: SQL }> = {
  LEADS: leads,
  GROUPS: groups,
  OPPORTUNITIES: opportunities,
  CONTACTS: contacts,
  PEOPLE: people,
  MESSAGES: messages,
};

/** The SQL of one kind's page (plan tests EXPLAIN it). */
export function searchSql(kind: SearchKind, userId: number, terms: SearchTerms, page: Page): SQL {
  const { select } = KINDS[kind](userId, terms);
  // Messages: newest first within a rank; the rest, closest first, then by name.
  const order = kind === 'MESSAGES' ? sql`rank, id desc` : sql`rank, similarity desc, lower(sort_title), id`;
  // Ranked among the first CANDIDATES rows found (more for a deep page): a query every row matches ("a")
  // then costs a bounded read instead of ranking a million rows; a selective one is ranked whole.
  const candidates = Math.max(CANDIDATES, page.offset + page.limit + CANDIDATES / 2);
  return sql`select id, title, subtitle, link_a, link_b, link_c, link_kind
    from (select * from (${select}) found limit ${candidates}) candidates
    order by ${order} limit ${page.limit} offset ${page.offset}`;
}

export async function searchKind(
  db: DbOrTx,
  kind: SearchKind,
  userId: number,
  terms: SearchTerms,
  page: Page,
): Promise<SearchRow[]> {
  const { rows } = await db.execute<SearchRow>(searchSql(kind, userId, terms, page));
  return rows;
}
