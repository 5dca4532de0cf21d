import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { visibleTo } from '../../activity/activity-audience.js';
import type { DbOrTx } from '../../db/client.js';
import { activities, groups, leads, opportunities, users } from '../../db/schema/index.js';

export type ActivityRow = typeof activities.$inferSelect;

export interface ActivityFilter {
  userId: number;
  groupId?: number;
  types?: string[];
}

function where(filter: ActivityFilter): SQL | undefined {
  return and(
    visibleTo(filter.userId),
    filter.groupId === undefined ? undefined : eq(activities.groupId, filter.groupId),
    filter.types && filter.types.length > 0 ? inArray(activities.type, filter.types) : undefined,
  );
}

/** Newest first. */
export async function listActivities(
  db: DbOrTx,
  filter: ActivityFilter,
  page: { offset: number; limit: number },
): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activities)
    .where(where(filter))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countActivities(db: DbOrTx, filter: ActivityFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(activities).where(where(filter));
  return row?.n ?? 0;
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
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            deletionRequestedAt: users.deletionRequestedAt,
          })
          .from(users)
          .where(inArray(users.id, ids.userIds)),
    ids.groupIds.length === 0
      ? none
      : db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, ids.groupIds)),
    ids.leadIds.length === 0
      ? none
      : db
          .select({ id: leads.id, firstName: leads.firstName, lastName: leads.lastName, company: leads.company })
          .from(leads)
          .where(inArray(leads.id, ids.leadIds)),
    ids.opportunityIds.length === 0
      ? none
      : db
          .select({ id: opportunities.id, name: opportunities.name })
          .from(opportunities)
          .where(inArray(opportunities.id, ids.opportunityIds)),
  ]);
  return {
    users: new Map(userRows.map((r) => [r.id, r])),
    groups: new Map(groupRows.map((r) => [r.id, r.name])),
    leads: new Map(leadRows.map((r) => [r.id, r])),
    opportunities: new Map(opportunityRows.map((r) => [r.id, r.name])),
  };
}
