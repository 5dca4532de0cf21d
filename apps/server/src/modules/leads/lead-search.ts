import type { LeadListFilters, LeadSort } from '@leadcircle/shared';
import { and, eq, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { leads } from '../../db/schema/index.js';

// The lead list's search, filters and sorts as SQL on the leads table. Matching reads the kept
// search_text column (every searched field folded by lc_fold: no case, no accents, non-letters as
// spaces) through its trigram index: each word must start a word of the lead ('% acm%'), or, from
// four letters on (not numbers, not in an e-mail address), be close to one (pg_trgm's word similarity
// ≥ 0.6: one letter added or changed in a longer name or company). A query of phone characters with
// three digits or more matches the digits anywhere in the phone. An e-mail address or its start
// ('ada.l@', 'ada.l@eng') is a prefix of the kept e-mail key, read from its index. Ranked: 0 the whole
// query is the name (full, first or last) or the e-mail, 1 every word is a prefix, 2 a typo was forgiven.

/** Words from this many letters on forgive a typo. */
const FUZZY_MIN_LENGTH = 4;
// pg_trgm's default word_similarity_threshold, which <% uses.
const NEAR_WORD_SIMILARITY = 0.6;
const PHONE_QUERY = /^[\d\s().+-]+$/;
// An e-mail address or the start of one: a local part, '@', and none or part of the domain.
const EMAIL_QUERY = /^[^\s@]+@[^\s@]*$/;
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface LeadSearch {
  // Folded by lc_fold in SQL; split here on anything but letters and digits.
  words: string[];
  // The whole query, trimmed, for the exact rank.
  query: string;
  // Set when the query is a phone number (or part of one).
  digits?: string;
  // Set when the query is an e-mail address or its start: its e-mail key (trimmed, lower case).
  email?: string;
}

/** The search a query names; undefined when it holds no letter or digit (then nothing is searched). */
export function parseLeadSearch(query: string | undefined): LeadSearch | undefined {
  const trimmed = query?.trim() ?? '';
  const words = trimmed.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  if (words.length === 0) return undefined;
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  const isPhone = PHONE_QUERY.test(trimmed) && digits.length >= 3;
  const isEmail = EMAIL_QUERY.test(trimmed);
  return { words, query: trimmed, ...(isPhone && { digits }), ...(isEmail && { email: trimmed.toLowerCase() }) };
}

const wordPrefix = (w: string) => sql`${leads.searchText} like '% ' || lc_fold(${w}) || '%'`;

/** A word that may be a typo: four letters or more, not a number, not in an e-mail address. */
const forgivesTypo = (search: LeadSearch, w: string) =>
  w.length >= FUZZY_MIN_LENGTH && /\p{L}/u.test(w) && !search.query.includes('@');

/**
 * The rows the search finds: every word a prefix or (a name-like word) a near word; or the phone
 * digits. A near word is looked up through the index (<%) only when every word may be one; otherwise
 * the exact words (numbers, short words) find the rows through the index and the near words are
 * checked on those rows alone: a near-word lookup reads every lead sharing a trigram with the word.
 */
export function searchCondition(search: LeadSearch): SQL {
  if (search.digits) return sql`${leads.searchText} like ${`%${search.digits}%`}`;
  // An e-mail is a range of the e-mail key index (group, key): no trigrams.
  if (search.email) return sql`${leads.emailKey} like ${likePrefix(search.email)}`;
  const allFuzzy = search.words.every((w) => forgivesTypo(search, w));
  return and(
    ...search.words.map((w) => {
      if (!forgivesTypo(search, w)) return wordPrefix(w);
      const near = allFuzzy
        ? sql`lc_fold(${w}) <% ${leads.searchText}`
        : sql`word_similarity(lc_fold(${w}), ${leads.searchText}) >= ${NEAR_WORD_SIMILARITY}`;
      return sql`(${wordPrefix(w)} or ${near})`;
    }),
  )!;
}

/** 0 exact name or e-mail, 1 every word a prefix, 2 fuzzy: read from the kept columns, no folding per row. */
export function searchRank(search: LeadSearch): SQL<number> {
  if (search.digits) {
    return sql<number>`(case when ${leads.phone} like ${`%${search.digits}`} then 0 else 1 end)`;
  }
  if (search.email) return sql<number>`(case when ${leads.emailKey} = ${search.email} then 0 else 1 end)`;
  // The whole query as typed, folded: the full name, or its first or last part (one word each, as most are).
  const folded = sql`lc_fold(${search.query})`;
  const pattern = sql`lc_fold(${search.query.replace(/[\\%_]/g, (c) => `\\${c}`)})`;
  const exact = sql`${leads.nameFold} = ${folded}
    or ${leads.nameFold} like ${pattern} || ' %'
    or ${leads.nameFold} like '% ' || ${pattern}
    or lower(${leads.email}) = lower(${search.query})`;
  const prefixes = and(...search.words.map(wordPrefix));
  return sql<number>`(case when ${exact} then 0 when ${prefixes} then 1 else 2 end)`;
}

/** A sort's key column, its order, and its type (to read a cursor's key back). */
export interface SortSpec {
  column: PgColumn;
  descending: boolean;
  type: 'timestamptz' | 'text' | 'integer';
}
export const SORTS: Record<LeadSort, SortSpec> = {
  ACTIVITY: { column: leads.lastActivityAt, descending: true, type: 'timestamptz' },
  NEWEST: { column: leads.createdAt, descending: true, type: 'timestamptz' },
  NAME: { column: leads.nameFold, descending: false, type: 'text' },
  COMPANY: { column: leads.companyFold, descending: false, type: 'text' },
  RATING: { column: leads.ratingKey, descending: true, type: 'integer' },
};

const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** A lead of the group with an earlier lead sharing one of its duplicate keys (its index probe). */
const hasEarlierMatch = (column: string) =>
  sql`(${sql.raw(`"leads"."${column}"`)} is not null and exists (select 1 from leads d where d.group_id = ${leads.groupId} and d.${sql.raw(column)} = ${sql.raw(`"leads"."${column}"`)} and d.id < ${leads.id}))`;

/** The filters as conditions (AND); `now` dates Added, `viewerId` is Assigned to me. */
export function filterConditions(filters: LeadListFilters | undefined, viewerId: number, now: Date): SQL[] {
  if (!filters) return [];
  const f = filters;
  const out: (SQL | undefined)[] = [
    f.state === undefined ? undefined : eq(leads.stateAbbrv, f.state),
    f.submitted_by === undefined ? undefined : eq(leads.createdBy, f.submitted_by),
    f.assigned === 'ME'
      ? eq(leads.assignedTo, viewerId)
      : f.assigned === 'ANYONE'
        ? isNotNull(leads.assignedTo)
        : f.assigned === 'NO_ONE'
          ? isNull(leads.assignedTo)
          : undefined,
    f.outcome === undefined
      ? undefined
      : f.outcome === 'NONE'
        ? isNull(leads.outcomeStage)
        : eq(leads.outcomeStage, f.outcome),
    f.min_rating === undefined ? undefined : gte(leads.ratingKey, f.min_rating * 1000),
    f.added === undefined ? undefined : gte(leads.createdAt, new Date(now.getTime() - Number(f.added) * DAY_MS)),
    f.added_from === undefined ? undefined : gte(leads.createdAt, dayStart(f.added_from)),
    f.added_to === undefined ? undefined : lt(leads.createdAt, new Date(dayStart(f.added_to).getTime() + DAY_MS)),
    f.duplicates_only
      ? sql`(${hasEarlierMatch('email_key')} or ${hasEarlierMatch('phone_key')} or ${hasEarlierMatch('linkedin_key')} or ${hasEarlierMatch('name_key')})`
      : undefined,
  ];
  return out.filter((c): c is SQL => c !== undefined);
}

/** True when the filters filter anything. */
export function hasFilters(filters: LeadListFilters | undefined): boolean {
  return filters !== undefined && Object.values(filters).some((v) => v !== undefined && v !== false);
}
