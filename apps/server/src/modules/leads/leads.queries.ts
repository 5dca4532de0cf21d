import { LEAD_SORT, type LeadListFilters, type LeadSort } from '@leadcircle/shared';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { readListCount } from '../../db/list-counts.js';
import { leads, publicChatRooms, publicLeadRatings, publicUsers } from '../../db/schema/index.js';
import {
  exactOrPrefix,
  FEW_MATCHES,
  filterConditions,
  type LeadSearch,
  NEAR_WORD_SIMILARITY,
  nearWordTier,
  type SearchTier,
  SORTS,
  searchTiers,
} from './lead-search.js';

// Leads: Drizzle only, every query scoped by group or lead; "nothing found" is undefined.

export type NewLead = typeof leads.$inferInsert;
export type LeadFields = Omit<NewLead, 'id' | 'groupId' | 'createdBy' | 'createdAt' | 'ratingSum' | 'ratingCount'>;

/** The oldest earlier lead of the same group sharing key `column` with the lead row: one index probe. */
const earliestMatch = (column: string) =>
  sql`(select min(d.id) from leads d where d.group_id = ${leads.groupId} and d.${sql.raw(column)} = ${sql.raw(`"leads"."${column}"`)} and d.id < ${leads.id})`;

const owners = alias(publicUsers, 'owners');
const assignees = alias(publicUsers, 'assignees');

// A lead as a viewer sees it: the row, its submitter's and assignee's names, its room and the
// viewer's own quality rating, in one query (no per-row lookups).
const viewColumns = {
  lead: leads,
  ownerFirstName: owners.firstName,
  ownerLastName: owners.lastName,
  ownerHidden: sql<boolean>`${owners.deletionRequestedAt} is not null`,
  assigneeFirstName: assignees.firstName,
  assigneeLastName: assignees.lastName,
  assigneeHidden: sql<boolean>`${assignees.deletionRequestedAt} is not null`,
  roomId: publicChatRooms.id,
  userRating: publicLeadRatings.rating,
  // The exact ACTIVITY key, for list cursors.
  activityKey: sql<string>`${leads.lastActivityAt}::text`,
  // The oldest earlier lead of the group it matches on any key: four index probes per row of the page.
  duplicateOfLeadId: sql<
    number | null
  >`least(${earliestMatch('email_key')}, ${earliestMatch('phone_key')}, ${earliestMatch('linkedin_key')}, ${earliestMatch('name_key')})`,
};
export type LeadViewRow = {
  lead: typeof leads.$inferSelect;
  ownerFirstName: string;
  ownerLastName: string;
  ownerHidden: boolean;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeHidden: boolean;
  roomId: number | null;
  userRating: number | null;
  activityKey: string;
  duplicateOfLeadId: number | null;
};

function selectLeadViews<Extra extends Record<string, SQL.Aliased>>(db: DbOrTx, viewerId: number, extra?: Extra) {
  return db
    .select({ ...viewColumns, ...(extra as Extra) })
    .from(leads)
    .innerJoin(owners, eq(owners.id, leads.createdBy))
    .leftJoin(assignees, eq(assignees.id, leads.assignedTo))
    .leftJoin(publicChatRooms, eq(publicChatRooms.leadId, leads.id))
    .leftJoin(
      publicLeadRatings,
      and(
        eq(publicLeadRatings.leadId, leads.id),
        eq(publicLeadRatings.userId, viewerId),
        eq(publicLeadRatings.kind, 'QUALITY'),
      ),
    );
}

/** A keyset page's starting point: a lead's sort key (and rank), and which way the page reads from it. */
export interface LeadPageKey {
  direction: 'next' | 'previous';
  sort: LeadSort;
  // The sort's key as PostgreSQL writes it (timestamps to the microsecond), so it compares exactly.
  key: string;
  id: number;
  // With a search: the lead's rank (lead-search.ts).
  rank?: number;
}

export interface LeadPageParams {
  groupId: number;
  viewerId: number;
  offset: number;
  limit: number;
  // When given, the page is the `limit` leads after (or before) this key and offset is not used.
  from?: LeadPageKey;
  sort?: LeadSort;
  search?: LeadSearch;
  filters?: LeadListFilters;
  // Dates the Added filter.
  now?: Date;
}

/** The conditions every row of the list meets apart from the search: the group, the filters. */
function listConditions(params: LeadPageParams): SQL[] {
  return [
    eq(leads.groupId, params.groupId),
    ...filterConditions(params.filters, params.viewerId, params.now ?? new Date()),
  ];
}

/**
 * Runs a query that looks up near words with their similarity threshold, set for its transaction
 * alone (pg_trgm's <% reads it), and through the trigram index: walking the sort's index would
 * compute the similarity of every lead it passes, and the planner cannot tell how many of those are
 * near. Any other query runs as it is.
 */
export async function runNearWordQuery<T>(db: DbOrTx, nearWords: boolean, query: (db: DbOrTx) => Promise<T>) {
  if (!nearWords) return query(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${NEAR_WORD_SIMILARITY}`));
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    return query(tx);
  });
}

/**
 * One page of a group's leads in the sort's order (ACTIVITY: most recently active first), without a
 * search. The page's ids are picked first from the sort's index, (group, key, id), entered at a
 * cursor's key so the next or previous page costs the same at any depth (at an offset, it skips
 * index entries rather than joined rows). Only the page's rows are then joined and put back in order.
 * Returned unawaited so a test can EXPLAIN it.
 */
export function leadPageQuery(db: DbOrTx, params: LeadPageParams) {
  const spec = SORTS[params.sort ?? LEAD_SORT];
  const page = tierIdsQuery(db, params, undefined, params.from, params.from ? 0 : params.offset, params.limit).as(
    'page',
  );
  return selectLeadViews(db, params.viewerId, { rank: sql<number>`0`.as('rank'), sortKey: page.sortKey })
    .innerJoin(page, eq(page.id, leads.id))
    .orderBy(keyOrder(spec.column, spec.descending), keyOrder(leads.id, spec.descending));
}

const keyOrder = (column: PgColumn | SQL.Aliased, descending: boolean) => (descending ? desc(column) : asc(column));

/**
 * The ids and sort keys of one tier's rows (or, without a tier, of the whole list) in the sort's
 * order from a cursor's key (read backwards for a previous page). A tier's rank is the same on every
 * row, so the sort's index gives the order: the planner walks it, filtering, when the tier's rows are
 * common, or reads the few rows from the tier's own index and sorts them.
 */
export function tierIdsQuery(
  db: DbOrTx,
  params: LeadPageParams,
  tier: SearchTier | undefined,
  from: LeadPageKey | undefined,
  offset: number,
  limit: number,
) {
  const spec = SORTS[params.sort ?? LEAD_SORT];
  // Read forward, the key goes the sort's way; a previous page reads the other way, then is put back.
  const keyDescending = spec.descending === (params.from?.direction !== 'previous');
  const after = from
    ? sql`(${spec.column}, ${leads.id}) ${sql.raw(keyDescending ? '<' : '>')} (${from.key}::${sql.raw(spec.type)}, ${from.id}::integer)`
    : undefined;
  return db
    .select({ id: leads.id, sortKey: sql<string>`${spec.column}::text`.as('sort_key') })
    .from(leads)
    .where(and(...listConditions(params), tier?.where, after))
    .orderBy(keyOrder(spec.column, keyDescending), keyOrder(leads.id, keyDescending))
    .offset(offset)
    .limit(limit);
}

/** Whether fewer than FEW_MATCHES leads of the list match exactly or by prefix (then near words are looked for). */
async function hasFewMatches(db: DbOrTx, params: LeadPageParams, search: LeadSearch): Promise<boolean> {
  return (await countUpTo(db, [...listConditions(params), exactOrPrefix(search)], FEW_MATCHES)) < FEW_MATCHES;
}

/** Rows meeting the conditions, counted up to `cap` (never the whole group). */
async function countUpTo(db: DbOrTx, conditions: SQL[], cap: number): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(leads)
    .where(and(...conditions))
    .limit(cap)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row?.n ?? 0;
}

/**
 * What countMatchingLeads found: the count, whether near words are looked for and, when they are, the
 * near-word rank's first rows in the list's order (read by the count, so the first page need not read
 * them again).
 */
export interface SearchCount {
  count: number;
  fewMatches: boolean;
  nearFirst?: { id: number; sortKey: string }[];
}

/** The tiers a search's list shows, best rank first: near words only when exact and prefix matches are few. */
async function listTiers(db: DbOrTx, params: LeadPageParams, search: LeadSearch) {
  const tiers = searchTiers(search);
  const near = nearWordTier(search);
  if (near && (await hasFewMatches(db, params, search))) tiers.push(near);
  return tiers;
}

/**
 * A searched page: the tiers read one after the other from the cursor's rank (forward: that rank and
 * worse; a previous page: that rank and better, read backwards), each for the rows still missing, so a
 * common word reads about a page of its tier and no tier past the page is read. The near-word tier
 * comes last and only when exact and prefix matches are few (`counted`, the count running beside the
 * page, says so; a cursor in that tier was made because they were). At an offset, the rows a tier holds
 * before it are skipped.
 */
async function searchedPageIds(db: DbOrTx, params: LeadPageParams, search: LeadSearch, counted?: Promise<SearchCount>) {
  const { from } = params;
  const forward = from?.direction !== 'previous';
  const near = nearWordTier(search);
  const tiers = searchTiers(search).filter(
    (t) => from?.rank === undefined || (forward ? t.rank >= from.rank : t.rank <= from.rank),
  );
  if (near && from?.rank === near.rank) tiers.push(near);
  if (!forward) tiers.reverse();
  const picked: { id: number; rank: number; sortKey: string }[] = [];
  let offset = from ? 0 : params.offset;
  for (let i = 0; i < tiers.length; i++) {
    const tier = tiers[i]!;
    const missing = params.limit - picked.length;
    if (missing <= 0) break;
    const key = from?.rank === tier.rank ? from : undefined;
    const count = tier.nearWords && !key && forward && offset === 0 ? await counted : undefined;
    const rows = count?.nearFirst
      ? count.nearFirst.slice(0, missing)
      : await runNearWordQuery(db, tier.nearWords === true, (tx) =>
          tierIdsQuery(tx, params, tier, key, offset, missing),
        );
    picked.push(...rows.map((r) => ({ id: r.id, rank: tier.rank, sortKey: r.sortKey })));
    // Past this tier: an offset still to skip is what this tier did not hold.
    if (offset > 0) {
      offset =
        rows.length > 0
          ? 0
          : offset -
            (await runNearWordQuery(db, tier.nearWords === true, (tx) =>
              countUpTo(tx, [...listConditions(params), tier.where], offset),
            ));
    }
    // Forward past the last exact or prefix tier with rows still missing: the near words, when few matched.
    const fewMatches = async () => (counted ? (await counted).fewMatches : hasFewMatches(db, params, search));
    if (
      near &&
      forward &&
      i === tiers.length - 1 &&
      !tier.nearWords &&
      picked.length < params.limit &&
      (await fewMatches())
    ) {
      tiers.push(near);
    }
  }
  return forward ? picked : picked.reverse();
}

export type LeadPageRow = LeadViewRow & { rank: number; sortKey: string };

/**
 * One page of the list; with a search, its tiers' rows (their views read in one query). `counted`:
 * what countMatchingLeads found, so the page does not count or read the near words again.
 */
export async function listLeadsByGroup(
  db: DbOrTx,
  params: LeadPageParams,
  counted?: Promise<SearchCount>,
): Promise<LeadPageRow[]> {
  if (!params.search) return leadPageQuery(db, params);
  const picked = await searchedPageIds(db, params, params.search, counted);
  if (picked.length === 0) return [];
  const views = await selectLeadViews(db, params.viewerId).where(
    inArray(
      leads.id,
      picked.map((p) => p.id),
    ),
  );
  const byId = new Map(views.map((v) => [v.lead.id, v]));
  return picked.flatMap((p) => {
    const view = byId.get(p.id);
    return view ? [{ ...view, rank: p.rank, sortKey: p.sortKey }] : [];
  });
}

/**
 * How many leads the search and filters find, counted up to `cap` + 1 (never the whole group): exact
 * and prefix matches, then near-word matches when those were few.
 */
export async function countMatchingLeads(db: DbOrTx, params: LeadPageParams, cap: number): Promise<SearchCount> {
  const { search } = params;
  if (!search) return { count: await countUpTo(db, listConditions(params), cap + 1), fewMatches: false };
  const found = await countUpTo(db, [...listConditions(params), exactOrPrefix(search)], cap + 1);
  const near = nearWordTier(search);
  if (!near || found >= FEW_MATCHES) return { count: found, fewMatches: found < FEW_MATCHES };
  // The near-word rank's rows (up to the cap) in the list's order from its start: counted, and the
  // first page's near rows.
  const nearFirst = await runNearWordQuery(db, true, (tx) =>
    tierIdsQuery(tx, { ...params, from: undefined }, near, undefined, 0, cap + 1 - found),
  );
  return { count: found + nearFirst.length, fewMatches: true, nearFirst };
}

/** The condition of every row a search's list shows, and whether it looks up near words. */
export async function searchMatchCondition(
  db: DbOrTx,
  params: LeadPageParams,
): Promise<{ where: SQL | undefined; nearWords: boolean }> {
  const { search } = params;
  if (!search) return { where: undefined, nearWords: false };
  const tiers = await listTiers(db, params, search);
  return {
    where: sql`(${sql.join(
      tiers.map((t) => t.where),
      sql` or `,
    )})`,
    nearWords: tiers.some((t) => t.nearWords),
  };
}

/**
 * The CSV export's rows with the list's filters and search match (searchMatchCondition): one batch
 * after an id, in id order.
 */
export async function listMatchingLeadsForExport(
  db: DbOrTx,
  params: Omit<LeadPageParams, 'offset' | 'limit'>,
  match: { where: SQL | undefined; nearWords: boolean },
  afterId: number,
  limit: number,
) {
  return runNearWordQuery(db, match.nearWords, (tx) =>
    tx
      .select(exportColumns)
      .from(leads)
      .where(and(...listConditions({ ...params, offset: 0, limit }), match.where, gt(leads.id, afterId)))
      .orderBy(asc(leads.id))
      .limit(limit),
  );
}

export async function countLeadsInGroup(db: DbOrTx, groupId: number): Promise<number> {
  return readListCount(db, 'group.leads', groupId);
}

export async function findLeadView(db: DbOrTx, leadId: number, viewerId: number): Promise<LeadViewRow | undefined> {
  const [row] = await selectLeadViews(db, viewerId).where(eq(leads.id, leadId));
  return row;
}

export async function insertLead(tx: DbOrTx, values: NewLead): Promise<number> {
  const [lead] = await tx.insert(leads).values(values).returning({ id: leads.id });
  return lead!.id;
}

export async function updateLead(db: DbOrTx, leadId: number, values: Partial<NewLead>): Promise<void> {
  await db.update(leads).set(values).where(eq(leads.id, leadId));
}

/**
 * Assigns the lead (its follow-up clock starts again). `onlyIfFree`: only while nobody else holds it,
 * decided on the row, so two members taking it at once cannot both get it. False when it was taken.
 */
export async function assignLead(
  db: DbOrTx,
  leadId: number,
  userId: number,
  now: Date,
  onlyIfFree: boolean,
): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set({ assignedTo: userId, assignedAt: now, followUpNudgedAt: null, updatedAt: now })
    .where(
      and(eq(leads.id, leadId), onlyIfFree ? or(isNull(leads.assignedTo), eq(leads.assignedTo, userId)) : undefined),
    )
    .returning({ id: leads.id });
  return rows.length > 0;
}

export interface MatchKeys {
  emailKey: string | null;
  phoneKey: string | null;
  linkedinKey: string | null;
  nameKey: string | null;
}

const KEY_COLUMNS = { emailKey: 'email_key', phoneKey: 'phone_key', linkedinKey: 'linkedin_key', nameKey: 'name_key' };

/**
 * Leads of one group sharing any of the keys, oldest first: the first `limit` of each key's index
 * range (group, key, id), merged, so a key shared by thousands of leads still reads `limit` of them.
 */
export async function findDuplicates(
  db: DbOrTx,
  groupId: number,
  keys: MatchKeys,
  exceptLeadId: number | undefined,
  limit: number,
) {
  const except = exceptLeadId === undefined ? sql`` : sql` and d.id <> ${exceptLeadId}`;
  const ranges = (Object.keys(KEY_COLUMNS) as (keyof MatchKeys)[])
    .filter((k) => keys[k] !== null)
    .map(
      (k) =>
        sql`(select d.id from leads d where d.group_id = ${groupId} and d.${sql.raw(KEY_COLUMNS[k])} = ${keys[k]}${except} order by d.id limit ${limit})`,
    );
  if (ranges.length === 0) return [];
  const ids = sql.join(ranges, sql` union `);
  return db
    .select({
      id: leads.id,
      firstName: leads.firstName,
      lastName: leads.lastName,
      company: leads.company,
      createdBy: leads.createdBy,
      createdAt: leads.createdAt,
      emailKey: leads.emailKey,
      phoneKey: leads.phoneKey,
      linkedinKey: leads.linkedinKey,
      nameKey: leads.nameKey,
      ownerFirstName: owners.firstName,
      ownerLastName: owners.lastName,
      ownerHidden: sql<boolean>`${owners.deletionRequestedAt} is not null`,
    })
    .from(leads)
    .innerJoin(owners, eq(owners.id, leads.createdBy))
    .where(sql`${leads.id} in (${ids})`)
    .orderBy(asc(leads.id))
    .limit(limit);
}

/** Deletes a lead; its ratings, room and messages go with it (foreign keys cascade). */
export async function deleteLead(db: DbOrTx, leadId: number): Promise<void> {
  await db.delete(leads).where(eq(leads.id, leadId));
}

const exportColumns = {
  id: leads.id,
  firstName: leads.firstName,
  lastName: leads.lastName,
  email: leads.email,
  phone: leads.phone,
  company: leads.company,
  title: leads.title,
  outcomeStage: leads.outcomeStage,
  outcomeAt: leads.outcomeAt,
  wonAmountCents: leads.wonAmountCents,
  lostReason: leads.lostReason,
};

/** Many leads of one import batch in one statement; their ids in the order given. */
export async function insertLeads(tx: DbOrTx, values: NewLead[]): Promise<number[]> {
  if (values.length === 0) return [];
  // One JSON parameter read by jsonb_populate_recordset: far cheaper than a value list of 500 × 30 parameters.
  const columns = Object.entries(getTableColumns(leads)).filter(([key]) => key in values[0]!);
  const json = JSON.stringify(
    values.map((v) =>
      Object.fromEntries(columns.map(([key, column]) => [column.name, v[key as keyof NewLead] ?? null])),
    ),
  );
  const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '));
  const rows = rowsOf<{ id: number }>(
    await tx.execute(
      sql`insert into leads (${names}) select ${names}
        from jsonb_populate_recordset(null::leads, ${json}::jsonb) with ordinality as r order by r.ordinality
        returning id`,
    ),
  );
  // Ids are drawn in insertion order, which is the order given.
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export type MatchKeyKind = keyof MatchKeys;

/**
 * The oldest lead of the group holding each of the given keys, for the four kinds of key at once:
 * one statement, each key one probe of its index (a lead import checks ~1,000 rows a statement).
 */
export async function findOldestByKeys(db: DbOrTx, groupId: number, keys: Record<MatchKeyKind, string[]>) {
  const parts = (Object.keys(KEY_COLUMNS) as MatchKeyKind[])
    .filter((k) => keys[k].length > 0)
    .map(
      (k) =>
        sql`select ${k}::text as kind, k.key as key, (select min(d.id) from leads d where d.group_id = ${groupId} and d.${sql.raw(KEY_COLUMNS[k])} = k.key) as id from jsonb_array_elements_text(${JSON.stringify(keys[k])}::jsonb) as k(key)`,
    );
  if (parts.length === 0) return [];
  const found = sql`select m.kind, m.key, l.id, l.first_name, l.last_name, o.first_name as owner_first, o.last_name as owner_last, o.deletion_requested_at is not null as owner_hidden
    from (${sql.join(parts, sql` union all `)}) m
    join leads l on l.id = m.id join public_users o on o.id = l.created_by`;
  return rowsOf<Record<string, unknown>>(await db.execute(found)).map((r) => ({
    kind: r.kind as MatchKeyKind,
    key: r.key as string,
    leadId: Number(r.id),
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    ownerFirstName: r.owner_first as string,
    ownerLastName: r.owner_last as string,
    ownerHidden: r.owner_hidden as boolean,
  }));
}

/** Leads an undo may remove, locked, with what shows someone worked on each since it was created. */
export async function lockLeadsForRemoval(tx: DbOrTx, leadIds: number[]) {
  if (leadIds.length === 0) return [];
  return tx
    .select({
      id: leads.id,
      changed: sql<boolean>`${leads.updatedAt} > ${leads.createdAt}`,
      assigned: sql<boolean>`${leads.assignedTo} is not null`,
      outcome: sql<boolean>`${leads.outcomeStage} is not null or exists (select 1 from lead_outcome_steps s where s.lead_id = ${leads.id})`,
      rated: sql<boolean>`${leads.ratingCount} > 0 or exists (select 1 from ${publicLeadRatings} r where r.lead_id = ${leads.id})`,
    })
    .from(leads)
    .where(inArray(leads.id, leadIds))
    .for('update');
}

export async function deleteLeads(tx: DbOrTx, leadIds: number[]): Promise<void> {
  if (leadIds.length > 0) await tx.delete(leads).where(inArray(leads.id, leadIds));
}
