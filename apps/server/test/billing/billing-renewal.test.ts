import { PAYMENT_MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingInvoices, billingSubscriptions, localBillingInvoices } from '../../src/db/schema/index.js';
import { billingCycleJob } from '../../src/jobs/jobs.js';
import { addMonthsClamped } from '../../src/providers/billing/local.js';
import { addCard, CARDS, createAdmin, createMember, subscribe, tokenFor } from '../billing.js';
import { createSignedInUser, findUserRow, post } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../test-app.js';

// The local provider's monthly cycle (a scheduled job, once across instances, renews
// subscriptions and issues an invoice each period, priced per active user of the business).

let t: TestApp;
let clock: TestClock;
beforeAll(async () => {
  clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** Moves the clock to a moment (never back). */
function moveTo(iso: string) {
  const target = new Date(iso).getTime();
  if (target < clock.now().getTime()) throw new Error(`the clock is already past ${iso}`);
  clock.advance(target - clock.now().getTime());
}

const runJob = () => billingCycleJob.run(t.deps);

/** Invoices as the Invoices page gets them, oldest first; sessions expire as the clock moves, so a fresh one. */
async function invoicesOf(adminId: number) {
  const res = await post(t, '/billing/get_stripe_invoices', {}, { token: await tokenFor(t, adminId) });
  expect(res.status).toBe(200);
  return [...res.body.invoices].reverse() as {
    invoiceNumber: string;
    periodStart: string;
    periodEnd: string;
    amountPaid: number;
    status: string;
    chargedCard: string | null;
    paymentInfo: string | null;
  }[];
}

describe('monthly renewal', () => {
  it('issues an invoice per period at 49.99 × active users, never twice for a period', async () => {
    const { admin, businessId, token } = await createAdmin(t, 'Cycle Co');
    await createMember(t, businessId);
    expect((await subscribe(t, token)).status).toBe(200);
    expect(await invoicesOf(admin.id)).toMatchObject([
      {
        periodStart: '2026-11-22T12:00:00.000Z',
        periodEnd: '2026-12-22T12:00:00.000Z',
        amountPaid: 99.98,
        status: 'paid',
      },
    ]);

    // A third user joins during the month.
    await createMember(t, businessId);

    // Before the period ends, the job issues nothing.
    moveTo('2026-12-22T11:59:00Z');
    await runJob();
    expect(await invoicesOf(admin.id)).toHaveLength(1);

    moveTo('2026-12-22T12:30:00Z');
    await runJob();
    const invoices = await invoicesOf(admin.id);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toEqual({
      invoiceId: expect.any(String),
      invoiceNumber: expect.stringMatching(/^LC-\d{6}$/),
      periodStart: '2026-12-22T12:00:00.000Z',
      periodEnd: '2027-01-22T12:00:00.000Z',
      amountPaid: 149.97,
      status: 'paid',
      chargedCard: '4242',
      paymentInfo: 'Visa **** **** **** 4242',
      invoicePdf: expect.any(String),
    });
    expect(invoices[1]!.invoiceNumber).not.toBe(invoices[0]!.invoiceNumber);

    const info = (await post(t, '/billing/get', {}, { token: await tokenFor(t, admin.id) })).body;
    expect(info.subscription).toMatchObject({
      status: 'active',
      quantity: 3,
      currentPeriodStart: '2026-12-22T12:00:00.000Z',
      currentPeriodEnd: '2027-01-22T12:00:00.000Z',
    });

    // The job again, and twice at once (as two instances would run it): still two invoices.
    await runJob();
    await Promise.all([runJob(), runJob()]);
    expect(await invoicesOf(admin.id)).toHaveLength(2);
  });

  it('catches up one invoice per period when the job did not run for months', async () => {
    moveTo('2027-01-10T09:00:00Z');
    const { admin, token } = await createAdmin(t, 'Sleepy Co');
    expect((await subscribe(t, token)).status).toBe(200);

    moveTo('2027-04-11T00:00:00Z');
    await runJob();
    const invoices = await invoicesOf(admin.id);
    expect(invoices.map((i) => [i.periodStart.slice(0, 10), i.periodEnd.slice(0, 10), i.amountPaid, i.status])).toEqual(
      [
        ['2027-01-10', '2027-02-10', 49.99, 'paid'],
        ['2027-02-10', '2027-03-10', 49.99, 'paid'],
        ['2027-03-10', '2027-04-10', 49.99, 'paid'],
        ['2027-04-10', '2027-05-10', 49.99, 'paid'],
      ],
    );
  });

  it('leaves a declined renewal due and the business inactive, until a working card settles it', async () => {
    moveTo('2027-05-01T08:00:00Z');
    const { admin, businessId, token } = await createAdmin(t, 'Declined Co');
    const member = await createMember(t, businessId);
    expect((await subscribe(t, token)).status).toBe(200);
    // MANAGE PAYMENT: a card that attaches but whose charges are declined.
    expect((await addCard(t, token, CARDS.chargeDeclined)).status).toBe(200);

    moveTo('2027-06-01T09:00:00Z');
    await runJob();
    const [, renewal] = await invoicesOf(admin.id);
    expect(renewal).toMatchObject({
      periodStart: '2027-06-01T08:00:00.000Z',
      amountPaid: 99.98,
      status: 'open',
      chargedCard: null,
      paymentInfo: 'Payment due',
    });
    const memberToken = await tokenFor(t, member.user.id);
    expect((await post(t, '/user/get', {}, { token: memberToken })).body).toMatchObject({
      hasPaymentMethod: true,
      active: false,
    });
    const adminToken = await tokenFor(t, admin.id);
    expect((await post(t, '/billing/get', {}, { token: adminToken })).body).toMatchObject({
      active: false,
      subscription: { status: 'past_due', active: false },
    });

    // The job again does not charge twice nor issue again.
    await runJob();
    expect(await invoicesOf(admin.id)).toHaveLength(2);
    const [due] = await t.db
      .select()
      .from(localBillingInvoices)
      .where(eq(localBillingInvoices.periodStart, new Date('2027-06-01T08:00:00Z')));
    expect(due).toMatchObject({ status: 'open', amountPaidCents: 0, lastErrorCode: 'card_declined' });

    // Subscribe again with the same card: declined, nothing changes.
    const declined = await post(
      t,
      '/billing/start_stripe_subscription',
      { subscription_type: 'BUSINESS' },
      { token: adminToken },
    );
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ message: PAYMENT_MESSAGES.cardDeclined, code: 'card_declined' });

    // A working card, then Subscribe: the due invoice is paid, the same subscription is active again.
    expect((await addCard(t, adminToken)).status).toBe(200);
    const settled = await post(
      t,
      '/billing/start_stripe_subscription',
      { subscription_type: 'BUSINESS' },
      { token: adminToken },
    );
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ status: 'active', active: true });
    expect((await invoicesOf(admin.id))[1]).toMatchObject({ status: 'paid', chargedCard: '4242' });
    expect(
      await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.businessId, businessId)),
    ).toHaveLength(1);
    expect((await post(t, '/user/get', {}, { token: memberToken })).body.active).toBe(true);
  });

  it('prices the next invoice on the users active at renewal: one who left is not billed', async () => {
    moveTo('2027-07-01T10:00:00Z');
    const { admin, businessId, token } = await createAdmin(t, 'Shrinking Co');
    const leaving = await createMember(t, businessId);
    expect((await subscribe(t, token)).body.quantity).toBe(2);
    expect((await post(t, '/user/schedule_delete', {}, { token: leaving.token })).status).toBe(200);

    moveTo('2027-08-01T10:30:00Z');
    await runJob();
    expect((await invoicesOf(admin.id)).map((i) => i.amountPaid)).toEqual([99.98, 49.99]);
  });
});

describe('closed accounts', () => {
  it('ends the subscription of a business whose every user closed their account: nobody is billed again', async () => {
    moveTo('2027-09-01T10:00:00Z');
    const { user, accessToken } = await createSignedInUser(t);
    expect((await subscribe(t, accessToken)).status).toBe(200);
    const businessId = (await findUserRow(t, user.id))!.businessId!;
    expect((await post(t, '/user/schedule_delete', {}, { token: accessToken })).status).toBe(200);

    await runJob();
    const [sub] = await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.businessId, businessId));
    expect(sub).toMatchObject({ status: 'canceled' });

    moveTo('2027-10-01T11:00:00Z');
    await runJob();
    const invoices = await t.db.select().from(billingInvoices).where(eq(billingInvoices.businessId, businessId));
    expect(invoices).toHaveLength(1);
  });
});

describe('billing periods', () => {
  it('count months from the start: the 31st renews on the last day of shorter months', () => {
    const anchor = new Date('2027-01-31T15:00:00Z');
    expect([1, 2, 3, 13].map((n) => addMonthsClamped(anchor, n).toISOString())).toEqual([
      '2027-02-28T15:00:00.000Z',
      '2027-03-31T15:00:00.000Z',
      '2027-04-30T15:00:00.000Z',
      '2028-02-29T15:00:00.000Z',
    ]);
  });

  it('renew a subscription of the 31st on the last day of February, then the 31st of March', async () => {
    moveTo('2028-01-31T12:00:00Z');
    const { admin, token } = await createAdmin(t, 'Month End Co');
    expect((await subscribe(t, token)).status).toBe(200);
    moveTo('2028-04-01T00:00:00Z');
    await runJob();
    expect(
      (await invoicesOf(admin.id)).map((i) => `${i.periodStart.slice(0, 10)}..${i.periodEnd.slice(0, 10)}`),
    ).toEqual(['2028-01-31..2028-02-29', '2028-02-29..2028-03-31', '2028-03-31..2028-04-30']);
  });
});
