import { badRequest } from '../../http/errors.js';
import type { LeadPageKey } from './leads.queries.js';

// A list cursor is the ACTIVITY key of a page's first or last lead and the way to read from it,
// as base64url JSON. It carries no rights: the page is still read in the group the call names.

export function encodeLeadCursor(key: LeadPageKey): string {
  return Buffer.from(JSON.stringify([key.direction === 'next' ? 'n' : 'p', key.activityAt, key.id])).toString(
    'base64url',
  );
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

/** The key a cursor names; 400 when it is not one this server wrote. */
export function decodeLeadCursor(cursor: string): LeadPageKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [direction, activityAt, id] = value;
      if (
        (direction === 'n' || direction === 'p') &&
        typeof activityAt === 'string' &&
        isTimestamp(activityAt) &&
        Number.isInteger(id) &&
        id > 0 &&
        id <= 2_147_483_647
      ) {
        return { direction: direction === 'n' ? 'next' : 'previous', activityAt, id };
      }
    }
  } catch {
    // Not base64url JSON: the same answer as a wrong shape.
  }
  throw badRequest('LEAD_CURSOR_INVALID');
}
