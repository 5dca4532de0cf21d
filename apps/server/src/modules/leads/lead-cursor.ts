import { LEAD_SORT, LEAD_SORTS, type LeadSort } from '@leadcircle/shared';
import { badRequest } from '../../http/errors.js';
import type { LeadPageKey } from './leads.queries.js';

// A list cursor is the sort key of a page's first or last lead (and its search rank, with a search)
// and the way to read from it, as base64url JSON. It carries no rights: the page is still read in the
// group the call names. ACTIVITY without a search keeps the first form, [direction, activityAt, id];
// the others are [direction, sort, key, id, rank or null].

export function encodeLeadCursor(key: LeadPageKey): string {
  const direction = key.direction === 'next' ? 'n' : 'p';
  const value =
    key.sort === LEAD_SORT && key.rank === undefined
      ? [direction, key.key, key.id]
      : [direction, key.sort, key.key, key.id, key.rank ?? null];
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A timestamp as PostgreSQL writes it, and a real date (PostgreSQL would refuse 31 February). */
function isTimestamp(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60 && y >= 1;
}

/** What a sort's key may be: a timestamp, the rating key, or a folded name (no NUL, which PostgreSQL refuses). */
function isSortKey(sort: LeadSort, key: unknown): key is string {
  if (typeof key !== 'string') return false;
  if (sort === 'ACTIVITY' || sort === 'NEWEST') return isTimestamp(key);
  if (sort === 'RATING') return /^\d{1,9}$/.test(key);
  return key.length <= 600 && !key.includes('\u0000');
}

const isId = (id: unknown): id is number =>
  Number.isInteger(id) && (id as number) > 0 && (id as number) <= 2_147_483_647;

function parse(value: unknown): LeadPageKey | undefined {
  if (!Array.isArray(value)) return undefined;
  const direction = value[0] === 'n' ? 'next' : value[0] === 'p' ? 'previous' : undefined;
  if (!direction) return undefined;
  if (value.length === 3) {
    const [, key, id] = value;
    return isSortKey(LEAD_SORT, key) && isId(id) ? { direction, sort: LEAD_SORT, key, id } : undefined;
  }
  if (value.length !== 5) return undefined;
  const [, sort, key, id, rank] = value;
  if (!LEAD_SORTS.includes(sort) || !isSortKey(sort, key) || !isId(id)) return undefined;
  if (rank === null) return { direction, sort, key, id };
  return Number.isInteger(rank) && rank >= 0 && rank <= 2 ? { direction, sort, key, id, rank } : undefined;
}

/**
 * The key a cursor names; 400 when it is not one this server wrote, or was written for another sort,
 * or with a search for a list without one (and the other way round).
 */
export function decodeLeadCursor(cursor: string, sort: LeadSort = LEAD_SORT, searching = false): LeadPageKey {
  let key: LeadPageKey | undefined;
  try {
    key = parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    // Not base64url JSON: the same answer as a wrong shape.
  }
  if (key && key.sort === sort && (key.rank !== undefined) === searching) return key;
  throw badRequest('LEAD_CURSOR_INVALID');
}
