import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { users } from './users.js';

// Billing. The business is the billing account. Two layers:
// - billing_*: the app's own record of each business's customer, subscription and invoices, whichever
//   provider runs them. The local provider's answers and Stripe's (calls and webhooks) land here alike.
// - local_billing_*: the local provider's books, standing in for Stripe when it is not configured.
// Amounts are in cents.

export const BILLING_PROVIDER_NAMES = ['local', 'stripe'] as const;

export const billingAccounts = pgTable('billing_accounts', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: BILLING_PROVIDER_NAMES }).notNull(),
  customerId: text('customer_id').notNull().unique(),
  // A business made for a user who subscribed without one; its owner manages its billing.
  isPersonal: boolean('is_personal').notNull().default(false),
  ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  // The default card, kept here for hasPaymentMethod and the invoices' masked card.
  defaultPaymentMethodId: text('default_payment_method_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    // Stripe's statuses: active, past_due, unpaid, canceled, incomplete, incomplete_expired, trialing, paused.
    status: text('status').notNull(),
    quantity: integer('quantity').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    // When the provider said so (webhook event time): an older event never overwrites a newer one.
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One subscription at a time per business; a canceled one may be followed by a new one.
    uniqueIndex('billing_subscriptions_one_live_per_business')
      .on(t.businessId)
      .where(sql`${t.status} not in ('canceled', 'incomplete_expired')`),
  ],
);

export const billingInvoices = pgTable(
  'billing_invoices',
  {
    // The invoice number shown to people is LC- and this id (LC-000123).
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    providerInvoiceId: text('provider_invoice_id').notNull().unique(),
    providerSubscriptionId: text('provider_subscription_id'),
    // draft, open, paid, void, uncollectible
    status: text('status').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    quantity: integer('quantity'),
    amountDueCents: integer('amount_due_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_invoices_business_idx').on(t.businessId, t.periodStart)],
);

// Stripe webhook events already handled: Stripe delivers at least once.
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// The local provider's books. Card numbers and CVCs are never stored: only the brand, the last
// four digits, the expiry and which of Stripe's test-card behaviours the number plays.

export const LOCAL_CARD_BEHAVIOURS = ['succeeds', 'card_declined', 'insufficient_funds', 'charge_declined'] as const;

export const localBillingCustomers = pgTable('local_billing_customers', {
  id: text('id').primaryKey(),
  // Like Stripe, a create call repeated with the same key answers the same customer.
  idempotencyKey: text('idempotency_key').unique(),
  email: text('email'),
  name: text('name'),
  defaultPaymentMethodId: text('default_payment_method_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const localBillingPaymentMethods = pgTable(
  'local_billing_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').references(() => localBillingCustomers.id),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    behaviour: text('behaviour', { enum: LOCAL_CARD_BEHAVIOURS }).notNull(),
    billingEmail: text('billing_email'),
    billingName: text('billing_name'),
    billingCountry: text('billing_country'),
    billingPostalCode: text('billing_postal_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('local_billing_payment_methods_customer_idx').on(t.customerId)],
);

export const localBillingSubscriptions = pgTable(
  'local_billing_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => localBillingCustomers.id),
    status: text('status').notNull(),
    quantity: integer('quantity').notNull(),
    unitAmountCents: integer('unit_amount_cents').notNull(),
    // Periods are counted in months from the anchor, so the 31st stays the 31st (or the month's last day).
    billingCycleAnchor: timestamp('billing_cycle_anchor', { withTimezone: true }).notNull(),
    periodIndex: integer('period_index').notNull().default(0),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('local_billing_subscriptions_due_idx').on(t.currentPeriodEnd)],
);

export const localBillingInvoices = pgTable(
  'local_billing_invoices',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => localBillingSubscriptions.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => localBillingCustomers.id),
    status: text('status').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    quantity: integer('quantity').notNull(),
    amountDueCents: integer('amount_due_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    attemptCount: integer('attempt_count').notNull().default(0),
    lastErrorCode: text('last_error_code'),
    // The card that paid it.
    paymentMethodId: text('payment_method_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // Never two invoices for one period of a subscription, however often the renewal job runs.
  (t) => [uniqueIndex('local_billing_invoices_one_per_period').on(t.subscriptionId, t.periodStart)],
);
