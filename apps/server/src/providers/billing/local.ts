import crypto from 'node:crypto';
import { isExpiryCurrent, PAYMENT_MESSAGES, SUBSCRIPTION_PRICE_PER_USER } from '@leadcircle/shared';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  type LOCAL_CARD_BEHAVIOURS,
  localBillingCustomers,
  localBillingInvoices,
  localBillingPaymentMethods,
  localBillingSubscriptions,
} from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import {
  type BillingChanges,
  type BillingDetails,
  type BillingProvider,
  CardDetailsInvalid,
  type CardInput,
  DECLINE_MESSAGES,
  PaymentError,
  type ProviderInvoice,
  type ProviderPaymentMethod,
  type ProviderSubscription,
} from './billing-provider.js';

// The local provider: customers, cards, subscriptions and invoices kept in PostgreSQL, behaving
// as Stripe does with its test cards. It stands in for Stripe when Stripe is not configured.

type CardBehaviour = (typeof LOCAL_CARD_BEHAVIOURS)[number];
type LocalSubscriptionRow = typeof localBillingSubscriptions.$inferSelect;
type LocalInvoiceRow = typeof localBillingInvoices.$inferSelect;
type LocalPaymentMethodRow = typeof localBillingPaymentMethods.$inferSelect;

export const UNIT_AMOUNT_CENTS = Math.round(SUBSCRIPTION_PRICE_PER_USER * 100);

// Stripe's test cards (https://docs.stripe.com/testing); any other valid number succeeds.
const TEST_CARD_BEHAVIOURS: Record<string, CardBehaviour> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  // Attaching succeeds; every charge is declined (renewals that fail).
  '4000000000000341': 'charge_declined',
};

/** The card network of a number, in Stripe's words. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^35(2[89]|[3-8]\d)/.test(number)) return 'jcb';
  if (/^(36|38|39|30[0-5])/.test(number)) return 'diners';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

export type LocalCardInput = CardInput;

/** What Stripe.js checks beyond the shared schema: the expiry against today, the CVC length of the brand. */
export function checkLocalCard(card: LocalCardInput, now: Date): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (!isExpiryCurrent(card.exp_month, card.exp_year, now)) {
    issues.push({ path: 'exp_year', message: PAYMENT_MESSAGES.cardExpired });
  }
  const cvcLength = cardBrand(card.number) === 'amex' ? 4 : 3;
  if (card.cvc.length !== cvcLength) issues.push({ path: 'cvc', message: PAYMENT_MESSAGES.cardCvcInvalid });
  return issues;
}

/** The same day `months` later; the 31st becomes the last day of a shorter month. */
export function addMonthsClamped(anchor: Date, months: number): Date {
  const first = new Date(
    Date.UTC(
      anchor.getUTCFullYear(),
      anchor.getUTCMonth() + months,
      1,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return first;
}

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

export interface LocalBillingProvider extends BillingProvider {
  readonly name: 'local';
  /** What Stripe.js does in the browser: card details become a payment method id, checked by checkLocalCard. */
  createPaymentMethod(card: LocalCardInput, billing: BillingDetails): Promise<{ id: string }>;
}

export function createLocalBillingProvider(options: { db: Db; clock: Clock }): LocalBillingProvider {
  const { db, clock } = options;

  const toPaymentMethod = (row: LocalPaymentMethodRow): ProviderPaymentMethod => ({
    id: row.id,
    customerId: row.customerId,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    billing: {
      email: row.billingEmail,
      name: row.billingName,
      country: row.billingCountry,
      postalCode: row.billingPostalCode,
    },
  });

  const toSubscription = (row: LocalSubscriptionRow): ProviderSubscription => ({
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    quantity: row.quantity,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
  });

  async function toInvoice(tx: DbOrTx, row: LocalInvoiceRow): Promise<ProviderInvoice> {
    const [card] = row.paymentMethodId
      ? await tx
          .select({ brand: localBillingPaymentMethods.brand, last4: localBillingPaymentMethods.last4 })
          .from(localBillingPaymentMethods)
          .where(eq(localBillingPaymentMethods.id, row.paymentMethodId))
      : [];
    return {
      id: row.id,
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      status: row.status,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      quantity: row.quantity,
      amountDueCents: row.amountDueCents,
      amountPaidCents: row.amountPaidCents,
      paidAt: row.paidAt,
      card: card ?? null,
    };
  }

  async function findPaymentMethod(tx: DbOrTx, id: string) {
    const [row] = await tx.select().from(localBillingPaymentMethods).where(eq(localBillingPaymentMethods.id, id));
    return row;
  }

  async function findCustomer(tx: DbOrTx, id: string) {
    const [row] = await tx.select().from(localBillingCustomers).where(eq(localBillingCustomers.id, id));
    if (!row) throw new PaymentError('request', 'resource_missing', `No such customer: '${id}'`);
    return row;
  }

  /** Why the card would be refused for a charge now, or null when it pays. */
  function chargeDecline(card: LocalPaymentMethodRow | undefined, now: Date): string | null {
    if (!card) return 'card_declined';
    if (card.behaviour !== 'succeeds')
      return card.behaviour === 'insufficient_funds' ? 'insufficient_funds' : 'card_declined';
    if (!isExpiryCurrent(card.expMonth, card.expYear, now)) return 'expired_card';
    return null;
  }

  /** Tries the customer's default card on an open invoice; answers the decline code, or null when paid. */
  async function charge(tx: DbOrTx, invoice: LocalInvoiceRow, now: Date): Promise<string | null> {
    const customer = await findCustomer(tx, invoice.customerId);
    const card = customer.defaultPaymentMethodId
      ? await findPaymentMethod(tx, customer.defaultPaymentMethodId)
      : undefined;
    const decline = chargeDecline(card, now);
    await tx
      .update(localBillingInvoices)
      .set(
        decline
          ? { attemptCount: invoice.attemptCount + 1, lastErrorCode: decline, updatedAt: now }
          : {
              status: 'paid',
              amountPaidCents: invoice.amountDueCents,
              paymentMethodId: card!.id,
              paidAt: now,
              attemptCount: invoice.attemptCount + 1,
              lastErrorCode: null,
              updatedAt: now,
            },
      )
      .where(eq(localBillingInvoices.id, invoice.id));
    return decline;
  }

  async function insertInvoice(
    tx: DbOrTx,
    sub: LocalSubscriptionRow,
    period: { start: Date; end: Date },
    now: Date,
  ): Promise<LocalInvoiceRow | undefined> {
    const [row] = await tx
      .insert(localBillingInvoices)
      .values({
        id: newId('in'),
        subscriptionId: sub.id,
        customerId: sub.customerId,
        status: 'open',
        periodStart: period.start,
        periodEnd: period.end,
        quantity: sub.quantity,
        amountDueCents: sub.quantity * sub.unitAmountCents,
        createdAt: now,
        updatedAt: now,
      })
      // One invoice per period: a second run for the same period adds nothing.
      .onConflictDoNothing({ target: [localBillingInvoices.subscriptionId, localBillingInvoices.periodStart] })
      .returning();
    return row;
  }

  /** Charges the open invoices of a subscription oldest first; answers the first decline and the touched rows. */
  async function settle(tx: DbOrTx, sub: LocalSubscriptionRow, now: Date) {
    const open = await tx
      .select()
      .from(localBillingInvoices)
      .where(and(eq(localBillingInvoices.subscriptionId, sub.id), eq(localBillingInvoices.status, 'open')))
      .orderBy(asc(localBillingInvoices.periodStart));
    let decline: string | null = null;
    for (const invoice of open) {
      decline = await charge(tx, invoice, now);
      if (decline) break;
    }
    // Like Stripe: unpaid invoices make the subscription past_due until they are paid.
    const [updated] = await tx
      .update(localBillingSubscriptions)
      .set({ status: decline ? 'past_due' : 'active' })
      .where(eq(localBillingSubscriptions.id, sub.id))
      .returning();
    const touched = open.length
      ? await tx
          .select()
          .from(localBillingInvoices)
          .where(
            inArray(
              localBillingInvoices.id,
              open.map((i) => i.id),
            ),
          )
      : [];
    return { decline, subscription: updated!, touched };
  }

  async function lockSubscription(tx: DbOrTx, id: string) {
    const [row] = await tx
      .select()
      .from(localBillingSubscriptions)
      .where(eq(localBillingSubscriptions.id, id))
      .for('update');
    if (!row) throw new PaymentError('request', 'resource_missing', `No such subscription: '${id}'`);
    return row;
  }

  const declined = (code: string) =>
    new PaymentError('card', code, DECLINE_MESSAGES[code] ?? DECLINE_MESSAGES.card_declined!);

  return {
    name: 'local',

    async createPaymentMethod(card, billing) {
      const issues = checkLocalCard(card, clock.now());
      if (issues.length > 0) throw new CardDetailsInvalid(issues);
      const [row] = await db
        .insert(localBillingPaymentMethods)
        .values({
          id: newId('pm'),
          brand: cardBrand(card.number),
          last4: card.number.slice(-4),
          expMonth: card.exp_month,
          expYear: card.exp_year,
          behaviour: TEST_CARD_BEHAVIOURS[card.number] ?? 'succeeds',
          billingEmail: billing.email,
          billingName: billing.name,
          billingCountry: billing.country,
          billingPostalCode: billing.postalCode,
          createdAt: clock.now(),
        })
        .returning({ id: localBillingPaymentMethods.id });
      return row!;
    },

    async createCustomer({ email, name, idempotencyKey }) {
      const [created] = await db
        .insert(localBillingCustomers)
        .values({ id: newId('cus'), idempotencyKey, email, name, createdAt: clock.now() })
        .onConflictDoNothing({ target: localBillingCustomers.idempotencyKey })
        .returning({ id: localBillingCustomers.id });
      if (created) return created;
      const [existing] = await db
        .select({ id: localBillingCustomers.id })
        .from(localBillingCustomers)
        .where(eq(localBillingCustomers.idempotencyKey, idempotencyKey));
      return existing!;
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      return db.transaction(async (tx) => {
        await findCustomer(tx, customerId);
        const [card] = await tx
          .select()
          .from(localBillingPaymentMethods)
          .where(eq(localBillingPaymentMethods.id, paymentMethodId))
          .for('update');
        if (!card) {
          throw new PaymentError('request', 'resource_missing', `No such PaymentMethod: '${paymentMethodId}'`);
        }
        if (card.customerId && card.customerId !== customerId) {
          throw new PaymentError(
            'request',
            'payment_method_unexpected_state',
            'This PaymentMethod is already attached to another customer.',
          );
        }
        // Stripe checks the card when attaching it: these test cards are declined then and never attached.
        if (card.behaviour === 'card_declined' || card.behaviour === 'insufficient_funds')
          throw declined(card.behaviour);
        const [attached] = await tx
          .update(localBillingPaymentMethods)
          .set({ customerId })
          .where(eq(localBillingPaymentMethods.id, paymentMethodId))
          .returning();
        await tx
          .update(localBillingCustomers)
          .set({ defaultPaymentMethodId: paymentMethodId })
          .where(eq(localBillingCustomers.id, customerId));
        return toPaymentMethod(attached!);
      });
    },

    async getPaymentMethod(paymentMethodId) {
      const row = await findPaymentMethod(db, paymentMethodId);
      return row && toPaymentMethod(row);
    },

    async createSubscription({ customerId, quantity }) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const customer = await findCustomer(tx, customerId);
        if (!customer.defaultPaymentMethodId) {
          throw new PaymentError(
            'request',
            'resource_missing',
            'This customer has no attached payment source or default payment method.',
          );
        }
        const [sub] = await tx
          .insert(localBillingSubscriptions)
          .values({
            id: newId('sub'),
            customerId,
            status: 'incomplete',
            quantity,
            unitAmountCents: UNIT_AMOUNT_CENTS,
            billingCycleAnchor: now,
            currentPeriodStart: now,
            currentPeriodEnd: addMonthsClamped(now, 1),
            createdAt: now,
          })
          .returning();
        const invoice = await insertInvoice(tx, sub!, { start: now, end: addMonthsClamped(now, 1) }, now);
        const decline = await charge(tx, invoice!, now);
        // Like Stripe's error_if_incomplete: a first payment that fails leaves no subscription behind.
        if (decline) throw declined(decline);
        const [active] = await tx
          .update(localBillingSubscriptions)
          .set({ status: 'active' })
          .where(eq(localBillingSubscriptions.id, sub!.id))
          .returning();
        const [paid] = await tx.select().from(localBillingInvoices).where(eq(localBillingInvoices.id, invoice!.id));
        return { subscription: toSubscription(active!), invoice: await toInvoice(tx, paid!) };
      });
    },

    async updateQuantity(subscriptionId, quantity) {
      const [row] = await db
        .update(localBillingSubscriptions)
        .set({ quantity })
        .where(eq(localBillingSubscriptions.id, subscriptionId))
        .returning();
      if (!row) throw new PaymentError('request', 'resource_missing', `No such subscription: '${subscriptionId}'`);
      return toSubscription(row);
    },

    async cancelSubscription(subscriptionId) {
      const [row] = await db
        .update(localBillingSubscriptions)
        .set({ status: 'canceled' })
        .where(eq(localBillingSubscriptions.id, subscriptionId))
        .returning();
      if (!row) throw new PaymentError('request', 'resource_missing', `No such subscription: '${subscriptionId}'`);
      return toSubscription(row);
    },

    async getSubscription(subscriptionId) {
      const [row] = await db
        .select()
        .from(localBillingSubscriptions)
        .where(eq(localBillingSubscriptions.id, subscriptionId));
      return row && toSubscription(row);
    },

    async listInvoices(customerId) {
      const rows = await db
        .select()
        .from(localBillingInvoices)
        .where(eq(localBillingInvoices.customerId, customerId))
        .orderBy(asc(localBillingInvoices.periodStart));
      return Promise.all(rows.map((row) => toInvoice(db, row)));
    },

    async payOpenInvoices(subscriptionId) {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const sub = await lockSubscription(tx, subscriptionId);
        const { decline, subscription, touched } = await settle(tx, sub, now);
        return {
          decline,
          changes: {
            subscriptions: [toSubscription(subscription)],
            invoices: await Promise.all(touched.map((row) => toInvoice(tx, row))),
          },
        };
      });
      // The attempt is recorded (committed) before the decline is reported.
      if (outcome.decline) throw declined(outcome.decline);
      return outcome.changes;
    },

    async renewDue(now) {
      const changes: BillingChanges = { subscriptions: [], invoices: [] };
      const due = await db
        .select({ id: localBillingSubscriptions.id })
        .from(localBillingSubscriptions)
        .where(
          and(
            inArray(localBillingSubscriptions.status, ['active', 'past_due']),
            lte(localBillingSubscriptions.currentPeriodEnd, now),
          ),
        );
      for (const { id } of due) {
        await db.transaction(async (tx) => {
          let sub = await lockSubscription(tx, id);
          const issued: string[] = [];
          // One invoice per period that has ended, so a clock that jumped months catches up.
          while (sub.currentPeriodEnd <= now && (sub.status === 'active' || sub.status === 'past_due')) {
            const periodIndex = sub.periodIndex + 1;
            const period = {
              start: sub.currentPeriodEnd,
              end: addMonthsClamped(sub.billingCycleAnchor, periodIndex + 1),
            };
            const invoice = await insertInvoice(tx, sub, period, now);
            if (invoice) issued.push(invoice.id);
            const [next] = await tx
              .update(localBillingSubscriptions)
              .set({ periodIndex, currentPeriodStart: period.start, currentPeriodEnd: period.end })
              .where(eq(localBillingSubscriptions.id, sub.id))
              .returning();
            sub = next!;
          }
          const { subscription, touched } = await settle(tx, sub, now);
          changes.subscriptions.push(toSubscription(subscription));
          const ids = new Set([...issued, ...touched.map((i) => i.id)]);
          if (ids.size > 0) {
            const rows = await tx
              .select()
              .from(localBillingInvoices)
              .where(inArray(localBillingInvoices.id, [...ids]));
            for (const row of rows) changes.invoices.push(await toInvoice(tx, row));
          }
        });
      }
      return changes;
    },
  };
}
