import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../billing.js';
import { latestLinkTo, post } from '../helpers.js';
import { type LocalStripeApi, startLocalStripeApi } from '../local-stripe-api.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

// Seats on Stripe (the local server answering Stripe's routes): accepting an invite and making a
// user INACTIVE send the new quantity at once, billed from the next period (no proration).

let t: TestApp;
let api: LocalStripeApi;
const clock = createTestClock();

beforeAll(async () => {
  api = await startLocalStripeApi({ now: clock.now });
  t = await createTestApp({ clock, env: api.env() });
});
afterAll(async () => {
  await t?.close();
  await api?.close();
});

const quantityUpdates = (subscriptionId: string) =>
  api.requests
    .filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`)
    .map((r) => r.form);

describe('seats on Stripe', () => {
  it('follows the active users: an accepted invite adds one, INACTIVE removes one, no invite alone', async () => {
    const { businessId, token } = await createAdmin(t, 'Stripe Seats');
    expect((await post(t, '/billing/create_customer', {}, { token })).status).toBe(200);
    expect((await post(t, '/billing/update_payment', { payment_method_id: 'pm_card_visa' }, { token })).status).toBe(
      200,
    );
    const sub = await post(t, '/billing/start_stripe_subscription', { subscription_type: 'BUSINESS' }, { token });
    expect(sub.body).toMatchObject({ quantity: 1, active: true });
    const subscriptionId = sub.body.subscriptionId as string;

    api.requests.length = 0;
    const email = `seat.${Date.now()}@example.com`;
    const invited = await post(
      t,
      '/business/invite_user',
      { business_id: businessId, first_name: 'Sam', last_name: 'Seat', email, role: 'SALES', status: 'INVITED' },
      { token },
    );
    expect(invited.status).toBe(200);
    expect(quantityUpdates(subscriptionId)).toEqual([]);

    const link = await latestLinkTo(t, email);
    const accepted = await post(t, '/business/accept_invite', {
      token: link.searchParams.get('token'),
      email,
      password: 'Seat-Pass-123',
    });
    expect(accepted.status).toBe(200);
    expect(quantityUpdates(subscriptionId)).toEqual([
      expect.objectContaining({ 'items[0][quantity]': '2', proration_behavior: 'none' }),
    ]);
    expect((await post(t, '/billing/get', {}, { token })).body).toMatchObject({
      activeUsers: 2,
      subscription: { quantity: 2 },
    });

    api.requests.length = 0;
    const userId = accepted.body.session.userId as number;
    expect(
      (await post(t, '/business/remove_user', { business_id: businessId, user_id: userId }, { token })).status,
    ).toBe(200);
    expect(quantityUpdates(subscriptionId)).toEqual([
      expect.objectContaining({ 'items[0][quantity]': '1', proration_behavior: 'none' }),
    ]);
    expect((await post(t, '/billing/get', {}, { token })).body).toMatchObject({
      activeUsers: 1,
      subscription: { quantity: 1 },
    });
  });
});
