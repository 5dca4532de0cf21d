import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { allVisibleIds, visiblePageIds } from '../../activity/visible-activities.js';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { activities, publicGroups, publicLeads, publicOpportunities, publicUsers } from '../../db/schema/index.js';

export type ActivityRow = typeof activities.$inferSelect;

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
  page: { offset: number; limit: number },
): Promise<ActivityRow[]> {
  const newestFirst = [desc(activities.createdAt), desc(activities.id)];
  if (filter.groupId !== undefined) {
    return db
      .select()
      .from(activities)
      .where(inGroup(filter.groupId, filter.types))
      .orderBy(...newestFirst)
      .offset(page.offset)
      .limit(page.limit);
  }
  const ids = visiblePageIds({ userId: filter.userId, types: filter.types }, page);
  return db
    .select()
    .from(activities)
    .where(sql`${activities.id} IN (${ids})`)
    .orderBy(...newestFirst);
}

export async function countActivities(db: DbOrTx, filter: ActivityFilter): Promise<number> {
  if (filter.groupId !== undefined) {
    const [row] = await db.select({ n: count() }).from(activities).where(inGroup(filter.groupId, filter.types));
    return row?.n ?? 0;
  }
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM (${allVisibleIds({ userId: filter.userId, types: filter.types })}) ids`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
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
