import { MESSAGES, PAYMENT_MESSAGES } from '@leadcircle/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingInvoices,
  billingSubscriptions,
  businesses,
  localBillingInvoices,
  localBillingPaymentMethods,
  localBillingSubscriptions,
} from '../../src/db/schema/index.js';
import {
  addCard,
  BILLING_DETAILS,
  CARDS,
  createAdmin,
  createCard,
  createMember,
  subscribe,
  tokenFor,
} from '../billing.js';
import { createSignedInUser, createUser, findUserRow, post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The billing calls on the local provider.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOT_SIGNED_IN = { message: MESSAGES.notSignedIn, code: 'AUTH_REQUIRED' };
const ADMIN_ONLY = { message: 'Only an admin of your business can manage its billing.', code: 'BILLING_ADMIN_ONLY' };
const DECLINED = { message: PAYMENT_MESSAGES.cardDeclined, code: 'card_declined' };
const INSUFFICIENT_FUNDS = { message: 'Your card has insufficient funds.', code: 'insufficient_funds' };
const CUSTOMER_MISSING = { message: PAYMENT_MESSAGES.customerMissing, code: 'BILLING_CUSTOMER_MISSING' };

const start = (token: string) =>
  post(t, '/billing/start_stripe_subscription', { subscription_type: 'BUSINESS' }, { token });
const currentUser = async (token: string) => (await post(t, '/user/get', {}, { token })).body;

describe('/billing/local/create_payment_method', () => {
  const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };

  it('turns card details into a payment method id, keeping only the brand, last four digits and expiry', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(
      t,
      '/billing/local/create_payment_method',
      { ...card, billing_details: BILLING_DETAILS },
      { token: accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ paymentMethodId: expect.stringMatching(/^pm_\w{24}$/) });

    const [row] = await t.db
      .select()
      .from(localBillingPaymentMethods)
      .where(eq(localBillingPaymentMethods.id, res.body.paymentMethodId));
    expect(row).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, behaviour: 'succeeds' });
    expect(row).toMatchObject({ billingEmail: 'billing@example.com', billingPostalCode: '94107' });
    // Neither the full number nor the CVC is kept anywhere in the row.
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('"123"');
  });

  it("plays Stripe's test cards: which number declines is remembered, not the number", async () => {
    const { accessToken } = await createSignedInUser(t);
    const behaviours: Record<string, string> = {};
    for (const number of [CARDS.declined, CARDS.insufficientFunds, CARDS.chargeDeclined]) {
      const id = await createCard(t, accessToken, number);
      const [row] = await t.db.select().from(localBillingPaymentMethods).where(eq(localBillingPaymentMethods.id, id));
      behaviours[row!.last4] = row!.behaviour;
    }
    expect(behaviours).toEqual({ '0002': 'card_declined', '9995': 'insufficient_funds', '0341': 'charge_declined' });
  });

  it.each([
    [
      'a number that fails the Luhn check',
      { number: '4242424242424241' },
      'number',
      PAYMENT_MESSAGES.cardNumberInvalid,
    ],
    ['a number too short', { number: '4242' }, 'number', PAYMENT_MESSAGES.cardNumberInvalid],
    ['a number with letters', { number: '4242abcd42424242' }, 'number', PAYMENT_MESSAGES.cardNumberInvalid],
    ['a month of 13', { exp_month: 13 }, 'exp_month', PAYMENT_MESSAGES.cardExpiryInvalid],
    ['a missing year', { exp_year: undefined }, 'exp_year', PAYMENT_MESSAGES.cardExpiryInvalid],
    ['a CVC of two digits', { cvc: '12' }, 'cvc', PAYMENT_MESSAGES.cardCvcInvalid],
    ['a CVC with letters', { cvc: '12a' }, 'cvc', PAYMENT_MESSAGES.cardCvcInvalid],
  ])('answers 400 for %s', async (_what, change, path, message) => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(t, '/billing/local/create_payment_method', { ...card, ...change }, { token: accessToken });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED', issues: [{ path, message }] });
  });

  it('answers 400 for an expiry in the past (today is 11-22-2026) and accepts this month', async () => {
    const { accessToken } = await createSignedInUser(t);
    const past = await post(
      t,
      '/billing/local/create_payment_method',
      { ...card, exp_month: 10, exp_year: 2026 },
      { token: accessToken },
    );
    expect(past.status).toBe(400);
    expect(past.body).toEqual({
      message: PAYMENT_MESSAGES.cardExpired,
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'exp_year', message: PAYMENT_MESSAGES.cardExpired }],
    });
    const thisMonth = await post(
      t,
      '/billing/local/create_payment_method',
      { ...card, exp_month: 11, exp_year: 2026 },
      { token: accessToken },
    );
    expect(thisMonth.status).toBe(200);
  });

  it('wants the four-digit CVC of an American Express card', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(
      t,
      '/billing/local/create_payment_method',
      { ...card, number: CARDS.amex, cvc: '123' },
      { token: accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PAYMENT_MESSAGES.cardCvcInvalid);
    const ok = await post(
      t,
      '/billing/local/create_payment_method',
      { ...card, number: CARDS.amex, cvc: '1234' },
      { token: accessToken },
    );
    expect(ok.status).toBe(200);
  });

  it.each([
    ['no name on the card', { name: '' }, 'billing_details.name', PAYMENT_MESSAGES.cardNameRequired],
    ['a blank name', { name: '   ' }, 'billing_details.name', PAYMENT_MESSAGES.cardNameRequired],
    ['no e-mail', { email: '' }, 'billing_details.email', 'Email is required'],
    ['an invalid e-mail', { email: 'not-an-address' }, 'billing_details.email', 'Must be a valid email address'],
    ['no country', { country: '' }, 'billing_details.country', PAYMENT_MESSAGES.countryRequired],
    ['no zip code', { postal_code: '' }, 'billing_details.postal_code', 'Zip code is required'],
    [
      'a 4-digit zip code',
      { postal_code: '9410' },
      'billing_details.postal_code',
      'Zip code must be exactly 5 characters',
    ],
    [
      'a 6-digit zip code',
      { postal_code: '941070' },
      'billing_details.postal_code',
      'Zip code must be exactly 5 characters',
    ],
    ['a non-numeric zip code', { postal_code: '9410a' }, 'billing_details.postal_code', 'Zip code must be a number'],
  ])('answers 400 for %s with the payment form message', async (_what, change, path, message) => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(
      t,
      '/billing/local/create_payment_method',
      { ...card, billing_details: { ...BILLING_DETAILS, ...change } },
      { token: accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    expect(res.body.issues).toContainEqual({ path, message });
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await post(t, '/billing/local/create_payment_method', card);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
  });
});

describe('/billing/create_customer', () => {
  it('gives a user without a business a personal business of one, named after them, once', async () => {
    const { user, accessToken } = await createSignedInUser(t, { firstName: 'Grace', lastName: 'Hopper' });
    const first = await post(
      t,
      '/billing/create_customer',
      { user_id: user.id, price_id: 'ignored' },
      { token: accessToken },
    );
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ customerId: expect.stringMatching(/^cus_\w+$/) });

    const businessId = (await findUserRow(t, user.id))!.businessId!;
    const business = await post(t, '/business/get_by_user', {}, { token: accessToken });
    expect(business.body).toEqual({ businessId, name: 'Grace Hopper', totalCount: 1 });
    expect((await currentUser(accessToken)).business).toEqual({ businessId });

    // Calling again (the dialog ensures a customer exists every time) changes nothing.
    const again = await post(t, '/billing/create_customer', {}, { token: accessToken });
    expect(again.body).toEqual(first.body);
    const [{ n }] = (await t.db.select({ n: count() }).from(businesses).where(eq(businesses.name, 'Grace Hopper'))) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it("makes the customer of an admin's business without making another business", async () => {
    const { admin, businessId, token } = await createAdmin(t, 'Harbor Commercial Insurance');
    const res = await post(t, '/billing/create_customer', {}, { token });
    expect(res.status).toBe(200);
    expect((await findUserRow(t, admin.id))!.businessId).toBe(businessId);
    const info = await post(t, '/billing/get', {}, { token });
    expect(info.body.customerId).toBe(res.body.customerId);
  });

  it("answers 403 to a SALES user of a business: an admin manages the business's billing", async () => {
    const { businessId } = await createAdmin(t);
    const { token } = await createMember(t, businessId);
    const res = await post(t, '/billing/create_customer', {}, { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(ADMIN_ONLY);
  });

  it("answers 403 when the caller names another user's id", async () => {
    const { accessToken } = await createSignedInUser(t);
    const other = await createUser(t);
    const res = await post(t, '/billing/create_customer', { user_id: other.id }, { token: accessToken });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGES.notAllowed, code: 'FORBIDDEN' });
    expect((await findUserRow(t, other.id))!.businessId).toBeNull();
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await post(t, '/billing/create_customer', {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
  });
});

describe('/billing/update_payment', () => {
  it("answers 'Your stripe customer is not created yet.' before the customer exists", async () => {
    const { accessToken } = await createSignedInUser(t);
    const pm = await createCard(t, accessToken);
    const res = await post(t, '/billing/update_payment', { payment_method_id: pm }, { token: accessToken });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(CUSTOMER_MISSING);
  });

  it("attaches the card as the business's default: the user and the business's users now have a payment method", async () => {
    const { businessId, token } = await createAdmin(t);
    const member = await createMember(t, businessId);
    expect((await currentUser(token)).hasPaymentMethod).toBe(false);

    const res = await addCard(t, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      paymentMethodId: expect.stringMatching(/^pm_/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      email: 'billing@example.com',
      name: 'Ada Admin',
      country: 'US',
      postalCode: '94107',
    });
    expect(await currentUser(token)).toMatchObject({ hasPaymentMethod: true, active: false });
    // A business user's hasPaymentMethod reflects the business's.
    expect(await currentUser(member.token)).toMatchObject({ hasPaymentMethod: true, active: false });
    const saved = await post(t, '/billing/get_stripe_payment_method', {}, { token });
    expect(saved.body).toEqual({ paymentMethodDetails: res.body });
  });

  it('replaces the card (MANAGE PAYMENT) and keeps the new one as the default', async () => {
    const { accessToken } = await createSignedInUser(t);
    await addCard(t, accessToken);
    const pm = await createCard(t, accessToken, '5555555555554444');
    const res = await post(t, '/billing/update_payment', { payment_method_id: pm }, { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentMethodId: pm, brand: 'mastercard', last4: '4444' });
    const saved = await post(t, '/billing/get_stripe_payment_method', {}, { token: accessToken });
    expect(saved.body.paymentMethodDetails).toMatchObject({ paymentMethodId: pm, last4: '4444' });
  });

  it("answers 402 'Your card was declined.' (card_declined) for 4000 0000 0000 0002 and attaches nothing", async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await addCard(t, accessToken, CARDS.declined);
    expect(res.status).toBe(402);
    expect(res.body).toEqual(DECLINED);
    expect((await currentUser(accessToken)).hasPaymentMethod).toBe(false);
    expect((await post(t, '/billing/get_stripe_payment_method', {}, { token: accessToken })).body).toEqual({
      paymentMethodDetails: null,
    });
  });

  it('answers 402 insufficient_funds for 4000 0000 0000 9995 and attaches nothing', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await addCard(t, accessToken, CARDS.insufficientFunds);
    expect(res.status).toBe(402);
    expect(res.body).toEqual(INSUFFICIENT_FUNDS);
    expect((await currentUser(accessToken)).hasPaymentMethod).toBe(false);
  });

  it('keeps the previous card when the new one is declined', async () => {
    const { accessToken } = await createSignedInUser(t);
    const first = await addCard(t, accessToken);
    const declined = await createCard(t, accessToken, CARDS.declined);
    const res = await post(t, '/billing/update_payment', { payment_method_id: declined }, { token: accessToken });
    expect(res.status).toBe(402);
    const saved = await post(t, '/billing/get_stripe_payment_method', {}, { token: accessToken });
    expect(saved.body.paymentMethodDetails.paymentMethodId).toBe(first.body.paymentMethodId);
  });

  it('answers 404 for a payment method that does not exist', async () => {
    const { accessToken } = await createSignedInUser(t);
    await post(t, '/billing/create_customer', {}, { token: accessToken });
    const res = await post(t, '/billing/update_payment', { payment_method_id: 'pm_nothing' }, { token: accessToken });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('BILLING_PAYMENT_METHOD_NOT_FOUND');
  });

  it("refuses another customer's card", async () => {
    const owner = await createSignedInUser(t);
    const attached = await addCard(t, owner.accessToken);
    const other = await createSignedInUser(t);
    await post(t, '/billing/create_customer', {}, { token: other.accessToken });
    const res = await post(
      t,
      '/billing/update_payment',
      { payment_method_id: attached.body.paymentMethodId },
      { token: other.accessToken },
    );
    expect(res.status).toBe(400);
    expect((await currentUser(other.accessToken)).hasPaymentMethod).toBe(false);
  });

  it('answers 403 to a SALES user of a business', async () => {
    const { businessId, token: adminToken } = await createAdmin(t);
    await post(t, '/billing/create_customer', {}, { token: adminToken });
    const { token } = await createMember(t, businessId);
    const pm = await createCard(t, token);
    const res = await post(t, '/billing/update_payment', { payment_method_id: pm }, { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(ADMIN_ONLY);
  });

  it('answers 400 without a payment method id, 401 anonymously', async () => {
    const { accessToken } = await createSignedInUser(t);
    expect((await post(t, '/billing/update_payment', {}, { token: accessToken })).status).toBe(400);
    const anonymous = await post(t, '/billing/update_payment', { payment_method_id: 'pm_x' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NOT_SIGNED_IN);
  });
});

describe('/billing/start_stripe_subscription', () => {
  it('subscribes the business for its active users, charges the first month and makes everyone active', async () => {
    const { admin, businessId, token } = await createAdmin(t, 'Blue Ridge Logistics');
    const member = await createMember(t, businessId);
    await createUser(t, { businessId, deletionRequestedAt: new Date('2026-11-01T00:00:00Z') });

    const res = await subscribe(t, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subscriptionId: expect.stringMatching(/^sub_/),
      status: 'active',
      active: true,
      quantity: 2,
      currentPeriodStart: '2026-11-22T12:00:00.000Z',
      currentPeriodEnd: '2026-12-22T12:00:00.000Z',
    });
    expect(await currentUser(token)).toMatchObject({ hasPaymentMethod: true, active: true });
    expect(await currentUser(member.token)).toMatchObject({ hasPaymentMethod: true, active: true });

    const info = await post(t, '/billing/get', {}, { token: member.token });
    expect(info.body).toEqual({
      provider: 'local',
      customerId: expect.stringMatching(/^cus_/),
      hasPaymentMethod: true,
      active: true,
      subscription: res.body,
      activeUsers: 2,
      pricePerUser: 49.99,
    });

    const invoices = await post(t, '/billing/get_stripe_invoices', { user_id: admin.id }, { token });
    expect(invoices.status).toBe(200);
    expect(invoices.body.invoices).toEqual([
      {
        invoiceId: expect.stringMatching(/^\d+$/),
        invoiceNumber: expect.stringMatching(/^LC-\d{6}$/),
        periodStart: '2026-11-22T12:00:00.000Z',
        periodEnd: '2026-12-22T12:00:00.000Z',
        amountPaid: 99.98,
        status: 'paid',
        chargedCard: '4242',
        paymentInfo: 'Visa **** **** **** 4242',
        invoicePdf: expect.stringMatching(/^\/api\/billing\/invoices\/\d+\/pdf\?token=/),
      },
    ]);
  });

  it('subscribes a user without a business as a business of one at $49.99', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await subscribe(t, accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ active: true, quantity: 1 });
    expect(await currentUser(accessToken)).toMatchObject({ hasPaymentMethod: true, active: true });
    // The owner of a personal business sees its invoices, though not an ADMIN.
    const invoices = await post(t, '/billing/get_stripe_invoices', {}, { token: accessToken });
    expect(invoices.body.invoices).toHaveLength(1);
    expect(invoices.body.invoices[0].amountPaid).toBe(49.99);
  });

  it('answers 409 to a second subscription and keeps one subscription and one invoice', async () => {
    const { businessId, token } = await createAdmin(t);
    expect((await subscribe(t, token)).status).toBe(200);
    const again = await start(token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'Your business already has an active subscription.',
      code: 'BILLING_SUBSCRIPTION_EXISTS',
    });
    const subs = await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.businessId, businessId));
    expect(subs).toHaveLength(1);
    const invoices = await t.db.select().from(billingInvoices).where(eq(billingInvoices.businessId, businessId));
    expect(invoices).toHaveLength(1);
  });

  it('subscribes once when two starts arrive together (a double click)', async () => {
    const { businessId, token } = await createAdmin(t);
    expect((await addCard(t, token)).status).toBe(200);
    const results = await Promise.all([start(token), start(token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const subs = await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.businessId, businessId));
    expect(subs).toHaveLength(1);
  });

  it('answers 402 when the first charge is declined and leaves no subscription and no paid invoice', async () => {
    const { businessId, token } = await createAdmin(t);
    const attached = await addCard(t, token, CARDS.chargeDeclined);
    expect(attached.status).toBe(200);
    const customerId = (await post(t, '/billing/get', {}, { token })).body.customerId;

    const res = await start(token);
    expect(res.status).toBe(402);
    expect(res.body).toEqual(DECLINED);
    expect(await currentUser(token)).toMatchObject({ hasPaymentMethod: true, active: false });
    expect((await post(t, '/billing/get', {}, { token })).body).toMatchObject({ active: false, subscription: null });
    expect((await post(t, '/billing/get_stripe_invoices', {}, { token })).body).toEqual({ invoices: [] });
    // Nothing half-made at the provider either.
    expect(
      await t.db.select().from(localBillingSubscriptions).where(eq(localBillingSubscriptions.customerId, customerId)),
    ).toEqual([]);
    expect(
      await t.db.select().from(localBillingInvoices).where(eq(localBillingInvoices.customerId, customerId)),
    ).toEqual([]);
    expect(
      await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.businessId, businessId)),
    ).toEqual([]);

    // A good card then subscribes.
    expect((await addCard(t, token)).status).toBe(200);
    const retry = await start(token);
    expect(retry.status).toBe(200);
    expect(retry.body.active).toBe(true);
  });

  it('answers 422 without a payment method, and without a customer', async () => {
    const fresh = await createSignedInUser(t);
    const noCustomer = await start(fresh.accessToken);
    expect(noCustomer.status).toBe(422);
    expect(noCustomer.body).toEqual(CUSTOMER_MISSING);

    await post(t, '/billing/create_customer', {}, { token: fresh.accessToken });
    const noCard = await start(fresh.accessToken);
    expect(noCard.status).toBe(422);
    expect(noCard.body).toEqual({
      message: 'Add a payment method before starting the subscription.',
      code: 'PAYMENT_METHOD_REQUIRED',
    });
  });

  it('answers 400 for a subscription type other than BUSINESS', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(
      t,
      '/billing/start_stripe_subscription',
      { subscription_type: 'PERSONAL' },
      { token: accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('answers 403 to a SALES user of a business and 401 anonymously', async () => {
    const { businessId, token: adminToken } = await createAdmin(t);
    await addCard(t, adminToken);
    const { token } = await createMember(t, businessId);
    const res = await start(token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(ADMIN_ONLY);
    expect((await currentUser(adminToken)).active).toBe(false);

    const anonymous = await post(t, '/billing/start_stripe_subscription', { subscription_type: 'BUSINESS' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NOT_SIGNED_IN);
  });
});

describe('/billing/get_stripe_payment_method', () => {
  it('answers null before a card is saved', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(t, '/billing/get_stripe_payment_method', {}, { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ paymentMethodDetails: null });
  });

  it("answers 403 to a SALES user of a business (the card is the admins' business) and 401 anonymously", async () => {
    const { businessId, token: adminToken } = await createAdmin(t);
    await addCard(t, adminToken);
    const { token } = await createMember(t, businessId);
    const res = await post(t, '/billing/get_stripe_payment_method', {}, { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(ADMIN_ONLY);
    expect((await post(t, '/billing/get_stripe_payment_method', {})).status).toBe(401);
  });

  it('refuses a body (the call takes none)', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(t, '/billing/get_stripe_payment_method', { user_id: 1 }, { token: accessToken });
    expect(res.status).toBe(400);
  });
});

describe('/billing/get', () => {
  it('answers the billing state of a user without a business: nothing yet, one user to pay for', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(t, '/billing/get', {}, { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      provider: 'local',
      customerId: null,
      hasPaymentMethod: false,
      active: false,
      subscription: null,
      activeUsers: 1,
      pricePerUser: 49.99,
    });
  });

  it('answers 401 anonymously', async () => {
    const res = await post(t, '/billing/get', {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
  });
});

describe('/billing/get_stripe_invoices', () => {
  it('answers 403 to a SALES user of the business', async () => {
    const { businessId, token: adminToken } = await createAdmin(t);
    await subscribe(t, adminToken);
    const { user, token } = await createMember(t, businessId);
    const res = await post(t, '/billing/get_stripe_invoices', { user_id: user.id }, { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(ADMIN_ONLY);
  });

  it("answers 403 when an admin names another user's id, and shows nothing of another business", async () => {
    const one = await createAdmin(t, 'One Co');
    await subscribe(t, one.token);
    const two = await createAdmin(t, 'Two Co');
    const res = await post(t, '/billing/get_stripe_invoices', { user_id: one.admin.id }, { token: two.token });
    expect(res.status).toBe(403);
    const own = await post(t, '/billing/get_stripe_invoices', {}, { token: two.token });
    expect(own.body).toEqual({ invoices: [] });
  });

  it('answers an empty list to a user without a business, 401 anonymously', async () => {
    const { accessToken } = await createSignedInUser(t);
    expect((await post(t, '/billing/get_stripe_invoices', {}, { token: accessToken })).body).toEqual({ invoices: [] });
    const anonymous = await post(t, '/billing/get_stripe_invoices', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NOT_SIGNED_IN);
  });
});

describe('/user/get and the billing account', () => {
  it('reports hasPaymentMethod and active false for a new user', async () => {
    const { accessToken } = await createSignedInUser(t);
    expect(await currentUser(accessToken)).toMatchObject({ hasPaymentMethod: false, active: false });
  });

  it("reflects the business's billing in every user of the business, not in other businesses", async () => {
    const { token } = await createAdmin(t);
    await subscribe(t, token);
    const other = await createAdmin(t, 'Unpaid Co');
    expect(await currentUser(other.token)).toMatchObject({ hasPaymentMethod: false, active: false });
    const stranger = await createUser(t);
    expect(await currentUser(await tokenFor(t, stranger.id))).toMatchObject({ hasPaymentMethod: false, active: false });
  });
});

describe('GET /api/client-config', () => {
  it('names the local provider, no publishable key, and the price per user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.json().billing).toEqual({ provider: 'local', stripePublishableKey: null, pricePerUser: 49.99 });
  });

  it('keeps Stripe out of the Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/signin' });
    expect(String(res.headers['content-security-policy'])).not.toContain('stripe.com');
  });
});
