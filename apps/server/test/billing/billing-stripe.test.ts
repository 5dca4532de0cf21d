import { PAYMENT_MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingSubscriptions, billingWebhookEvents } from '../../src/db/schema/index.js';
import { billingCycleJob } from '../../src/jobs/jobs.js';
import { createAdmin, createMember, tokenFor } from '../billing.js';
import { createSignedInUser, createUser, post } from '../helpers.js';
import { type LocalStripeApi, startLocalStripeApi } from '../local-stripe-api.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

// The Stripe adapter against a local server that answers Stripe's API routes, and Stripe's signed
// webhooks made with the SDK's own test-header helper.

let t: TestApp;
let api: LocalStripeApi;
const clock = createTestClock();
const WEBHOOK_SECRET = 'whsec_test_local';

beforeAll(async () => {
  api = await startLocalStripeApi({ now: clock.now });
  t = await createTestApp({ clock, env: api.env() });
});
afterAll(async () => {
  await t?.close();
  await api?.close();
});
beforeEach(() => {
  api.requests.length = 0;
});

const start = (token: string) =>
  post(t, '/billing/start_stripe_subscription', { subscription_type: 'BUSINESS' }, { token });
const currentUser = async (token: string) => (await post(t, '/user/get', {}, { token })).body;

/** What the payment dialog does with Stripe: Stripe.js made the payment method; the server attaches it. */
async function addStripeCard(token: string, paymentMethodId = 'pm_card_visa') {
  const customer = await post(t, '/billing/create_customer', {}, { token });
  expect(customer.status).toBe(200);
  return post(t, '/billing/update_payment', { payment_method_id: paymentMethodId }, { token });
}

const posts = () => api.requests.filter((r) => r.method === 'POST');

let eventSequence = 0;
function webhookEvent(type: string, object: unknown, created = clock.now()) {
  eventSequence += 1;
  return {
    id: `evt_test_${eventSequence}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(created.getTime() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** Delivers an event as Stripe does: the raw JSON, signed with the endpoint's secret. */
async function deliver(
  event: unknown,
  options: { timestamp?: number; secret?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp ?? Math.floor(clock.now().getTime() / 1000),
        })
      : options.signature;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header !== null && { 'stripe-signature': header }),
    },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('configuration', () => {
  it('tells the browser to use Stripe Elements with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.json().billing).toEqual({
      provider: 'stripe',
      stripePublishableKey: 'pk_test_local',
      pricePerUser: 49.99,
    });
  });

  it("lets the browser load Stripe.js and its card fields' frames (Content-Security-Policy)", async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/signin' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com [^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });

  it('answers 404 on the local card call: with Stripe, card details go to Stripe', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(
      t,
      '/billing/local/create_payment_method',
      { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      { token: accessToken },
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      message: 'Stripe is configured: card details are sent to Stripe from the browser, not to this call.',
      code: 'BILLING_LOCAL_PROVIDER_OFF',
    });
  });
});

describe('calls on Stripe', () => {
  it('creates the customer, attaches the card and subscribes with quantity = active users, each with an idempotency key', async () => {
    const { admin, businessId, token } = await createAdmin(t, 'Stripe Co');
    const member = await createMember(t, businessId);

    const customer = await post(t, '/billing/create_customer', {}, { token });
    expect(customer.status).toBe(200);
    expect(customer.body.customerId).toMatch(/^cus_test_/);
    // Asked twice, still one customer at Stripe.
    expect((await post(t, '/billing/create_customer', {}, { token })).body).toEqual(customer.body);

    const card = await post(t, '/billing/update_payment', { payment_method_id: 'pm_card_visa' }, { token });
    expect(card.status).toBe(200);
    expect(card.body).toEqual({
      paymentMethodId: 'pm_card_visa',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      email: 'billing@example.com',
      name: 'Ada Admin',
      country: 'US',
      postalCode: '94107',
    });
    expect((await currentUser(member.token)).hasPaymentMethod).toBe(true);

    const sub = await start(token);
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({
      subscriptionId: expect.stringMatching(/^sub_test_/),
      status: 'active',
      active: true,
      quantity: 2,
    });
    expect(await currentUser(member.token)).toMatchObject({ hasPaymentMethod: true, active: true });

    const calls = posts().map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      'POST /v1/customers',
      'POST /v1/payment_methods/pm_card_visa/attach',
      `POST /v1/customers/${customer.body.customerId}`,
      'POST /v1/subscriptions',
    ]);
    for (const request of posts()) expect(request.headers['idempotency-key']).toMatch(/^lc-/);
    const [createCustomer, attach, setDefault, subscribe] = posts();
    expect(createCustomer!.form).toMatchObject({
      name: 'Stripe Co',
      email: admin.email,
      'metadata[businessId]': String(businessId),
    });
    expect(attach!.form).toEqual({ customer: customer.body.customerId });
    expect(setDefault!.form).toEqual({ 'invoice_settings[default_payment_method]': 'pm_card_visa' });
    expect(subscribe!.form).toMatchObject({
      customer: customer.body.customerId,
      'items[0][price]': 'price_test_per_user',
      'items[0][quantity]': '2',
      payment_behavior: 'error_if_incomplete',
      'expand[0]': 'latest_invoice',
    });
    // Keys are unique per call, so a later call is never answered from an earlier one.
    const keys = posts().map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(keys.length);
    expect(api.requests.find((r) => r.headers.authorization !== 'Bearer sk_test_local')).toBeUndefined();

    const invoices = await post(t, '/billing/get_stripe_invoices', {}, { token });
    expect(invoices.body.invoices).toEqual([
      expect.objectContaining({
        amountPaid: 99.98,
        status: 'paid',
        chargedCard: '4242',
        invoiceNumber: expect.stringMatching(/^LC-/),
      }),
    ]);

    // A second subscription is refused before anything is sent to Stripe.
    api.requests.length = 0;
    expect((await start(token)).status).toBe(409);
    expect(posts()).toEqual([]);
  });

  it("answers 402 'Your card was declined.' when Stripe declines the card on attach, and keeps no card", async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await addStripeCard(accessToken, 'pm_card_chargeDeclined');
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: PAYMENT_MESSAGES.cardDeclined, code: 'card_declined' });
    expect((await currentUser(accessToken)).hasPaymentMethod).toBe(false);
  });

  it('answers 402 insufficient_funds for a card without funds', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await addStripeCard(accessToken, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: 'Your card has insufficient funds.', code: 'insufficient_funds' });
  });

  it('answers 402 when the first charge is declined and records no subscription', async () => {
    const { businessId, token } = await createAdmin(t);
    expect((await addStripeCard(token, 'pm_card_chargeCustomerFail')).status).toBe(200);
    const res = await start(token);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: PAYMENT_MESSAGES.cardDeclined, code: 'card_declined' });
    expect(
      await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.businessId, businessId)),
    ).toEqual([]);
    expect(await currentUser(token)).toMatchObject({ active: false });
  });

  it('answers 404 for a payment method Stripe does not know', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await addStripeCard(accessToken, 'pm_unknown');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('BILLING_PAYMENT_METHOD_NOT_FOUND');
  });

  it('reads the saved card from Stripe', async () => {
    const { accessToken } = await createSignedInUser(t);
    await addStripeCard(accessToken, 'pm_card_mastercard');
    const res = await post(t, '/billing/get_stripe_payment_method', {}, { token: accessToken });
    expect(res.body.paymentMethodDetails).toMatchObject({
      paymentMethodId: 'pm_card_mastercard',
      brand: 'mastercard',
      last4: '4444',
    });
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_methods/pm_card_mastercard' });
  });
});

describe('the billing job on Stripe', () => {
  it('sends the new quantity when the active users change, billed from the next period (no proration)', async () => {
    const { businessId, token } = await createAdmin(t);
    await addStripeCard(token);
    const sub = await start(token);
    expect(sub.body.quantity).toBe(1);
    await createUser(t, { businessId });
    await createUser(t, { businessId });

    api.requests.length = 0;
    await billingCycleJob.run(t.deps);
    const update = posts().find((r) => r.path === `/v1/subscriptions/${sub.body.subscriptionId}`);
    expect(update?.form).toMatchObject({ 'items[0][quantity]': '3', proration_behavior: 'none' });
    expect(update?.headers['idempotency-key']).toMatch(/^lc-quantity-/);
    expect((await post(t, '/billing/get', {}, { token })).body.subscription.quantity).toBe(3);

    // Nothing changed since: nothing is sent.
    api.requests.length = 0;
    await billingCycleJob.run(t.deps);
    expect(posts().filter((r) => r.path.startsWith('/v1/subscriptions/'))).toEqual([]);
  });
});

describe('closed accounts on Stripe', () => {
  it('cancels the subscription at Stripe once no user of the business is left', async () => {
    const { businessId, token } = await createAdmin(t);
    await addStripeCard(token);
    const sub = await start(token);
    expect((await post(t, '/user/schedule_delete', {}, { token })).status).toBe(200);

    api.requests.length = 0;
    await billingCycleJob.run(t.deps);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toContain(
      `DELETE /v1/subscriptions/${sub.body.subscriptionId}`,
    );
    const [row] = await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.businessId, businessId));
    expect(row).toMatchObject({ status: 'canceled' });
  });
});

describe('POST /api/billing/stripe/webhook', () => {
  async function subscribedBusiness() {
    const admin = await createAdmin(t);
    await addStripeCard(admin.token);
    const sub = await start(admin.token);
    expect(sub.status).toBe(200);
    return { ...admin, subscriptionId: sub.body.subscriptionId as string };
  }
  const stripeSubscription = (id: string) => api.subscriptions.get(id)!;

  it('keeps the subscription in step: past_due makes the business inactive, active again restores it', async () => {
    const { token, subscriptionId } = await subscribedBusiness();
    const sub = stripeSubscription(subscriptionId);

    const pastDue = await deliver(webhookEvent('customer.subscription.updated', { ...sub, status: 'past_due' }));
    expect(pastDue).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await currentUser(token)).toMatchObject({ active: false });
    expect((await post(t, '/billing/get', {}, { token })).body.subscription.status).toBe('past_due');

    clock.advance(1000);
    await deliver(webhookEvent('customer.subscription.updated', { ...sub, status: 'active' }));
    expect(await currentUser(token)).toMatchObject({ active: true });
  });

  it('records a renewal invoice from invoice.paid, and a failed one from invoice.payment_failed', async () => {
    const { token, subscriptionId } = await subscribedBusiness();
    clock.advance(1000);
    const renewal = api.renew(subscriptionId, true);
    expect((await deliver(webhookEvent('invoice.paid', renewal))).status).toBe(200);
    const failed = api.renew(subscriptionId, false);
    expect((await deliver(webhookEvent('invoice.payment_failed', failed))).status).toBe(200);

    const invoices = (await post(t, '/billing/get_stripe_invoices', {}, { token })).body.invoices;
    expect(invoices).toHaveLength(3);
    expect(invoices[0]).toMatchObject({
      periodStart: new Date((failed.lines.data[0]!.period.start as number) * 1000).toISOString(),
      status: 'open',
      chargedCard: null,
      paymentInfo: 'Payment due',
    });
    expect(invoices[1]).toMatchObject({ status: 'paid', chargedCard: '4242', amountPaid: 49.99 });
  });

  it('handles the same event once however often Stripe delivers it', async () => {
    const { token, subscriptionId } = await subscribedBusiness();
    const sub = stripeSubscription(subscriptionId);
    const canceled = webhookEvent('customer.subscription.deleted', { ...sub, status: 'canceled' });
    expect((await deliver(canceled)).body).toEqual({ received: true, duplicate: false });
    expect(await currentUser(token)).toMatchObject({ active: false });

    // The business subscribes again; Stripe then re-sends the old cancellation.
    const again = await start(token);
    expect(again.status).toBe(200);
    expect((await deliver(canceled)).body).toEqual({ received: true, duplicate: true });
    expect(await currentUser(token)).toMatchObject({ active: true });
    const handled = await t.db.select().from(billingWebhookEvents).where(eq(billingWebhookEvents.eventId, canceled.id));
    expect(handled).toHaveLength(1);
  });

  it('never lets an older event overwrite a newer one', async () => {
    const { token, subscriptionId } = await subscribedBusiness();
    const sub = stripeSubscription(subscriptionId);
    clock.advance(60_000);
    await deliver(webhookEvent('customer.subscription.updated', { ...sub, status: 'active' }));
    // Sent earlier, delivered later.
    const stale = webhookEvent(
      'customer.subscription.updated',
      { ...sub, status: 'past_due' },
      new Date(clock.now().getTime() - 30_000),
    );
    expect((await deliver(stale)).status).toBe(200);
    expect(await currentUser(token)).toMatchObject({ active: true });
  });

  it('answers 400 to a bad signature and changes nothing', async () => {
    const { token, subscriptionId } = await subscribedBusiness();
    const event = webhookEvent('customer.subscription.deleted', {
      ...stripeSubscription(subscriptionId),
      status: 'canceled',
    });
    const res = await deliver(event, { secret: 'whsec_someone_else' });
    expect(res).toEqual({
      status: 400,
      body: { message: 'The webhook signature does not match.', code: 'BILLING_WEBHOOK_SIGNATURE_INVALID' },
    });
    expect(await currentUser(token)).toMatchObject({ active: true });
    // Not recorded as handled: the genuine delivery still works.
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: false });
  });

  it('answers 400 to a body changed after signing', async () => {
    const { subscriptionId } = await subscribedBusiness();
    const event = webhookEvent('customer.subscription.updated', stripeSubscription(subscriptionId));
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
    const res = await deliver({ ...event, type: 'customer.subscription.deleted' }, { signature: header });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BILLING_WEBHOOK_SIGNATURE_INVALID');
  });

  it('answers 400 to a timestamp older than 300 seconds, and takes one of 299', async () => {
    const { subscriptionId } = await subscribedBusiness();
    const now = Math.floor(clock.now().getTime() / 1000);
    const old = await deliver(webhookEvent('customer.subscription.updated', stripeSubscription(subscriptionId)), {
      timestamp: now - 301,
    });
    expect(old).toEqual({
      status: 400,
      body: { message: 'The webhook timestamp is too old (more than 300 seconds).', code: 'BILLING_WEBHOOK_TOO_OLD' },
    });
    const recent = await deliver(webhookEvent('customer.subscription.updated', stripeSubscription(subscriptionId)), {
      timestamp: now - 299,
    });
    expect(recent.status).toBe(200);
  });

  it('answers 400 without a Stripe-Signature header', async () => {
    const res = await deliver(webhookEvent('ping', {}), { signature: null });
    expect(res).toEqual({
      status: 400,
      body: { message: 'The Stripe-Signature header is missing.', code: 'BILLING_WEBHOOK_SIGNATURE_INVALID' },
    });
  });

  it('accepts events it has no use for (recorded, nothing changed)', async () => {
    const res = await deliver(webhookEvent('charge.succeeded', { id: 'ch_1', object: 'charge' }));
    expect(res).toEqual({ status: 200, body: { received: true, duplicate: false } });
  });

  it('follows the default card when it changes at Stripe, and forgets it when it is detached', async () => {
    const { token } = await subscribedBusiness();
    const customerId = (await post(t, '/billing/get', {}, { token })).body.customerId;
    const updated = await deliver(
      webhookEvent('customer.updated', {
        id: customerId,
        object: 'customer',
        invoice_settings: { default_payment_method: 'pm_card_mastercard' },
      }),
    );
    expect(updated.status).toBe(200);
    const saved = await post(t, '/billing/get_stripe_payment_method', {}, { token });
    expect(saved.body.paymentMethodDetails.last4).toBe('4444');

    await deliver(
      webhookEvent('payment_method.detached', { id: 'pm_card_mastercard', object: 'payment_method', customer: null }),
    );
    expect(await currentUser(token)).toMatchObject({ hasPaymentMethod: false });
  });

  it('catches up from Stripe when a renewal passed without its webhooks', async () => {
    const { admin, subscriptionId } = await subscribedBusiness();
    const renewal = api.renew(subscriptionId, true);
    const periodEnd = ((renewal.lines.data[0]!.period as { start: number }).start + 60) * 1000;
    clock.advance(periodEnd - clock.now().getTime());

    api.requests.length = 0;
    await billingCycleJob.run(t.deps);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([`GET /v1/subscriptions/${subscriptionId}`, 'GET /v1/invoices']),
    );
    // A month later the session of the test's start has expired.
    const token = await tokenFor(t, admin.id);
    const info = (await post(t, '/billing/get', {}, { token })).body;
    expect(info.subscription.currentPeriodStart).toBe(
      new Date(renewal.lines.data[0]!.period.start * 1000).toISOString(),
    );
    const invoices = (await post(t, '/billing/get_stripe_invoices', {}, { token })).body.invoices;
    expect(invoices).toHaveLength(2);
  });
});
