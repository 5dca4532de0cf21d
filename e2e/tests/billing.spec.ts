import fs from 'node:fs';
import { MESSAGES, PAYMENT_MESSAGES, SUBSCRIPTION_PRICE_PER_USER } from '@leadcircle/shared';
import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../support/accounts.js';
import { createAdmin } from '../support/admins.js';
import { CARDS, oneMonthFromToday, PaymentDialog, subscribeThroughApi } from '../support/billing.js';

const price = `$${SUBSCRIPTION_PRICE_PER_USER}`;

async function signInAsNewAdmin(page: Page, request: Parameters<typeof createAdmin>[0], firstName: string) {
  const admin = await createAdmin(request, firstName);
  await page.goto('/signin');
  await signInThroughForm(page, admin.email, admin.password);
  // Admins land on manage-users.
  await expect(page).toHaveURL(/\/admin\/manage-users$/);
  return admin;
}

const subscribeButtonIn = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Subscribe' });

test('an admin subscribes with 4242 4242 4242 4242, sees payment success and the banner', async ({ page, request }) => {
  const admin = await signInAsNewAdmin(page, request, 'Morgan');

  await subscribeButtonIn(page).click();
  const payment = new PaymentDialog(page, 'Subscribe');
  await expect(payment.dialog).toBeVisible();
  // The banner: price per user, 50 × 1 active user − 0.01, next payment in a month.
  await expect(payment.dialog.getByText(`${price} per user per month`)).toBeVisible();
  await expect(payment.dialog.getByText(`Total: ${price} for 1 active user`)).toBeVisible();
  await expect(payment.dialog.getByText(`Next payment: ${oneMonthFromToday()}`)).toBeVisible();
  await expect(payment.field('Email')).toHaveValue(admin.email);
  await expect(payment.dialog.getByRole('combobox', { name: 'Country' })).toHaveText('United States');

  await payment.fill({ name: 'Morgan Admin', zip: '94107', card: CARDS.visa });
  await expect(payment.field('Card number')).toHaveValue(CARDS.visa);
  await payment.submit('Subscribe');

  const success = page.getByRole('dialog', { name: 'Payment successful' });
  await expect(success).toBeVisible();
  await expect(success.getByText(`${price} per user per month`)).toBeVisible();
  await expect(success.getByText(`Total: ${price} for 1 active user`)).toBeVisible();
  await expect(success.getByText(`Next payment: ${oneMonthFromToday()}`)).toBeVisible();
  await expect(payment.dialog).toBeHidden();
  // The subscription is active: the shell's Subscribe button is gone.
  await expect(subscribeButtonIn(page)).toBeHidden();

  // It stays gone: the server now reports the subscription active.
  await page.keyboard.press('Escape');
  await expect(success).toBeHidden();
  await page.reload();
  // The shell is back: the app bar names the admin (the Users page may list them too).
  await expect(page.getByRole('banner').getByText('Morgan Admin')).toBeVisible();
  await expect(subscribeButtonIn(page)).toBeHidden();
});

test("'Start adding new users' takes an admin to manage-users after paying", async ({ page, request }) => {
  await signInAsNewAdmin(page, request, 'Jamie');
  await page.getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/admin\/invoices$/);

  await subscribeButtonIn(page).click();
  const payment = new PaymentDialog(page, 'Subscribe');
  await payment.fill({ name: 'Jamie Admin', zip: '10001', card: CARDS.visa });
  await payment.submit('Subscribe');

  const success = page.getByRole('dialog', { name: 'Payment successful' });
  await success.getByRole('button', { name: 'Start adding new users' }).click();
  await expect(success).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/manage-users$/);
});

test("a declined card says 'Your card was declined.' and nothing is subscribed", async ({ page, request }) => {
  await signInAsNewAdmin(page, request, 'Riley');

  await subscribeButtonIn(page).click();
  const payment = new PaymentDialog(page, 'Subscribe');
  await payment.fill({ name: 'Riley Admin', zip: '60601', card: CARDS.declined });
  await payment.submit('Subscribe');

  await expect(payment.dialog.getByText(PAYMENT_MESSAGES.cardDeclined)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Payment successful' })).toBeHidden();
  await payment.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(payment.dialog).toBeHidden();
  await expect(subscribeButtonIn(page)).toBeVisible();
});

test("the payment form shows every rule's message and the card checks", async ({ page, request }) => {
  await signInAsNewAdmin(page, request, 'Taylor');
  await subscribeButtonIn(page).click();
  const payment = new PaymentDialog(page, 'Subscribe');

  await payment.field('Email').fill('');
  await payment.submit('Subscribe');
  for (const message of [
    MESSAGES.emailRequired,
    PAYMENT_MESSAGES.cardNameRequired,
    PAYMENT_MESSAGES.zipRequired,
    PAYMENT_MESSAGES.cardNumberInvalid,
    PAYMENT_MESSAGES.cardExpiryInvalid,
    PAYMENT_MESSAGES.cardCvcInvalid,
  ]) {
    await expect(payment.dialog.getByText(message, { exact: true })).toBeVisible();
  }

  await payment.field('Email').fill('taylor@');
  await payment.field('Zip code').fill('9410');
  await payment.submit('Subscribe');
  await expect(payment.dialog.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await expect(payment.dialog.getByText(PAYMENT_MESSAGES.zipLength)).toBeVisible();

  await payment.field('Zip code').fill('9410a');
  await payment.submit('Subscribe');
  await expect(payment.dialog.getByText(PAYMENT_MESSAGES.zipNumeric)).toBeVisible();

  await payment.fill({ card: '4242 4242 4242 4241', expiry: `01${String(new Date().getFullYear() - 1).slice(-2)}` });
  await payment.submit('Subscribe');
  await expect(payment.dialog.getByText(PAYMENT_MESSAGES.cardNumberInvalid)).toBeVisible();
  await expect(payment.dialog.getByText(PAYMENT_MESSAGES.cardExpired)).toBeVisible();
});

test('an admin sees the invoice of the subscription and downloads its PDF', async ({ page, request }) => {
  const admin = await createAdmin(request, 'Casey');
  await subscribeThroughApi(request, admin.accessToken, admin.email);
  await page.goto('/signin');
  await signInThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/manage-users$/);
  await page.getByRole('link', { name: 'Invoices' }).click();

  const table = page.getByRole('table', { name: 'Invoices' });
  for (const column of ['Invoice Number', 'Billing Period', 'Amount', 'Payment Information']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const row = table.getByRole('row').filter({ hasText: '**** **** **** 4242' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/\d{2}-\d{2}-\d{4} to \d{2}-\d{2}-\d{4}/);
  await expect(row).toContainText(price);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download invoice / }).click();
  const file = await (await download).path();
  expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test("MANAGE PAYMENT updates the card: 'Payment method has been updated.'", async ({ page, request }) => {
  const admin = await createAdmin(request, 'Drew');
  await subscribeThroughApi(request, admin.accessToken, admin.email);
  await page.goto('/signin');
  await signInThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/manage-users$/);
  await page.getByRole('link', { name: 'Invoices' }).click();

  await page.getByRole('button', { name: 'MANAGE PAYMENT' }).click();
  const update = new PaymentDialog(page, 'Update payment method');
  await expect(update.dialog.getByText('Current card: Visa **** **** **** 4242')).toBeVisible();
  // The saved payment method's details fill the form.
  await expect(update.field('Name on card')).toHaveValue('Avery Admin');
  await expect(update.field('Zip code')).toHaveValue('94107');
  await update.fill({ card: CARDS.mastercard });
  await update.submit('Update payment method');

  await expect(page.getByText(PAYMENT_MESSAGES.paymentMethodUpdated)).toBeVisible();
  await expect(update.dialog).toBeHidden();

  // Opened again, the dialog asks the server afresh.
  await page.getByRole('button', { name: 'MANAGE PAYMENT' }).click();
  await expect(update.dialog.getByText('Current card: Mastercard **** **** **** 4444')).toBeVisible();
});

test('invoices: no MANAGE PAYMENT before subscribing, and a single No record row when loading fails', async ({
  page,
  request,
}) => {
  await signInAsNewAdmin(page, request, 'Sam');
  await page.getByRole('link', { name: 'Invoices' }).click();
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table.getByText('No invoices yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'MANAGE PAYMENT' })).toBeHidden();

  // The server fails to answer: the grid shows one row, 'No record'.
  await page.route('**/api/billing/get_stripe_invoices', (route) =>
    route.fulfill({ status: 503, json: { message: 'Service unavailable' } }),
  );
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toHaveText('No record');
});
