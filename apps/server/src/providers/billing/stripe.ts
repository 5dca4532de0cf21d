import crypto from 'node:crypto';
import Stripe from 'stripe';
import type { StripeBillingConfig } from '../../config.js';
import {
  type BillingChanges,
  type BillingProvider,
  PaymentError,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPaymentMethod,
  type ProviderSubscription,
  WebhookVerificationError,
} from './billing-provider.js';

// Stripe, through its server SDK. Every call that creates or changes something
// carries an idempotency key, so the SDK's own retries never charge or subscribe twice.

// Stripe's signed webhook timestamps older than this are refused (replay protection).
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const seconds = (s: number) => new Date(s * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A fresh key per logical call; the SDK reuses it on its network retries. */
const oneTimeKey = (what: string) => `lc-${what}-${crypto.randomUUID()}`;

export interface StripeBillingProvider extends BillingProvider {
  readonly name: 'stripe';
  verifyWebhook(rawBody: Buffer, signature: string | undefined, receivedAt: Date): ProviderEvent;
}

function toPaymentMethod(pm: Stripe.PaymentMethod): ProviderPaymentMethod {
  const address = pm.billing_details?.address;
  return {
    id: pm.id,
    customerId: idOf(pm.customer),
    brand: pm.card?.brand ?? 'unknown',
    last4: pm.card?.last4 ?? '',
    expMonth: pm.card?.exp_month ?? 0,
    expYear: pm.card?.exp_year ?? 0,
    billing: {
      email: pm.billing_details?.email ?? null,
      name: pm.billing_details?.name ?? null,
      country: address?.country ?? null,
      postalCode: address?.postal_code ?? null,
    },
  };
}

export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  // Since API version 2025-03-31 the billing period lives on the subscription item.
  const item = sub.items?.data?.[0];
  return {
    id: sub.id,
    customerId: idOf(sub.customer)!,
    status: sub.status,
    quantity: item?.quantity ?? 1,
    currentPeriodStart: seconds(item?.current_period_start ?? sub.start_date),
    currentPeriodEnd: seconds(item?.current_period_end ?? sub.start_date),
  };
}

export function toProviderInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  // The service period is the subscription line's; the invoice's own period_* is the previous one.
  const line = invoice.lines?.data?.[0];
  return {
    id: invoice.id,
    customerId: idOf(invoice.customer)!,
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    status: invoice.status ?? 'draft',
    periodStart: seconds(line?.period?.start ?? invoice.period_start),
    periodEnd: seconds(line?.period?.end ?? invoice.period_end),
    quantity: line?.quantity ?? null,
    amountDueCents: invoice.total,
    amountPaidCents: invoice.amount_paid,
    paidAt: invoice.status_transitions?.paid_at ? seconds(invoice.status_transitions.paid_at) : null,
    card: null,
  };
}

/** Stripe's errors in our words: declines keep Stripe's code and message (card_declined, insufficient_funds …). */
function translate(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) {
    const code = error.decline_code === 'insufficient_funds' ? 'insufficient_funds' : (error.code ?? 'card_declined');
    throw new PaymentError('card', code, error.message);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    throw new PaymentError('request', error.code ?? 'invalid_request', error.message);
  }
  throw error;
}

function readEvent(event: Stripe.Event): ProviderEvent {
  const read: ProviderEvent = {
    id: event.id,
    type: event.type,
    createdAt: seconds(event.created),
    subscriptions: [],
    invoices: [],
  };
  const object = event.data.object as unknown as { object?: string };
  if (event.type.startsWith('customer.subscription.') && object.object === 'subscription') {
    read.subscriptions.push(toProviderSubscription(object as unknown as Stripe.Subscription));
  } else if (event.type.startsWith('invoice.') && object.object === 'invoice') {
    read.invoices.push(toProviderInvoice(object as unknown as Stripe.Invoice));
  } else if (event.type === 'customer.updated' && object.object === 'customer') {
    const customer = object as unknown as Stripe.Customer;
    read.defaultPaymentMethod = {
      customerId: customer.id,
      paymentMethodId: idOf(customer.invoice_settings?.default_payment_method),
    };
  } else if (event.type === 'payment_method.detached' && object.object === 'payment_method') {
    read.detachedPaymentMethodId = (object as unknown as Stripe.PaymentMethod).id;
  }
  return read;
}

export function createStripeBillingProvider(config: StripeBillingConfig): StripeBillingProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'LeadCircle' },
    // Tests point the SDK at a local server that answers Stripe's routes.
    ...(config.api && { host: config.api.host, port: config.api.port, protocol: config.api.protocol }),
  });

  async function getSubscription(subscriptionId: string) {
    try {
      return toProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return undefined;
      return translate(error);
    }
  }

  return {
    name: 'stripe',

    async createCustomer({ email, name, businessId, idempotencyKey }) {
      try {
        const customer = await stripe.customers.create(
          { email, name, metadata: { businessId: String(businessId) } },
          { idempotencyKey },
        );
        return { id: customer.id };
      } catch (error) {
        return translate(error);
      }
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      try {
        // Attaching checks the card with its bank: a declined card fails here and is not attached.
        const pm = await stripe.paymentMethods.attach(
          paymentMethodId,
          { customer: customerId },
          { idempotencyKey: oneTimeKey('attach') },
        );
        await stripe.customers.update(
          customerId,
          { invoice_settings: { default_payment_method: paymentMethodId } },
          { idempotencyKey: oneTimeKey('default-card') },
        );
        return toPaymentMethod(pm);
      } catch (error) {
        return translate(error);
      }
    },

    async getPaymentMethod(paymentMethodId) {
      try {
        return toPaymentMethod(await stripe.paymentMethods.retrieve(paymentMethodId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
          return undefined;
        }
        return translate(error);
      }
    },

    async createSubscription({ customerId, quantity, businessId }) {
      try {
        const sub = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: config.priceId, quantity }],
            // The first invoice is charged now; if the card is declined Stripe answers 402 and keeps no subscription.
            payment_behavior: 'error_if_incomplete',
            metadata: { businessId: String(businessId) },
            expand: ['latest_invoice'],
          },
          { idempotencyKey: oneTimeKey('subscription') },
        );
        const latest = sub.latest_invoice;
        return {
          subscription: toProviderSubscription(sub),
          invoice: latest && typeof latest !== 'string' ? toProviderInvoice(latest) : null,
        };
      } catch (error) {
        return translate(error);
      }
    },

    async updateQuantity(subscriptionId, quantity) {
      try {
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        const item = current.items.data[0];
        const updated = await stripe.subscriptions.update(
          subscriptionId,
          {
            items: [{ ...(item ? { id: item.id } : { price: config.priceId }), quantity }],
            // The new count is billed from the next period on, as the local provider does.
            proration_behavior: 'none',
          },
          { idempotencyKey: oneTimeKey('quantity') },
        );
        return toProviderSubscription(updated);
      } catch (error) {
        return translate(error);
      }
    },

    async cancelSubscription(subscriptionId) {
      try {
        // A DELETE: Stripe takes no idempotency key on it, and cancelling twice answers the same.
        return toProviderSubscription(
          await stripe.subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false }),
        );
      } catch (error) {
        return translate(error);
      }
    },

    getSubscription,

    async listInvoices(customerId) {
      try {
        const page = await stripe.invoices.list({ customer: customerId, limit: 100 });
        return page.data.map(toProviderInvoice);
      } catch (error) {
        return translate(error);
      }
    },

    async payOpenInvoices(subscriptionId) {
      const changes: BillingChanges = { subscriptions: [], invoices: [] };
      try {
        const open = await stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 100 });
        for (const invoice of [...open.data].sort((a, b) => a.created - b.created)) {
          const paid = await stripe.invoices.pay(invoice.id, {}, { idempotencyKey: oneTimeKey('pay') });
          changes.invoices.push(toProviderInvoice(paid));
        }
      } catch (error) {
        return translate(error);
      }
      const sub = await getSubscription(subscriptionId);
      if (sub) changes.subscriptions.push(sub);
      return changes;
    },

    // Stripe renews subscriptions itself and tells us by webhook.
    async renewDue() {
      return { subscriptions: [], invoices: [] };
    },

    verifyWebhook(rawBody, signature, receivedAt) {
      if (!signature) throw new WebhookVerificationError('signature', 'The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          receivedAt.getTime(),
        );
      } catch (error) {
        const message = (error as Error).message;
        const reason = /tolerance/i.test(message) ? 'timestamp' : 'signature';
        throw new WebhookVerificationError(
          reason,
          reason === 'timestamp'
            ? 'The webhook timestamp is too old (more than 300 seconds).'
            : 'The webhook signature does not match.',
        );
      }
      return readEvent(event);
    },
  };
}
