import { and, asc, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isLockNotAvailable } from '../../db/errors.js';
import { crmIntegrations, crmPushes, publicGroupMembers, publicLeads, publicUsers } from '../../db/schema/index.js';

export type IntegrationRow = typeof crmIntegrations.$inferSelect;
export type PushRow = typeof crmPushes.$inferSelect;

export async function findIntegration(db: DbOrTx, businessId: number) {
  const [row] = await db.select().from(crmIntegrations).where(eq(crmIntegrations.businessId, businessId));
  return row;
}

/** The row is the business's one CRM: undefined when it already has one. */
export async function insertIntegration(db: DbOrTx, values: typeof crmIntegrations.$inferInsert) {
  const [row] = await db.insert(crmIntegrations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateIntegration(
  db: DbOrTx,
  businessId: number,
  values: Partial<typeof crmIntegrations.$inferInsert>,
) {
  const [row] = await db
    .update(crmIntegrations)
    .set(values)
    .where(eq(crmIntegrations.businessId, businessId))
    .returning();
  return row;
}

export async function deleteIntegration(db: DbOrTx, businessId: number) {
  const [row] = await db.delete(crmIntegrations).where(eq(crmIntegrations.businessId, businessId)).returning();
  return row;
}

/** Connections with tokens whose last status read is older than `before` (or never made). */
export async function listIntegrationsDueForSync(db: DbOrTx, before: Date) {
  return db
    .select()
    .from(crmIntegrations)
    .where(
      and(
        isNotNull(crmIntegrations.tokens),
        eq(crmIntegrations.status, 'CONNECTED'),
        or(sql`${crmIntegrations.lastSyncedAt} is null`, lte(crmIntegrations.lastSyncedAt, before)),
      ),
    );
}

export async function listAutoSendIntegrations(db: DbOrTx) {
  return db
    .select()
    .from(crmIntegrations)
    .where(and(eq(crmIntegrations.autoSend, true), isNotNull(crmIntegrations.tokens)));
}

export async function listBusinessUserIds(db: DbOrTx, businessId: number): Promise<number[]> {
  const rows = await db.select({ id: publicUsers.id }).from(publicUsers).where(eq(publicUsers.businessId, businessId));
  return rows.map((r) => r.id);
}

/** The people of the business who may see the lead: members of its group. */
export async function listLeadViewersInBusiness(db: DbOrTx, leadId: number, businessId: number): Promise<number[]> {
  const rows = await db
    .select({ id: publicUsers.id })
    .from(publicLeads)
    .innerJoin(publicGroupMembers, eq(publicGroupMembers.groupId, publicLeads.groupId))
    .innerJoin(publicUsers, eq(publicUsers.id, publicGroupMembers.userId))
    .where(and(eq(publicLeads.id, leadId), eq(publicUsers.businessId, businessId)));
  return rows.map((r) => r.id);
}

export async function findPush(db: DbOrTx, leadId: number, businessId: number) {
  const [row] = await db
    .select()
    .from(crmPushes)
    .where(and(eq(crmPushes.leadId, leadId), eq(crmPushes.businessId, businessId)));
  return row;
}

/**
 * Claims the (lead, business) row for a send: made SENDING (due now) unless it already is. One row per
 * pair whatever the clicks or instances; answers the row when this call queued it, undefined otherwise.
 */
export async function claimPush(
  db: DbOrTx,
  values: {
    leadId: number;
    businessId: number;
    provider: string;
    sentBy: number | null;
    now: Date;
    state?: 'SENDING' | 'WAITING';
  },
) {
  const state = values.state ?? 'SENDING';
  const [row] = await db
    .insert(crmPushes)
    .values({
      leadId: values.leadId,
      businessId: values.businessId,
      provider: values.provider,
      sentBy: values.sentBy,
      state,
      nextAttemptAt: values.now,
      queuedAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: [crmPushes.leadId, crmPushes.businessId],
      set: {
        state,
        provider: values.provider,
        // The member who sent it again takes the credit of what comes back; an automatic send keeps the sender.
        sentBy: sql`coalesce(excluded.sent_by, ${crmPushes.sentBy})`,
        nextAttemptAt: values.now,
        queuedAt: values.now,
        attempts: 0,
        error: null,
        updatedAt: values.now,
      },
      setWhere: ne(crmPushes.state, 'SENDING'),
    })
    .returning();
  return row;
}

/** How long a run waits for a push row that another statement holds. */
const PUSH_LOCK_WAIT = '1s';

/**
 * The push, locked for this transaction, when it is SENDING and due; undefined when it is not, or when another
 * run holds it. A second send's claim holds the row for a moment, so a run waits up to a second (skipping
 * at once would leave the push to the next sweep); a run holding it longer is making the call itself.
 */
export async function lockDuePush(tx: Tx, id: number, now: Date) {
  try {
    return await tx.transaction(async (savepoint) => {
      await savepoint.execute(sql.raw(`set local lock_timeout = '${PUSH_LOCK_WAIT}'`));
      const [row] = await savepoint
        .select()
        .from(crmPushes)
        .where(and(eq(crmPushes.id, id), eq(crmPushes.state, 'SENDING'), lte(crmPushes.nextAttemptAt, now)))
        .for('update');
      await savepoint.execute(sql`set local lock_timeout to default`);
      return row;
    });
  } catch (error) {
    if (isLockNotAvailable(error)) return undefined;
    throw error;
  }
}

export async function listDuePushIds(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: crmPushes.id })
    .from(crmPushes)
    .where(and(eq(crmPushes.state, 'SENDING'), lte(crmPushes.nextAttemptAt, now)))
    .orderBy(asc(crmPushes.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function updatePush(db: DbOrTx, id: number, values: Partial<typeof crmPushes.$inferInsert>) {
  const [row] = await db.update(crmPushes).set(values).where(eq(crmPushes.id, id)).returning();
  return row;
}

export async function listSentPushes(db: DbOrTx, businessId: number) {
  return db
    .select()
    .from(crmPushes)
    .where(and(eq(crmPushes.businessId, businessId), eq(crmPushes.state, 'SENT')));
}

/** Pushes that waited for a reconnect are due again. */
export async function requeueWaitingPushes(db: DbOrTx, businessId: number, now: Date) {
  await db
    .update(crmPushes)
    .set({ state: 'SENDING', nextAttemptAt: now, queuedAt: now, attempts: 0, updatedAt: now })
    .where(and(eq(crmPushes.businessId, businessId), eq(crmPushes.state, 'WAITING')));
}

export async function listPushedLeadIds(db: DbOrTx, businessId: number, leadIds: number[]) {
  if (leadIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ leadId: crmPushes.leadId })
    .from(crmPushes)
    .where(and(eq(crmPushes.businessId, businessId), inArray(crmPushes.leadId, leadIds)));
  return new Set(rows.map((r) => r.leadId));
}

/** On disconnect: the records were the CRM's; a CRM connected later starts afresh. */
export async function deleteBusinessPushes(db: DbOrTx, businessId: number) {
  await db.delete(crmPushes).where(eq(crmPushes.businessId, businessId));
}

export async function listConnectedIntegrations(db: DbOrTx) {
  return db
    .select()
    .from(crmIntegrations)
    .where(and(isNotNull(crmIntegrations.tokens), eq(crmIntegrations.status, 'CONNECTED')));
}
