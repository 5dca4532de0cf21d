import { SUBSCRIPTION_TYPE } from '@leadcircle/shared';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

// Stripe's test cards, which the local provider plays.
export const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
} as const;

const expiryYear = new Date().getFullYear() + 3;
export const EXPIRY = { month: 12, year: expiryYear, typed: `12${String(expiryYear).slice(-2)}` };

/** The Payment dialog, by its labels. */
export class PaymentDialog {
  readonly dialog: Locator;

  constructor(page: Page, title: 'Subscribe' | 'Update payment method') {
    this.dialog = page.getByRole('dialog', { name: title });
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  async fill(details: { name?: string; zip?: string; card: string; expiry?: string; cvc?: string }) {
    if (details.name !== undefined) await this.field('Name on card').fill(details.name);
    if (details.zip !== undefined) await this.field('Zip code').fill(details.zip);
    // Typed key by key, as a person does: the fields format as they go.
    await this.field('Card number').pressSequentially(details.card.replace(/\s/g, ''));
    await this.field('Expiry date').pressSequentially(details.expiry ?? EXPIRY.typed);
    await this.field('CVC').fill(details.cvc ?? '123');
  }

  async submit(label: 'Subscribe' | 'Update payment method') {
    await this.dialog.getByRole('button', { name: label, exact: true }).click();
  }
}

/** MM-DD-YYYY, one month from today, as the banner shows it. */
export function oneMonthFromToday(): string {
  const today = new Date();
  const lastDayOfNextMonth = new Date(today.getFullYear(), today.getMonth() + 2, 0).getDate();
  const next = new Date(today.getFullYear(), today.getMonth() + 1, Math.min(today.getDate(), lastDayOfNextMonth));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(next.getMonth() + 1)}-${pad(next.getDate())}-${next.getFullYear()}`;
}

/** Subscribes a business through the API, the calls the Payment dialog makes. */
export async function subscribeThroughApi(request: APIRequestContext, accessToken: string, email: string) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const call = async (path: string, data: unknown) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const { paymentMethodId } = await call('/billing/local/create_payment_method', {
    number: CARDS.visa.replace(/\s/g, ''),
    exp_month: EXPIRY.month,
    exp_year: EXPIRY.year,
    cvc: '123',
    billing_details: { email, name: 'Avery Admin', country: 'US', postal_code: '94107' },
  });
  await call('/billing/create_customer', {});
  await call('/billing/update_payment', { payment_method_id: paymentMethodId });
  await call('/billing/start_stripe_subscription', { subscription_type: SUBSCRIPTION_TYPE });
}
