import type { LeadListFilters, LeadSort } from '@leadcircle/shared';
import { and, eq, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { leads } from '../../db/schema/index.js';

// The lead list's search, filters and sorts as SQL on the leads table. Matching reads the kept
// search_text column (every searched field folded by lc_fold: no case, no accents, non-letters as
// spaces) through its trigram index: each word must start a word of the lead ('% acm%'), or one word
// of four letters or more (not a number, not in an e-mail address) may instead be close to one
// (pg_trgm's word similarity, see NEAR_WORD_SIMILARITY). A query of phone characters with three digits or more matches the digits
// anywhere in the phone. An e-mail address or its start ('ada.l@', 'ada.l@eng') is a prefix of the
// kept e-mail key, read from its index.
//
// A search is a list of tiers, one per rank, each the rows of exactly that rank: 0 the whole query is
// the name (full, first or last) or the e-mail, 1 every word is a prefix, 2 a typo was forgiven. The
// page reads the tiers one after the other, each in the sort's order through an index, so no match is
// ranked: the planner walks the sort's index for a common word and reads a rare one's few matches
// from the trigram or name indexes. Near words (tier 2) are looked up only when fewer than
// FEW_MATCHES leads match exactly or by prefix.

/** Words from this many letters on forgive a typo. */
const FUZZY_MIN_LENGTH = 4;
/**
 * pg_trgm's word similarity a near word needs (set for its query alone): one letter changed in the
 * middle of a seven-letter word scores 5 shared trigrams of 11, 0.45; the default 0.6 would need twelve.
 * Shorter words keep 0.6 ("Acmee" finds Acme at 0.67), or a word being typed ("hartw") would find
 * every "hart…".
 */
export const NEAR_WORD_SIMILARITY = 0.45;
const SHORT_NEAR_WORD_SIMILARITY = 0.6;
const LONG_WORD_LENGTH = 7;
/** Near words are looked up only while exact and prefix matches are fewer than this (a page). */
export const FEW_MATCHES = 50;
const PHONE_QUERY = /^[\d\s().+-]+$/;
// An e-mail address or the start of one: a local part, '@', and none or part of the domain.
const EMAIL_QUERY = /^[^\s@]+@[^\s@]*$/;
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface LeadSearch {
  // Folded by lc_fold in SQL; split here on anything but letters and digits.
  words: string[];
  // The whole query, trimmed, inner spaces made one, for the exact rank.
  query: string;
  // Set when the query is a phone number (or part of one).
  digits?: string;
  // Set when the query is an e-mail address or its start: its e-mail key (trimmed, lower case).
  email?: string;
}

/** The search a query names; undefined when it holds no letter or digit (then nothing is searched). */
export function parseLeadSearch(query: string | undefined): LeadSearch | undefined {
  const trimmed = query?.trim().replace(/\s+/g, ' ') ?? '';
  const words = trimmed.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  if (words.length === 0) return undefined;
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  const isPhone = PHONE_QUERY.test(trimmed) && digits.length >= 3;
  const isEmail = EMAIL_QUERY.test(trimmed);
  return { words, query: trimmed, ...(isPhone && { digits }), ...(isEmail && { email: trimmed.toLowerCase() }) };
}

/**
 * The word starts a word of the lead. From three letters on, the trigram index is asked for the word
 * anywhere ('%acm%': only its own trigrams) and the word start is checked on those rows; asking for
 * '% acm%' would also read the index lists of '  a' and ' ac', which nearly every lead holds.
 */
const wordPrefix = (w: string) =>
  w.length >= 3
    ? sql`(${leads.searchText} like '%' || lc_fold(${w}) || '%' and strpos(${leads.searchText}, ' ' || lc_fold(${w})) > 0)`
    : sql`${leads.searchText} like '% ' || lc_fold(${w}) || '%'`;

/** A word that may be a typo: four letters or more, not a number, not in an e-mail address. */
const forgivesTypo = (search: LeadSearch, w: string) =>
  w.length >= FUZZY_MIN_LENGTH && /\p{L}/u.test(w) && !search.query.includes('@');

/** The rows of one rank. `nearWords`: its query needs the near-word threshold (runNearWordQuery). */
export interface SearchTier {
  rank: number;
  where: SQL;
  nearWords?: boolean;
}

/**
 * Exact: the query is the full name, the first or the last name (each one index probe: the name
 * sort's index and the folded first and last name indexes).
 */
function exactName(search: LeadSearch): SQL {
  const q = sql`lc_fold(${search.query})`;
  return sql`(${leads.nameFold} = ${q} or lc_fold(${leads.firstName}) = ${q} or lc_fold(${leads.lastName}) = ${q})`;
}

const everyWordPrefix = (search: LeadSearch) => and(...search.words.map(wordPrefix))!;

/** The exact and prefix tiers (0 and 1), best first; what counts as "few matches" before typos are looked for. */
export function searchTiers(search: LeadSearch): SearchTier[] {
  if (search.digits) {
    const found = sql`${leads.searchText} like ${`%${search.digits}%`}`;
    const ending = sql`coalesce(${leads.phone} like ${`%${search.digits}`}, false)`;
    return [
      { rank: 0, where: sql`(${found} and ${ending})` },
      { rank: 1, where: sql`(${found} and not ${ending})` },
    ];
  }
  // An e-mail is a range of the e-mail key index (group, key): no trigrams.
  if (search.email) {
    return [
      { rank: 0, where: eq(leads.emailKey, search.email) },
      {
        rank: 1,
        where: sql`(${leads.emailKey} like ${likePrefix(search.email)} and ${leads.emailKey} <> ${search.email})`,
      },
    ];
  }
  const exact = exactName(search);
  return [
    { rank: 0, where: exact },
    { rank: 1, where: sql`(${everyWordPrefix(search)} and not ${exact})` },
  ];
}

/** Rows of tiers 0 and 1 (the count, and whether near words are looked for). */
export function exactOrPrefix(search: LeadSearch): SQL {
  const tiers = searchTiers(search);
  if (search.digits || search.email)
    return sql`(${sql.join(
      tiers.map((t) => t.where),
      sql` or `,
    )})`;
  // The prefixes first: a common word's rows then skip the name folding.
  return sql`(${everyWordPrefix(search)} or ${exactName(search)})`;
}

/**
 * Tier 2: one word a near word (pg_trgm's <%, through the trigram index, at NEAR_WORD_SIMILARITY),
 * the others prefixes, and not in tiers 0 and 1: one typo a query, so each near word's candidates are
 * narrowed by the other words' prefixes in the index. None for phones, e-mails and words too short to
 * forgive a typo.
 */
export function nearWordTier(search: LeadSearch): SearchTier | undefined {
  if (search.digits || search.email) return undefined;
  const typo = search.words.flatMap((w, i) =>
    forgivesTypo(search, w)
      ? [
          and(
            sql`lc_fold(${w}) <% ${leads.searchText}`,
            w.length < LONG_WORD_LENGTH
              ? sql`word_similarity(lc_fold(${w}), ${leads.searchText}) >= ${SHORT_NEAR_WORD_SIMILARITY}`
              : undefined,
            ...search.words.filter((_, j) => j !== i).map(wordPrefix),
          )!,
        ]
      : [],
  );
  if (typo.length === 0) return undefined;
  return { rank: 2, where: sql`((${sql.join(typo, sql` or `)}) and not ${exactOrPrefix(search)})`, nearWords: true };
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
