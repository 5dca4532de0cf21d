import { MESSAGES, PAYMENT_MESSAGES } from '@leadcircle/shared';
import { errorMessage, isApiError } from '../../lib/api-error';

// The payment submit, as one sequence over the calls it needs, so the order and
// every message can be tested without a browser or a card provider.

export type PaymentMode = 'subscribe' | 'update';

export interface PaymentSteps {
  /** Stripe.js, or our local call: the card becomes a payment method (or the provider's refusal). */
  createPaymentMethod(): Promise<{ paymentMethodId: string } | { error: string }>;
  /** The business's billing customer as the server knows it now; null when there is none. */
  getCustomerId(): Promise<string | null>;
  createCustomer(): Promise<string | null>;
  updatePayment(paymentMethodId: string): Promise<void>;
  startSubscription(): Promise<{ active: boolean }>;
}

export type PaymentOutcome = { ok: true; message: string | null } | { ok: false; message: string };

const CARD_DECLINED = 'card_declined';

/** An error containing card_declined is 'Your card was declined.'; others show the server's message. */
export function paymentErrorMessage(error: unknown, fallback: string): string {
  const texts = isApiError(error) ? [error.code, error.message] : error instanceof Error ? [error.message] : [];
  if (texts.some((text) => text?.includes(CARD_DECLINED))) return PAYMENT_MESSAGES.cardDeclined;
  return errorMessage(error, fallback);
}

class PaymentStop extends Error {}

async function attempt<T>(step: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new PaymentStop(paymentErrorMessage(error, fallback));
  }
}

export async function submitPayment(mode: PaymentMode, steps: PaymentSteps): Promise<PaymentOutcome> {
  try {
    const method = await steps.createPaymentMethod().catch((error: unknown) => ({
      error: errorMessage(error, error instanceof Error ? error.message : MESSAGES.unknownError),
    }));
    if ('error' in method) return { ok: false, message: PAYMENT_MESSAGES.paymentFailed(method.error) };

    // Ensure a customer exists, creating one if missing.
    let customerId = await steps.getCustomerId().catch(() => null);
    if (!customerId) customerId = await attempt(() => steps.createCustomer(), PAYMENT_MESSAGES.createCustomerFailed);
    if (!customerId) return { ok: false, message: PAYMENT_MESSAGES.customerMissing };

    await attempt(() => steps.updatePayment(method.paymentMethodId), PAYMENT_MESSAGES.updatePaymentFailed);
    if (mode === 'update') return { ok: true, message: PAYMENT_MESSAGES.paymentMethodUpdated };

    const subscription = await attempt(() => steps.startSubscription(), PAYMENT_MESSAGES.startSubscriptionFailed);
    if (!subscription.active) return { ok: false, message: PAYMENT_MESSAGES.startSubscriptionFailed };
    return { ok: true, message: null };
  } catch (error) {
    if (error instanceof PaymentStop) return { ok: false, message: error.message };
    throw error;
  }
}
