import { and, asc, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { billingAccounts, billingInvoices, billingSubscriptions, billingWebhookEvents } from '../../db/schema/index.js';

export type AccountRow = typeof billingAccounts.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;

// A subscription in these states is over; any other is the business's one subscription.
export const ENDED_STATUSES = ['canceled', 'incomplete_expired'];
export const ACTIVE_STATUSES = ['active', 'trialing'];

export async function findAccount(db: DbOrTx, businessId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.businessId, businessId));
  return row;
}

export async function findAccountByCustomer(db: DbOrTx, customerId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.customerId, customerId));
  return row;
}

/** A card detached at the provider is no business's default any more. */
export async function forgetDefaultCard(db: DbOrTx, paymentMethodId: string): Promise<void> {
  await db
    .update(billingAccounts)
    .set({ defaultPaymentMethodId: null, cardBrand: null, cardLast4: null, updatedAt: sql`now()` })
    .where(eq(billingAccounts.defaultPaymentMethodId, paymentMethodId));
}

export async function insertAccount(db: DbOrTx, values: typeof billingAccounts.$inferInsert): Promise<void> {
  await db.insert(billingAccounts).values(values).onConflictDoNothing();
}

export async function setDefaultCard(
  db: DbOrTx,
  businessId: number,
  card: { id: string; brand: string; last4: string } | null,
): Promise<void> {
  await db
    .update(billingAccounts)
    .set({
      defaultPaymentMethodId: card?.id ?? null,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(billingAccounts.businessId, businessId));
}

/** The business's current subscription (not canceled), if any. */
export async function findLiveSubscription(db: DbOrTx, businessId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(eq(billingSubscriptions.businessId, businessId), notInArray(billingSubscriptions.status, ENDED_STATUSES)),
    )
    .orderBy(desc(billingSubscriptions.id))
    .limit(1);
  return row;
}

/** Current subscriptions, optionally only those whose period ended by `endedBy`. */
export async function listLiveSubscriptions(db: DbOrTx, endedBy?: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        notInArray(billingSubscriptions.status, ENDED_STATUSES),
        endedBy ? lte(billingSubscriptions.currentPeriodEnd, endedBy) : undefined,
      ),
    )
    .orderBy(asc(billingSubscriptions.id));
}

/** Writes what the provider said, unless a newer word is already stored. */
export async function upsertSubscription(
  db: DbOrTx,
  values: Omit<typeof billingSubscriptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<void> {
  const { businessId: _business, providerSubscriptionId: _id, ...changes } = values;
  await db
    .insert(billingSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: billingSubscriptions.providerSubscriptionId,
      set: { ...changes, updatedAt: sql`now()` },
      setWhere: sql`${billingSubscriptions.providerUpdatedAt} <= ${values.providerUpdatedAt}`,
    });
}

export async function upsertInvoice(
  db: DbOrTx,
  values: Omit<typeof billingInvoices.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<void> {
  const { businessId: _business, providerInvoiceId: _id, cardBrand: _brand, cardLast4: _last4, ...changes } = values;
  await db
    .insert(billingInvoices)
    .values(values)
    .onConflictDoUpdate({
      target: billingInvoices.providerInvoiceId,
      set: {
        ...changes,
        // The card that paid an invoice stays the card that paid it.
        cardBrand: sql`coalesce(${billingInvoices.cardBrand}, excluded.card_brand)`,
        cardLast4: sql`coalesce(${billingInvoices.cardLast4}, excluded.card_last4)`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${billingInvoices.providerUpdatedAt} <= ${values.providerUpdatedAt}`,
    });
}

/** The business's invoices, newest period first (drafts are not shown). */
export async function listInvoicesOfBusiness(db: DbOrTx, businessId: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.businessId, businessId), notInArray(billingInvoices.status, ['draft'])))
    .orderBy(desc(billingInvoices.periodStart), desc(billingInvoices.id));
}

export async function findInvoice(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, id));
  return row;
}

export async function hasActiveSubscription(db: DbOrTx, businessId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.businessId, businessId), inArray(billingSubscriptions.status, ACTIVE_STATUSES)))
    .limit(1);
  return row !== undefined;
}

/** Records a webhook event; false when it was recorded before (already handled). */
export async function recordWebhookEvent(db: DbOrTx, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(billingWebhookEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: billingWebhookEvents.eventId });
  return rows.length > 0;
}
