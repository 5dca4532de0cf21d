import { INBOX_UNREAD_COUNT_MAX } from '@leadcircle/shared';
import { and, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { REMINDER_TYPES, visibleTo } from '../../activity/activity-audience.js';
import { allVisibleIds, type FeedCursor, visiblePageIds } from '../../activity/visible-activities.js';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { activities, notificationMarks, notificationReads } from '../../db/schema/index.js';

export { REMINDER_TYPES };

/** What concerns a person: visible to them, not their own (reminders aside), and a new lead or naming them as recipient. */
function concerns(userId: number): SQL | undefined {
  return and(
    visibleTo(userId),
    or(ne(activities.actorUserId, userId), inArray(activities.type, REMINDER_TYPES)),
    sql`(${activities.type} = 'NEW_LEAD' OR EXISTS (SELECT 1 FROM activity_recipients r
      WHERE r.user_id = ${userId} AND r.activity_id = ${activities.id}))`,
  );
}

/** The same set, found through indexes (activity/visible-activities.ts). */
const inbox = (userId: number) => ({ userId, inboxOnly: true, ownTypesKept: REMINDER_TYPES });

function isRead(userId: number, id: SQL = sql`${activities.id}`): SQL {
  return sql`(${id} <= coalesce((SELECT m.read_up_to_activity_id FROM notification_marks m
    WHERE m.user_id = ${userId}), 0)
    OR EXISTS (SELECT 1 FROM notification_reads r WHERE r.user_id = ${userId} AND r.activity_id = ${id}))`;
}

export async function listInbox(
  db: DbOrTx,
  userId: number,
  page: { offset: number; limit: number; before?: FeedCursor },
) {
  return db
    .select({ row: activities, read: sql<boolean>`${isRead(userId)}` })
    .from(activities)
    .where(sql`${activities.id} IN (${visiblePageIds({ ...inbox(userId), before: page.before }, page)})`)
    .orderBy(desc(activities.createdAt), desc(activities.id));
}

/** The person's unread inbox items, counted up to INBOX_UNREAD_COUNT_MAX (the bell shows 99+). */
export async function countUnreadInbox(db: DbOrTx, userId: number): Promise<number> {
  const unread = {
    mark: sql`coalesce((SELECT m.read_up_to_activity_id FROM notification_marks m WHERE m.user_id = ${userId}), 0)`,
    isRead: (id: SQL) => isRead(userId, id),
  };
  const ids = allVisibleIds({ ...inbox(userId), unread }, INBOX_UNREAD_COUNT_MAX);
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM (${ids} LIMIT ${INBOX_UNREAD_COUNT_MAX}) ids`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** True when activity `id` is in the person's inbox. */
export async function inInbox(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(activities)
    .where(and(eq(activities.id, id), concerns(userId)));
  return (row?.n ?? 0) > 0;
}

export async function markRead(db: DbOrTx, userId: number, activityId: number): Promise<void> {
  await db.insert(notificationReads).values({ userId, activityId }).onConflictDoNothing();
}

export async function markAllRead(db: DbOrTx, userId: number): Promise<void> {
  const [latest] = await db.select({ id: sql<number>`coalesce(max(${activities.id}), 0)` }).from(activities);
  const upTo = Number(latest?.id ?? 0);
  await db
    .insert(notificationMarks)
    .values({ userId, readUpToActivityId: upTo })
    .onConflictDoUpdate({
      target: notificationMarks.userId,
      set: { readUpToActivityId: sql`greatest(${notificationMarks.readUpToActivityId}, ${upTo})` },
    });
}
