import crypto from 'node:crypto';
import { createBusinessWithAdmin } from '../src/modules/business/business.service.js';
import { createUser, post } from './helpers.js';
import type { TestApp } from './test-app.js';

// Factories and steps shared by the billing tests.

export const CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  // Attaches, then every charge is declined (Stripe's 4000 0000 0000 0341).
  chargeDeclined: '4000000000000341',
  amex: '378282246310005',
} as const;

export const BILLING_DETAILS = { email: 'billing@example.com', name: 'Ada Admin', country: 'US', postal_code: '94107' };

let sequence = 0;

/** A session for a user, as a sign-in would give (the operator-made admin has no password). */
export const tokenFor = (t: TestApp, userId: number) =>
  t.deps.accessTokens.sign({ userId, sessionId: crypto.randomUUID() });

/** A business made by the operator command, with its first ADMIN signed in. */
export async function createAdmin(t: TestApp, businessName = 'Summit Payroll Partners') {
  sequence += 1;
  const admin = await createBusinessWithAdmin(t.deps, {
    businessName,
    email: `admin${sequence}.${Date.now()}@example.com`,
    firstName: 'Ada',
    lastName: 'Admin',
  });
  return { admin, businessId: admin.businessId!, token: await tokenFor(t, admin.id) };
}

/** A SALES user of a business, signed in. */
export async function createMember(t: TestApp, businessId: number) {
  const user = await createUser(t, { businessId });
  return { user, token: await tokenFor(t, user.id) };
}

/** What the local card fields send: card details become a payment method id. */
export async function createCard(t: TestApp, token: string, number: string = CARDS.visa) {
  const res = await post(
    t,
    '/billing/local/create_payment_method',
    {
      number,
      exp_month: 12,
      exp_year: 2030,
      cvc: number.startsWith('3') ? '1234' : '123',
      billing_details: BILLING_DETAILS,
    },
    { token },
  );
  if (res.status !== 200) throw new Error(`create_payment_method: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.paymentMethodId as string;
}

/** The payment dialog's submit: card, customer, payment method; answers update_payment's answer. */
export async function addCard(t: TestApp, token: string, number: string = CARDS.visa) {
  const paymentMethodId = await createCard(t, token, number);
  const customer = await post(t, '/billing/create_customer', {}, { token });
  if (customer.status !== 200) throw new Error(`create_customer: ${customer.status} ${JSON.stringify(customer.body)}`);
  return post(t, '/billing/update_payment', { payment_method_id: paymentMethodId }, { token });
}

/** Card, customer, payment method and subscription, as the dialog in subscribe mode does. */
export async function subscribe(t: TestApp, token: string, number: string = CARDS.visa) {
  const added = await addCard(t, token, number);
  if (added.status !== 200) throw new Error(`update_payment: ${added.status} ${JSON.stringify(added.body)}`);
  return post(t, '/billing/start_stripe_subscription', { subscription_type: 'BUSINESS' }, { token });
}
