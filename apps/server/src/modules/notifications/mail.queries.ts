import { and, asc, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { visibleTo } from '../../activity/activity-audience.js';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { deleteFirstRows } from '../../db/delete-in-batches.js';
import { activities, notificationEmails, publicUsers, unsubscribeLinks } from '../../db/schema/index.js';

// Notification e-mail: the activities not yet looked at, the e-mails due, and the switches that govern them.

export type ActivityRow = typeof activities.$inferSelect;
export type NotificationEmailRow = typeof notificationEmails.$inferSelect;

/** Takes up to `limit` activities no instance has looked at yet; others running at once skip them. */
export async function claimPendingActivities(tx: DbOrTx, limit: number): Promise<ActivityRow[]> {
  return tx
    .select()
    .from(activities)
    .where(eq(activities.mailPending, true))
    .orderBy(asc(activities.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markActivitiesLookedAt(tx: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.update(activities).set({ mailPending: false }).where(inArray(activities.id, ids));
}

export async function insertNotificationEmails(
  tx: DbOrTx,
  rows: (typeof notificationEmails.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(notificationEmails).values(rows).onConflictDoNothing();
}

/**
 * SQL: the switch `switchKey` lets `userId` be e-mailed. Every switch needs the account's e-mail switch on
 * and an account that is not being deleted; ACCOUNT needs nothing more.
 */
export function switchOn(userId: SQL | number, switchKey: string): SQL {
  const account = sql`EXISTS (SELECT 1 FROM public_users u WHERE u.id = ${userId}
    AND u.enable_email_notifications AND u.deletion_requested_at IS NULL AND u.erased_at IS NULL)`;
  const [kind, rawId] = switchKey.split(':');
  const id = Number(rawId);
  if (kind === 'NEW_LEADS') {
    return sql`(${account} AND EXISTS (SELECT 1 FROM public_users u WHERE u.id = ${userId} AND u.lead_emails <> 'OFF'))`;
  }
  if (kind === 'GROUP' && Number.isInteger(id)) {
    return sql`(${account} AND EXISTS (SELECT 1 FROM public_group_members gm
      WHERE gm.group_id = ${id} AND gm.user_id = ${userId} AND gm.enable_email))`;
  }
  if (kind === 'OPPORTUNITY' && Number.isInteger(id)) {
    return sql`(${account} AND NOT EXISTS (SELECT 1 FROM public_opportunity_user_settings s
      WHERE s.opportunity_id = ${id} AND s.user_id = ${userId} AND NOT s.messages_enabled))`;
  }
  return account;
}

/** Of `userIds`, those every one of the switches lets be e-mailed, with their new-lead choice. */
export async function usersWanting(
  tx: DbOrTx,
  userIds: number[],
  switchKeys: string[],
): Promise<{ id: number; leadEmails: string; timeZone: string }[]> {
  if (userIds.length === 0) return [];
  return tx
    .select({ id: publicUsers.id, leadEmails: publicUsers.leadEmails, timeZone: publicUsers.timeZone })
    .from(publicUsers)
    .where(and(inArray(publicUsers.id, userIds), ...switchKeys.map((key) => switchOn(sql`${publicUsers.id}`, key))));
}

/** Moves a person's new-lead e-mails still waiting (a digest: due later than now) to `dueAt`. */
export async function rescheduleWaitingNewLeads(tx: DbOrTx, userId: number, now: Date, dueAt: Date): Promise<void> {
  await tx
    .update(notificationEmails)
    .set({ dueAt })
    .where(
      and(
        eq(notificationEmails.userId, userId),
        eq(notificationEmails.kind, 'NEW_LEAD'),
        isNull(notificationEmails.sentAt),
        gt(notificationEmails.dueAt, now),
      ),
    );
}

export interface DueBatch {
  userId: number;
  kind: string;
  switchKey: string;
  ids: number[];
}

/**
 * The e-mails due by `now`, one batch per person, kind and switch (an event alone), oldest first.
 * Batches hold at most 100 rows; the rest wait for the next batch.
 */
export async function dueBatches(db: DbOrTx, now: Date, limit: number): Promise<DueBatch[]> {
  const single = sql`CASE WHEN ${notificationEmails.kind} = 'EVENT' THEN ${notificationEmails.id} END`;
  const rows = await db
    .select({
      userId: notificationEmails.userId,
      kind: notificationEmails.kind,
      switchKey: notificationEmails.switchKey,
      ids: sql<number[]>`(array_agg(${notificationEmails.id} ORDER BY ${notificationEmails.id}))[1:100]`,
    })
    .from(notificationEmails)
    .where(and(isNull(notificationEmails.sentAt), lte(notificationEmails.dueAt, now)))
    .groupBy(notificationEmails.userId, notificationEmails.kind, notificationEmails.switchKey, single)
    .orderBy(sql`min(${notificationEmails.dueAt})`)
    .limit(limit);
  return rows.map((r) => ({ ...r, ids: r.ids.map(Number) }));
}

/** Locks the batch's rows still unsent; another instance holding them makes this answer nothing. */
export async function lockUnsent(tx: DbOrTx, ids: number[]): Promise<NotificationEmailRow[]> {
  return tx
    .select()
    .from(notificationEmails)
    .where(and(inArray(notificationEmails.id, ids), isNull(notificationEmails.sentAt)))
    .orderBy(asc(notificationEmails.id))
    .for('update', { skipLocked: true });
}

export async function isSwitchOn(tx: DbOrTx, userId: number, switchKey: string): Promise<boolean> {
  const rows = await tx.execute(sql`SELECT ${switchOn(userId, switchKey)} AS on`);
  return Boolean(rowsOf<{ on: boolean }>(rows)[0]?.on);
}

/** Of the activities, those the person may still see (a member removed since sees none of its group's). */
export async function stillVisible(tx: DbOrTx, userId: number, activityIds: number[]): Promise<ActivityRow[]> {
  if (activityIds.length === 0) return [];
  return tx
    .select()
    .from(activities)
    .where(and(inArray(activities.id, activityIds), visibleTo(userId)))
    .orderBy(asc(activities.id));
}

export async function markSent(tx: DbOrTx, ids: number[], at: Date): Promise<void> {
  await tx.update(notificationEmails).set({ sentAt: at }).where(inArray(notificationEmails.id, ids));
}

/** A push of these activities reached one of the person's devices: their e-mail leaves them out. */
export async function markEmailsPushed(tx: DbOrTx, userId: number, activityIds: number[], at: Date): Promise<void> {
  if (activityIds.length === 0) return;
  await tx
    .update(notificationEmails)
    .set({ pushedAt: at })
    .where(
      and(
        eq(notificationEmails.userId, userId),
        inArray(notificationEmails.activityId, activityIds),
        isNull(notificationEmails.sentAt),
      ),
    );
}

/** Rows waiting for a push still being tried: due again at `dueAt`. */
export async function postponeNotificationEmails(tx: DbOrTx, ids: number[], dueAt: Date): Promise<void> {
  if (ids.length > 0) await tx.update(notificationEmails).set({ dueAt }).where(inArray(notificationEmails.id, ids));
}

export async function deleteNotificationEmails(tx: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(notificationEmails).where(inArray(notificationEmails.id, ids));
}

export async function insertUnsubscribeLink(
  tx: DbOrTx,
  values: { tokenHash: string; userId: number; switchKey: string; createdAt: Date },
): Promise<void> {
  await tx.insert(unsubscribeLinks).values(values);
}

export async function findUnsubscribeLink(tx: DbOrTx, tokenHash: string) {
  const [row] = await tx.select().from(unsubscribeLinks).where(eq(unsubscribeLinks.tokenHash, tokenHash));
  return row;
}

export async function useUnsubscribeLink(tx: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(unsubscribeLinks)
    .set({ usedAt: at })
    .where(and(eq(unsubscribeLinks.id, id), isNull(unsubscribeLinks.usedAt)))
    .returning({ id: unsubscribeLinks.id });
  return rows.length > 0;
}

/** Deletes up to `limit` notification e-mail rows sent before a time; answers how many. */
export const deleteSentNotificationEmails = (db: DbOrTx, before: Date, limit: number) =>
  deleteFirstRows(db, notificationEmails, notificationEmails.id, lt(notificationEmails.sentAt, before), limit);

/** Deletes up to `limit` unsubscribe links spent before one time or made before another; answers how many. */
export const deleteSpentOrExpiredUnsubscribeLinks = (
  db: DbOrTx,
  times: { spentBefore: Date; madeBefore: Date },
  limit: number,
) =>
  deleteFirstRows(
    db,
    unsubscribeLinks,
    unsubscribeLinks.id,
    or(lt(unsubscribeLinks.usedAt, times.spentBefore), lt(unsubscribeLinks.createdAt, times.madeBefore)),
    limit,
  );
