import { type BillingProvider as BillingProviderName, PAYMENT_MESSAGES } from '@leadcircle/shared';

// The card payment provider: the local provider (records in PostgreSQL, Stripe's
// test-card behaviour) by default, Stripe when STRIPE_SECRET_KEY is set. Both speak in the shapes
// below; amounts are in cents, dates are Dates.

export type { BillingProviderName };

export interface BillingDetails {
  email: string | null;
  name: string | null;
  country: string | null;
  postalCode: string | null;
}

export interface ProviderPaymentMethod {
  id: string;
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  billing: BillingDetails;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: string;
  quantity: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

export interface ProviderInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  status: string;
  periodStart: Date;
  periodEnd: Date;
  quantity: number | null;
  amountDueCents: number;
  amountPaidCents: number;
  paidAt: Date | null;
  /** The card that paid it, when the provider says. */
  card: { brand: string; last4: string } | null;
}

/** What changed at the provider: answered by calls, the renewal run and webhooks alike. */
export interface BillingChanges {
  subscriptions: ProviderSubscription[];
  invoices: ProviderInvoice[];
}

/** A webhook event, verified and read. */
export interface ProviderEvent extends BillingChanges {
  id: string;
  type: string;
  createdAt: Date;
  /** The customer's default card changed (null: removed). */
  defaultPaymentMethod?: { customerId: string; paymentMethodId: string | null };
  /** A card was detached from its customer. */
  detachedPaymentMethodId?: string;
}

/**
 * A payment the provider refused. `card` errors are declines (HTTP 402 to our caller, code such as
 * card_declined or insufficient_funds); `request` errors are calls that cannot work (an unknown card …).
 */
export class PaymentError extends Error {
  constructor(
    readonly kind: 'card' | 'request',
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A webhook whose signature or timestamp does not check out. */
export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: 'signature' | 'timestamp',
    message: string,
  ) {
    super(message);
  }
}

// Stripe's own words for its declines; the local provider uses them too.
export const DECLINE_MESSAGES: Record<string, string> = {
  // Text for a declined card, which is also Stripe's.
  card_declined: PAYMENT_MESSAGES.cardDeclined,
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
};

/** Card details typed into a form (digits only; the shared schema strips spaces and checks Luhn). */
export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** Card details the provider refuses before storing them (an expired card, a CVC of the wrong length). */
export class CardDetailsInvalid extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(issues[0]?.message ?? 'Invalid card details.');
  }
}

export interface BillingProvider {
  readonly name: BillingProviderName;
  /**
   * What Stripe.js does in the browser: card details become a payment method id. Only a provider
   * without its own browser library has it. Throws CardDetailsInvalid.
   */
  createPaymentMethod?(card: CardInput, billing: BillingDetails): Promise<{ id: string }>;
  /**
   * Only a provider that sends webhooks has it: verifies the signature (300 s tolerance against
   * `receivedAt`) and reads the event. Throws WebhookVerificationError.
   */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined, receivedAt: Date): ProviderEvent;
  /** Idempotent per key: a repeated call answers the same customer. */
  createCustomer(input: { email: string; name: string; businessId: number; idempotencyKey: string }): Promise<{
    id: string;
  }>;
  /** Attaches the card to the customer and makes it the default; a declined card is not attached. */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<ProviderPaymentMethod>;
  getPaymentMethod(paymentMethodId: string): Promise<ProviderPaymentMethod | undefined>;
  /**
   * Subscribes the customer (quantity users at the configured price) and charges the first period at
   * once with the default card. A declined card throws and leaves no subscription behind.
   */
  createSubscription(input: { customerId: string; quantity: number; businessId: number }): Promise<{
    subscription: ProviderSubscription;
    invoice: ProviderInvoice | null;
  }>;
  /** The next invoice is priced on the new quantity (no proration). */
  updateQuantity(subscriptionId: string, quantity: number): Promise<ProviderSubscription>;
  /** Ends the subscription now, without a final invoice (nobody is left to bill). */
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | undefined>;
  listInvoices(customerId: string): Promise<ProviderInvoice[]>;
  /** Charges the default card for the subscription's unpaid invoices, oldest first; a decline throws. */
  payOpenInvoices(subscriptionId: string): Promise<BillingChanges>;
  /** Issues and charges the invoices of the periods that have ended by `now`. Stripe does this itself. */
  renewDue(now: Date): Promise<BillingChanges>;
}

export const noChanges = (): BillingChanges => ({ subscriptions: [], invoices: [] });
