import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { visibleTo } from '../../activity/activity-audience.js';
import { type FeedCursor, olderThan, visiblePageIds } from '../../activity/visible-activities.js';
import type { DbOrTx } from '../../db/client.js';
import { groupActivitiesOfType, readListCount } from '../../db/list-counts.js';
import { activities, publicGroups, publicLeads, publicOpportunities, publicUsers } from '../../db/schema/index.js';

export type ActivityRow = typeof activities.$inferSelect;
export type { FeedCursor };

export interface ActivityFilter {
  userId: number;
  groupId?: number;
  types?: string[];
}

/** A group's activity (the caller's membership is checked before), filtered by type. */
function inGroup(groupId: number, types?: string[]): SQL | undefined {
  return and(eq(activities.groupId, groupId), types && types.length > 0 ? inArray(activities.type, types) : undefined);
}

/** Newest first: a group's, or everything the caller may see (found through indexes, a page at a time). */
export async function listActivities(
  db: DbOrTx,
  filter: ActivityFilter,
  page: { offset: number; limit: number; before?: FeedCursor },
): Promise<ActivityRow[]> {
  const newestFirst = [desc(activities.createdAt), desc(activities.id)];
  if (filter.groupId !== undefined) {
    // NULLS LAST as the group index is built (the columns are never null), so the page is read in index order.
    return db
      .select()
      .from(activities)
      .where(and(inGroup(filter.groupId, filter.types), afterCursor(page.before)))
      .orderBy(sql`${activities.createdAt} DESC NULLS LAST, ${activities.id} DESC NULLS LAST`)
      .offset(page.offset)
      .limit(page.limit);
  }
  const ids = visiblePageIds({ userId: filter.userId, types: filter.types, before: page.before }, page);
  return db
    .select()
    .from(activities)
    .where(sql`${activities.id} IN (${ids})`)
    .orderBy(...newestFirst);
}

const afterCursor = (before: FeedCursor | undefined): SQL | undefined =>
  before === undefined ? undefined : sql`true${olderThan(before, sql`${activities.createdAt}`, sql`${activities.id}`)}`;

/**
 * A page's cursor from its last activity: its exact created_at (microseconds, as text) and id; only an
 * activity of the group, or one the reader may see (another would tell when it happened).
 */
export async function findFeedCursor(
  db: DbOrTx,
  activityId: number,
  scope: { groupId: number } | { readerId: number },
): Promise<FeedCursor | undefined> {
  const allowed = 'groupId' in scope ? eq(activities.groupId, scope.groupId) : visibleTo(scope.readerId);
  const [row] = await db
    .select({ createdAt: sql<string>`${activities.createdAt}::text`, id: activities.id })
    .from(activities)
    .where(and(eq(activities.id, activityId), allowed));
  return row;
}

/** A group's activities (of these types), from the counts the triggers keep: one read per type. */
export async function countGroupActivities(db: DbOrTx, groupId: number, types?: string[]): Promise<number> {
  if (types === undefined || types.length === 0) return readListCount(db, 'group.activities', groupId);
  const counts = await Promise.all(
    [...new Set(types)].map((type) => readListCount(db, groupActivitiesOfType(type), groupId)),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

/** The names a page of activities shows, looked up when read (a renamed group reads with its new name). */
export async function loadNames(
  db: DbOrTx,
  ids: { userIds: number[]; groupIds: number[]; leadIds: number[]; opportunityIds: number[] },
) {
  const none = Promise.resolve([]);
  const [userRows, groupRows, leadRows, opportunityRows] = await Promise.all([
    ids.userIds.length === 0
      ? none
      : db
          .select({
            id: publicUsers.id,
            firstName: publicUsers.firstName,
            lastName: publicUsers.lastName,
            deletionRequestedAt: publicUsers.deletionRequestedAt,
          })
          .from(publicUsers)
          .where(inArray(publicUsers.id, ids.userIds)),
    ids.groupIds.length === 0
      ? none
      : db
          .select({ id: publicGroups.id, name: publicGroups.name })
          .from(publicGroups)
          .where(inArray(publicGroups.id, ids.groupIds)),
    ids.leadIds.length === 0
      ? none
      : db
          .select({
            id: publicLeads.id,
            firstName: publicLeads.firstName,
            lastName: publicLeads.lastName,
            company: publicLeads.company,
          })
          .from(publicLeads)
          .where(inArray(publicLeads.id, ids.leadIds)),
    ids.opportunityIds.length === 0
      ? none
      : db
          .select({ id: publicOpportunities.id, name: publicOpportunities.name })
          .from(publicOpportunities)
          .where(inArray(publicOpportunities.id, ids.opportunityIds)),
  ]);
  return {
    users: new Map(userRows.map((r) => [r.id, r])),
    groups: new Map(groupRows.map((r) => [r.id, r.name])),
    leads: new Map(leadRows.map((r) => [r.id, r])),
    opportunities: new Map(opportunityRows.map((r) => [r.id, r.name])),
  };
}
