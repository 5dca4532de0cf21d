import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { listCounts } from './schema/index.js';

// A paged list's totalCount, read from the counts the triggers keep (one primary-key read per list)
// instead of counting the list's rows on every page.

export type CountedList =
  | 'group.leads'
  | 'group.members'
  | 'user.groups'
  | 'room.messages'
  | 'opportunity.contacts'
  | 'user.opportunities'
  | 'group.activities'
  | `group.activities:${string}`;

/** The list of a group's activities of one type (kept beside the group's whole list). */
export const groupActivitiesOfType = (type: string): CountedList => `group.activities:${type}`;

export async function readListCount(db: DbOrTx, list: CountedList, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: listCounts.n })
    .from(listCounts)
    .where(and(eq(listCounts.list, list), eq(listCounts.ownerId, ownerId)));
  return row?.n ?? 0;
}

/** The counts of several owners' lists; an owner with no row counts 0. */
export async function readListCounts(db: DbOrTx, list: CountedList, ownerIds: number[]): Promise<Map<number, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .select({ ownerId: listCounts.ownerId, n: listCounts.n })
    .from(listCounts)
    .where(and(eq(listCounts.list, list), inArray(listCounts.ownerId, ownerIds)));
  return new Map(ownerIds.map((id) => [id, rows.find((r) => r.ownerId === id)?.n ?? 0]));
}
