import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pushDeliveries, pushSubscriptions, pushSwitches } from '../../db/schema/index.js';

// Web Push: the devices, the pushes waiting for them, and the switches per kind.

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushDeliveryRow = typeof pushDeliveries.$inferSelect;

/** A device's subscription; an endpoint subscribed again (by this person or another) moves to the caller. */
export async function upsertSubscription(
  db: DbOrTx,
  row: { userId: number; endpoint: string; p256dh: string; auth: string; label: string; createdAt: Date },
): Promise<PushSubscriptionRow> {
  const [saved] = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, label: row.label, visibleUntil: null },
    })
    .returning();
  return saved!;
}

export async function listSubscriptions(db: DbOrTx, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

export async function subscriptionsOfUsers(db: DbOrTx, userIds: number[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

/** Deletes the caller's device; false when it is not theirs (or gone). */
export async function deleteSubscription(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deleteSubscriptionById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function setVisibleUntil(
  db: DbOrTx,
  userId: number,
  id: number,
  visibleUntil: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(pushSubscriptions)
    .set({ visibleUntil })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The kinds a person turned push off for. */
export async function switchesOff(db: DbOrTx, userIds: number[], kind?: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: pushSwitches.userId, kind: pushSwitches.kind })
    .from(pushSwitches)
    .where(
      and(
        inArray(pushSwitches.userId, userIds),
        eq(pushSwitches.enabled, false),
        ...(kind ? [eq(pushSwitches.kind, kind)] : []),
      ),
    );
  return new Set(rows.map((r) => `${r.userId}:${r.kind}`));
}

export async function setSwitch(db: DbOrTx, userId: number, kind: string, enabled: boolean): Promise<void> {
  await db
    .insert(pushSwitches)
    .values({ userId, kind, enabled })
    .onConflictDoUpdate({ target: [pushSwitches.userId, pushSwitches.kind], set: { enabled } });
}

export async function insertDeliveries(db: DbOrTx, rows: (typeof pushDeliveries.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(pushDeliveries).values(rows).onConflictDoNothing();
}

/** Takes the pushes due for up to `limit` subscriptions; other instances running at once skip them. */
export async function claimDue(
  tx: DbOrTx,
  now: Date,
  limit: number,
): Promise<(PushDeliveryRow & { subscription: PushSubscriptionRow })[]> {
  const rows = await tx
    .select({ delivery: pushDeliveries, subscription: pushSubscriptions })
    .from(pushDeliveries)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
    .where(lte(pushDeliveries.dueAt, now))
    .orderBy(asc(pushDeliveries.id))
    .limit(limit)
    .for('update', { of: pushDeliveries, skipLocked: true });
  return rows.map((r) => ({ ...r.delivery, subscription: r.subscription }));
}

export async function deleteDeliveries(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(pushDeliveries).where(inArray(pushDeliveries.id, ids));
}

export async function postponeDeliveries(db: DbOrTx, ids: number[], dueAt: Date): Promise<void> {
  if (ids.length > 0)
    await db
      .update(pushDeliveries)
      .set({ dueAt, attempts: sql`${pushDeliveries.attempts} + 1` })
      .where(inArray(pushDeliveries.id, ids));
}

/** Whether the app is open and visible on the device now. */
export const isVisible = (row: PushSubscriptionRow, now: Date) =>
  row.visibleUntil !== null && row.visibleUntil.getTime() > now.getTime();

/** Of the activities, those with a delivery still waiting for one of the person's devices. */
export async function pendingActivities(db: DbOrTx, userId: number, activityIds: number[]): Promise<Set<number>> {
  if (activityIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ activityId: pushDeliveries.activityId })
    .from(pushDeliveries)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
    .where(and(eq(pushSubscriptions.userId, userId), inArray(pushDeliveries.activityId, activityIds)));
  return new Set(rows.map((r) => r.activityId).filter((id) => id !== null));
}
