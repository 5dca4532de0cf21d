import {
  type BillingInfo,
  type Invoice,
  maskCard,
  PAYMENT_MESSAGES,
  type PaymentMethodDetails,
  SUBSCRIPTION_PRICE_PER_USER,
  type subscriptionSummary,
} from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, appError, badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/errors.js';
import {
  type BillingChanges,
  CardDetailsInvalid,
  type CardInput,
  PaymentError,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPaymentMethod,
  type ProviderSubscription,
  WebhookVerificationError,
} from '../../providers/billing/billing-provider.js';
import * as users from '../accounts/accounts.service.js';
import * as business from '../business/business.service.js';
import * as q from './billing.queries.js';
import type { InvoiceLinks } from './invoice-links.js';
import { renderInvoicePdf } from './invoice-pdf.js';

// Billing. The business is the billing account; its admins manage it, and so does the owner
// of a personal business.

type SubscriptionSummary = z.input<typeof subscriptionSummary>;

// Two-key advisory locks: one key space per kind of thing locked.
const USER_LOCK = 7_314_410;
const BUSINESS_LOCK = 7_314_411;

const billingAdminOnly = () => forbidden('BILLING_ADMIN_ONLY');
const customerMissing = () => unprocessable('BILLING_CUSTOMER_MISSING');
const paymentMethodRequired = () =>
  unprocessable('PAYMENT_METHOD_REQUIRED', PAYMENT_MESSAGES.subscriptionNeedsPaymentMethod);
const busy = () => conflict('BILLING_BUSY');

export const invoiceNumber = (id: number) => `LC-${String(id).padStart(6, '0')}`;

/** A provider's refusal in the words of our error model: declines are 402 with the provider's code. */
function paymentFailure(error: unknown): never {
  if (error instanceof PaymentError) {
    if (error.kind === 'card') throw new AppError(error.code, 402, error.message);
    if (error.code === 'resource_missing') {
      throw notFound('BILLING_PAYMENT_METHOD_NOT_FOUND');
    }
    throw badRequest('BILLING_PAYMENT_REJECTED', error.message);
  }
  throw error;
}

interface BillingContext {
  user: users.UserRow;
  businessId: number | null;
  account: q.AccountRow | undefined;
  /** An admin of the business, or the owner of a personal business. */
  canManage: boolean;
}

async function billingContext(db: DbOrTx, callerId: number): Promise<BillingContext> {
  const user = await users.findUserRowById(db, callerId);
  if (!user) throw notFound('USER_NOT_FOUND');
  const account = user.businessId === null ? undefined : await q.findAccount(db, user.businessId);
  const isPersonalOwner = account?.isPersonal === true && account.ownerUserId === user.id;
  return {
    user,
    businessId: user.businessId,
    account,
    canManage: user.businessId !== null && (user.role === 'ADMIN' || isPersonalOwner),
  };
}

function assertSelf(callerId: number, requestedId: number | undefined) {
  if (requestedId !== undefined && requestedId !== callerId) throw forbidden();
}

/**
 * Runs billing changes of one business one at a time (several instances included). A second change
 * while one runs is answered 409 at once rather than queued: a double click must not subscribe twice.
 */
async function withLock<T>(deps: AppDeps, space: number, id: number, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const result = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${space}, ${id}) as locked`,
    );
    if (!result.rows[0]?.locked) throw busy();
    return fn(tx);
  });
}

function toDetails(pm: ProviderPaymentMethod): PaymentMethodDetails {
  return {
    paymentMethodId: pm.id,
    brand: pm.brand,
    last4: pm.last4,
    expMonth: pm.expMonth,
    expYear: pm.expYear,
    email: pm.billing.email,
    name: pm.billing.name,
    country: pm.billing.country,
    postalCode: pm.billing.postalCode,
  };
}

function toSummary(row: q.SubscriptionRow): SubscriptionSummary {
  return {
    subscriptionId: row.providerSubscriptionId,
    status: row.status,
    active: q.ACTIVE_STATUSES.includes(row.status),
    quantity: row.quantity,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
  };
}

// --- What the provider says, written into our records -------------------------------------------

async function applySubscription(deps: AppDeps, db: DbOrTx, sub: ProviderSubscription, at: Date): Promise<void> {
  const account = await q.findAccountByCustomer(db, sub.customerId);
  if (!account) {
    deps.log.warn(
      { customerId: sub.customerId, subscriptionId: sub.id },
      'billing: subscription of an unknown customer',
    );
    return;
  }
  try {
    // A savepoint: a refused write must not spoil the transaction around it (a webhook's).
    await db.transaction(async (sp) => {
      await q.upsertSubscription(sp, {
        businessId: account.businessId,
        providerSubscriptionId: sub.id,
        status: sub.status,
        quantity: sub.quantity,
        currentPeriodStart: sub.currentPeriodStart,
        currentPeriodEnd: sub.currentPeriodEnd,
        providerUpdatedAt: at,
      });
    });
  } catch (error) {
    // A second live subscription made outside the app (Stripe's dashboard): ours stays the one we know.
    const cause = (error as { cause?: { constraint?: string } }).cause;
    if (cause?.constraint !== 'billing_subscriptions_one_live_per_business') throw error;
    deps.log.warn(
      { businessId: account.businessId, subscriptionId: sub.id },
      'billing: a second live subscription ignored',
    );
  }
}

async function applyInvoice(deps: AppDeps, db: DbOrTx, invoice: ProviderInvoice, at: Date): Promise<void> {
  // Drafts are Stripe's work in progress; they are shown once finalized.
  if (invoice.status === 'draft') return;
  const account = await q.findAccountByCustomer(db, invoice.customerId);
  if (!account) {
    deps.log.warn({ customerId: invoice.customerId, invoiceId: invoice.id }, 'billing: invoice of an unknown customer');
    return;
  }
  // Stripe does not name the card in the invoice: a paid one was paid by the default card.
  const card =
    invoice.card ??
    (invoice.status === 'paid' && account.cardLast4
      ? { brand: account.cardBrand ?? '', last4: account.cardLast4 }
      : null);
  await q.upsertInvoice(db, {
    businessId: account.businessId,
    providerInvoiceId: invoice.id,
    providerSubscriptionId: invoice.subscriptionId,
    status: invoice.status,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    quantity: invoice.quantity,
    amountDueCents: invoice.amountDueCents,
    amountPaidCents: invoice.amountPaidCents,
    cardBrand: card?.brand || null,
    cardLast4: card?.last4 ?? null,
    paidAt: invoice.paidAt,
    providerUpdatedAt: at,
  });
}

async function applyChanges(deps: AppDeps, db: DbOrTx, changes: BillingChanges, at: Date): Promise<void> {
  for (const sub of changes.subscriptions) await applySubscription(deps, db, sub, at);
  for (const invoice of changes.invoices) await applyInvoice(deps, db, invoice, at);
}

// --- The calls -----------------------------------------------------------------------------------

/** `/billing/local/create_payment_method`: what Stripe.js does, for the local provider only. */
export async function localCreatePaymentMethod(
  deps: AppDeps,
  input: CardInput & {
    billing_details?: { email: string; name: string; country: string; postal_code: string } | undefined;
  },
): Promise<{ paymentMethodId: string }> {
  const provider = deps.billing;
  if (!provider.createPaymentMethod) {
    throw notFound('BILLING_LOCAL_PROVIDER_OFF');
  }
  const details = input.billing_details;
  try {
    const { id } = await provider.createPaymentMethod(input, {
      email: details?.email ?? null,
      name: details?.name ?? null,
      country: details?.country ?? null,
      postalCode: details?.postal_code ?? null,
    });
    return { paymentMethodId: id };
  } catch (error) {
    if (!(error instanceof CardDetailsInvalid)) throw error;
    throw appError('VALIDATION_FAILED', error.message, error.issues);
  }
}

/**
 * `/billing/create_customer`: the billing customer of the caller's business, made once. A caller
 * without a business first gets a personal business of one, named after them.
 * `price_id` is accepted for the spec's sake; the price is the server's (STRIPE_PRICE_ID).
 */
export async function createCustomer(
  deps: AppDeps,
  callerId: number,
  input: { user_id?: number | undefined },
): Promise<{ customerId: string }> {
  assertSelf(callerId, input.user_id);
  const known = await billingContext(deps.db, callerId);
  if (known.account) {
    if (!known.canManage) throw billingAdminOnly();
    return { customerId: known.account.customerId };
  }
  if (known.businessId !== null && !known.canManage) throw billingAdminOnly();

  return withLock(deps, USER_LOCK, callerId, async (tx) => {
    const ctx = await billingContext(tx, callerId);
    let businessId = ctx.businessId;
    let isPersonal = false;
    if (businessId === null) {
      businessId = (await business.createPersonalBusiness(tx, ctx.user)).id;
      isPersonal = true;
    } else if (!ctx.canManage) {
      throw billingAdminOnly();
    }
    const locked = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${BUSINESS_LOCK}, ${businessId}) as locked`,
    );
    if (!locked.rows[0]?.locked) throw busy();
    const existing = await q.findAccount(tx, businessId);
    if (existing) return { customerId: existing.customerId };

    const biz = (await business.findBusinessById(tx, businessId))!;
    const customer = await deps.billing
      .createCustomer({
        email: ctx.user.email,
        name: biz.name,
        businessId,
        // Same business, same key: a retried call gets the same customer from the provider.
        idempotencyKey: `lc-customer-${businessId}-${biz.createdAt.getTime()}`,
      })
      .catch(paymentFailure);
    await q.insertAccount(tx, {
      businessId,
      provider: deps.billing.name,
      customerId: customer.id,
      isPersonal,
      ownerUserId: ctx.user.id,
    });
    return { customerId: customer.id };
  });
}

/** Where a manager of the business stands, or why not (no business: the customer is missing). */
async function managedBusiness(deps: AppDeps, callerId: number): Promise<{ businessId: number; ctx: BillingContext }> {
  const ctx = await billingContext(deps.db, callerId);
  if (ctx.businessId === null) throw customerMissing();
  if (!ctx.canManage) throw billingAdminOnly();
  return { businessId: ctx.businessId, ctx };
}

/** `/billing/update_payment`: attaches the card and makes it the business's default. */
export async function updatePayment(
  deps: AppDeps,
  callerId: number,
  input: { payment_method_id: string },
): Promise<PaymentMethodDetails> {
  const { businessId } = await managedBusiness(deps, callerId);
  return withLock(deps, BUSINESS_LOCK, businessId, async (tx) => {
    const account = await q.findAccount(tx, businessId);
    if (!account) throw customerMissing();
    const pm = await deps.billing
      .setDefaultPaymentMethod(account.customerId, input.payment_method_id)
      .catch(paymentFailure);
    await q.setDefaultCard(tx, businessId, pm);
    return toDetails(pm);
  });
}

/**
 * `/billing/start_stripe_subscription`: subscribes the business, one user = one unit, and charges the
 * first month now. A declined card answers 402 and leaves nothing behind. A subscription whose
 * renewal failed is settled with the current card instead of starting a second one.
 */
export async function startSubscription(deps: AppDeps, callerId: number): Promise<SubscriptionSummary> {
  const { businessId } = await managedBusiness(deps, callerId);
  return withLock(deps, BUSINESS_LOCK, businessId, async (tx) => {
    const account = await q.findAccount(tx, businessId);
    if (!account) throw customerMissing();
    if (!account.defaultPaymentMethodId) throw paymentMethodRequired();
    const live = await q.findLiveSubscription(tx, businessId);
    if (live && q.ACTIVE_STATUSES.includes(live.status)) {
      throw conflict('BILLING_SUBSCRIPTION_EXISTS');
    }
    const now = deps.clock.now();
    if (live) {
      const changes = await deps.billing.payOpenInvoices(live.providerSubscriptionId).catch(paymentFailure);
      await applyChanges(deps, tx, changes, now);
    } else {
      const quantity = Math.max(1, await business.countActiveUsers(tx, businessId));
      const { subscription, invoice } = await deps.billing
        .createSubscription({ customerId: account.customerId, quantity, businessId })
        .catch(paymentFailure);
      await applyChanges(deps, tx, { subscriptions: [subscription], invoices: invoice ? [invoice] : [] }, now);
    }
    const current = await q.findLiveSubscription(tx, businessId);
    if (!current) throw new Error('billing: the subscription was not recorded');
    return toSummary(current);
  });
}

/** `/billing/get_stripe_payment_method`: the business's default card; null when there is none yet. */
export async function getPaymentMethod(
  deps: AppDeps,
  callerId: number,
): Promise<{ paymentMethodDetails: PaymentMethodDetails | null }> {
  const ctx = await billingContext(deps.db, callerId);
  if (ctx.businessId === null) return { paymentMethodDetails: null };
  if (!ctx.canManage) throw billingAdminOnly();
  const id = ctx.account?.defaultPaymentMethodId;
  if (!id) return { paymentMethodDetails: null };
  const pm = await deps.billing.getPaymentMethod(id).catch(paymentFailure);
  return { paymentMethodDetails: pm ? toDetails(pm) : null };
}

/** `/billing/get`: the billing state of the caller's business, for any of its users. */
export async function getBillingInfo(deps: AppDeps, callerId: number): Promise<BillingInfo> {
  const ctx = await billingContext(deps.db, callerId);
  const base = { provider: deps.billing.name, pricePerUser: SUBSCRIPTION_PRICE_PER_USER };
  if (ctx.businessId === null) {
    // Without a business, subscribing makes a business of one: one user to pay for.
    return { ...base, customerId: null, hasPaymentMethod: false, active: false, subscription: null, activeUsers: 1 };
  }
  const live = await q.findLiveSubscription(deps.db, ctx.businessId);
  return {
    ...base,
    customerId: ctx.account?.customerId ?? null,
    hasPaymentMethod: Boolean(ctx.account?.defaultPaymentMethodId),
    active: live !== undefined && q.ACTIVE_STATUSES.includes(live.status),
    subscription: live ? toSummary(live) : null,
    activeUsers: await business.countActiveUsers(deps.db, ctx.businessId),
  };
}

const PAYMENT_INFO: Record<string, string> = { open: 'Payment due', uncollectible: 'Not paid', void: 'Void' };

/** `/billing/get_stripe_invoices`: the business's invoices, for those who manage its billing. */
export async function listInvoices(
  deps: AppDeps,
  links: InvoiceLinks,
  callerId: number,
  requestedId?: number,
): Promise<{ invoices: Invoice[] }> {
  assertSelf(callerId, requestedId);
  const ctx = await billingContext(deps.db, callerId);
  if (ctx.businessId === null) return { invoices: [] };
  if (!ctx.canManage) throw billingAdminOnly();
  const rows = await q.listInvoicesOfBusiness(deps.db, ctx.businessId);
  return {
    invoices: rows.map((row) => ({
      invoiceId: String(row.id),
      invoiceNumber: invoiceNumber(row.id),
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      // The invoice's amount; `status` says whether it is paid.
      amountPaid: row.amountDueCents / 100,
      status: row.status,
      chargedCard: row.status === 'paid' ? row.cardLast4 : null,
      paymentInfo:
        row.status === 'paid' && row.cardLast4
          ? maskCard(row.cardLast4, row.cardBrand)
          : (PAYMENT_INFO[row.status] ?? null),
      invoicePdf: links.url(row.id, callerId),
    })),
  };
}

/** The invoice PDF behind a signed link; the link's user must still manage the invoice's business. */
export async function invoicePdf(
  deps: AppDeps,
  links: InvoiceLinks,
  invoiceId: number,
  token: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const verified = links.verify(invoiceId, token);
  if (verified === 'expired') {
    throw forbidden('BILLING_INVOICE_LINK_EXPIRED');
  }
  if (verified === 'invalid') throw forbidden('BILLING_INVOICE_LINK_INVALID');
  const invoice = await q.findInvoice(deps.db, invoiceId);
  if (!invoice || invoice.status === 'draft') throw notFound('BILLING_INVOICE_NOT_FOUND');
  if (!(await users.isActiveUser(deps, verified.userId))) throw forbidden();
  const ctx = await billingContext(deps.db, verified.userId);
  if (ctx.businessId !== invoice.businessId || !ctx.canManage) throw forbidden();
  const biz = await business.findBusinessById(deps.db, invoice.businessId);
  const number = invoiceNumber(invoice.id);
  const pdf = await renderInvoicePdf({
    number,
    businessName: biz?.name ?? '',
    issuedAt: invoice.createdAt,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    quantity: invoice.quantity,
    amountCents: invoice.amountDueCents,
    status: invoice.status,
    paidAt: invoice.paidAt,
    card: invoice.status === 'paid' && invoice.cardLast4 ? maskCard(invoice.cardLast4, invoice.cardBrand) : null,
  });
  return { filename: `${number}.pdf`, pdf };
}

// --- Keeping in step ----------------------------------------------------------------------------

/**
 * The subscription's quantity follows the business's active users. Called by the billing job before
 * every renewal, and by business users when one joins or leaves the business. A business whose
 * every user has closed their account is no longer billed: its subscription ends.
 */
export async function syncSubscriptionQuantity(deps: AppDeps, businessId: number): Promise<void> {
  const live = await q.findLiveSubscription(deps.db, businessId);
  if (!live) return;
  const activeUsers = await business.countActiveUsers(deps.db, businessId);
  if (activeUsers === 0) {
    const ended = await deps.billing.cancelSubscription(live.providerSubscriptionId);
    await applySubscription(deps, deps.db, ended, deps.clock.now());
    deps.log.info({ businessId }, 'billing: subscription ended, no active user left');
    return;
  }
  if (activeUsers === live.quantity) return;
  const sub = await deps.billing.updateQuantity(live.providerSubscriptionId, activeUsers);
  await applySubscription(deps, deps.db, sub, deps.clock.now());
}

/**
 * The billing job: quantities follow active users; the local provider renews the periods that have
 * ended (an invoice each, charged to the default card); a subscription whose period ended without
 * news from the provider (a missed webhook) is read again from the provider.
 */
export async function runBillingCycle(deps: AppDeps): Promise<void> {
  for (const live of await q.listLiveSubscriptions(deps.db)) {
    try {
      await syncSubscriptionQuantity(deps, live.businessId);
    } catch (error) {
      deps.log.error({ err: error, businessId: live.businessId }, 'billing: quantity update failed');
    }
  }
  const now = deps.clock.now();
  await applyChanges(deps, deps.db, await deps.billing.renewDue(now), now);

  for (const stale of await q.listLiveSubscriptions(deps.db, now)) {
    const sub = await deps.billing.getSubscription(stale.providerSubscriptionId);
    if (!sub) continue;
    const account = await q.findAccountByCustomer(deps.db, sub.customerId);
    const invoices = account ? await deps.billing.listInvoices(account.customerId) : [];
    await applyChanges(
      deps,
      deps.db,
      { subscriptions: [sub], invoices: invoices.filter((i) => i.subscriptionId === sub.id) },
      deps.clock.now(),
    );
  }
}

async function applyEvent(deps: AppDeps, tx: DbOrTx, event: ProviderEvent): Promise<void> {
  await applyChanges(deps, tx, event, event.createdAt);
  if (event.defaultPaymentMethod) {
    const { customerId, paymentMethodId } = event.defaultPaymentMethod;
    const account = await q.findAccountByCustomer(tx, customerId);
    if (account && account.defaultPaymentMethodId !== paymentMethodId) {
      const pm = paymentMethodId ? await deps.billing.getPaymentMethod(paymentMethodId) : undefined;
      await q.setDefaultCard(tx, account.businessId, pm ?? null);
    }
  }
  if (event.detachedPaymentMethodId) await q.forgetDefaultCard(tx, event.detachedPaymentMethodId);
}

/**
 * `POST /api/billing/stripe/webhook`: verified with the raw body and the signing secret (300 s
 * tolerance); each event is handled once, in one transaction with the record that it was.
 */
export async function handleStripeWebhook(
  deps: AppDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const provider = deps.billing;
  if (!provider.verifyWebhook) {
    throw notFound('BILLING_STRIPE_NOT_CONFIGURED');
  }
  let event: ProviderEvent;
  try {
    event = provider.verifyWebhook(rawBody, signature, deps.clock.now());
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    throw badRequest(
      error.reason === 'timestamp' ? 'BILLING_WEBHOOK_TOO_OLD' : 'BILLING_WEBHOOK_SIGNATURE_INVALID',
      error.message,
    );
  }
  return deps.db.transaction(async (tx) => {
    if (!(await q.recordWebhookEvent(tx, event.id, event.type))) return { received: true, duplicate: true };
    await applyEvent(deps, tx, event);
    deps.log.info({ eventId: event.id, type: event.type }, 'billing: Stripe event handled');
    return { received: true, duplicate: false };
  });
}
