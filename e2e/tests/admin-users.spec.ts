import fs from 'node:fs';
import { BUSINESS_USERS_CSV_HEADERS, CRM_TEST_MESSAGES, CRM_TEST_REASONS, CRM_URL_MESSAGE } from '@leadcircle/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  type LocalSalesforce,
  SALESFORCE_USER,
  startLocalSalesforce,
} from '../../apps/server/test/local-salesforce.js';
import { createConfirmedAccount, PASSWORD, signIn, signInThroughForm } from '../support/accounts.js';
import { createAdmin } from '../support/admins.js';
import { subscribeThroughApi } from '../support/billing.js';
import { callAs } from '../support/groups.js';
import { uniqueEmail, waitForMail } from '../support/mailbox.js';

// Business administration.

const PHONE = { width: 390, height: 844 };

/** A subscribed admin, signed in on the page, on the Users page where admins land. */
async function signInAsSubscribedAdmin(page: Page, request: Parameters<typeof createAdmin>[0], firstName: string) {
  const admin = await createAdmin(request, firstName);
  await subscribeThroughApi(request, admin.accessToken, admin.email);
  await page.goto('/signin');
  await signInThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/manage-users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  return admin;
}

const usersGrid = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowOf = (page: Page, email: string) => usersGrid(page).getByRole('row').filter({ hasText: email });
// The Status column (the fifth cell).
const statusOf = (page: Page, email: string) => rowOf(page, email).getByRole('cell').nth(4);

async function chooseOption(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function newPage(browser: Browser, viewport = { width: 1366, height: 900 }) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

test('an admin adds a user who follows the e-mail, sets a password and signs in; made INACTIVE, they lose access', async ({
  page,
  request,
  browser,
}) => {
  const admin = await signInAsSubscribedAdmin(page, request, 'Quinn');
  await expect(rowOf(page, admin.email)).toContainText('ADMIN');
  await expect(statusOf(page, admin.email)).toHaveText('ACTIVE');

  // ADD USER: the status is INVITED and cannot be changed; the seat's cost shows before confirming.
  await page.getByRole('button', { name: 'ADD USER' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  const email = uniqueEmail('riley');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Last Name').fill('Invitee');
  await dialog.getByLabel('First Name').fill('Riley');
  await chooseOption(page, dialog, 'Role', 'ADMIN');
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByRole('note', { name: 'Cost change' })).toContainText(
    'When they accept, your subscription grows to 2 users: $99.98 a month (+$49.99) from your next invoice.',
  );
  await dialog.getByRole('button', { name: 'ADD USER' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusOf(page, email)).toHaveText('INVITED');
  // Invited users have no edit action.
  await expect(rowOf(page, email).getByRole('button', { name: /Edit/ })).toHaveCount(0);

  // The invitee opens the e-mailed link: Download app, with their invitation above the apps.
  const mail = await waitForMail(email, /invited to join Quinn's Agency/);
  expect(new URL(mail.link).searchParams.get('action')).toBe('BUSINESS_INVITE');
  const invitee = await newPage(browser);
  await invitee.goto(mail.link);
  await expect(invitee).toHaveURL(/\/download-app$/);
  await expect(invitee.getByRole('heading', { name: 'Next step' })).toBeVisible();
  const invitation = invitee.getByRole('region', { name: 'Your invitation' });
  await invitation.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await invitation.getByLabel('Confirm password').fill(PASSWORD);
  await invitation.getByRole('button', { name: 'ACCEPT INVITATION' }).click();
  await expect(invitation.getByText("You have joined Quinn's Agency.")).toBeVisible();

  // They sign in with the password they chose, on another device, and land where admins land.
  const device = await newPage(browser);
  await device.goto('/signin');
  await signInThroughForm(device, email, PASSWORD);
  await expect(device).toHaveURL(/\/admin\/manage-users$/);
  await expect(device.getByRole('navigation').getByText('Manage Users')).toBeVisible();

  // The admin sees them ACTIVE, and makes them INACTIVE, seeing the cost first.
  await page.reload();
  await expect(statusOf(page, email)).toHaveText('ACTIVE');
  await rowOf(page, email).getByRole('button', { name: 'Edit Riley Invitee' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await expect(edit.getByLabel('Email')).toHaveAttribute('readonly', '');
  await chooseOption(page, edit, 'Status', 'INACTIVE');
  await expect(edit.getByRole('note', { name: 'Cost change' })).toContainText(
    'Your subscription goes down to 1 user: $49.99 a month',
  );
  await edit.getByRole('button', { name: 'SAVE' }).click();
  await expect(edit).toBeHidden();
  await expect(statusOf(page, email)).toHaveText('INACTIVE');

  // They lose access: no business, no admin pages.
  await device.goto('/admin/manage-users');
  await expect(device).not.toHaveURL(/\/admin\/manage-users$/);
  await expect(device.getByRole('navigation').getByText('Manage Users')).toHaveCount(0);

  // The filters: INACTIVE only.
  await chooseOption(page, page.getByRole('main'), 'Status', 'INACTIVE');
  await expect(usersGrid(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, email)).toBeVisible();
});

test('a person signed in with an account accepts a business invitation and continues into the app', async ({
  page,
  request,
}) => {
  const admin = await createAdmin(request, 'Morgan');
  await subscribeThroughApi(request, admin.accessToken, admin.email);
  const me = (await callAs(request, admin.accessToken, '/user/get')) as { business: { businessId: number } };
  const seller = await createConfirmedAccount(request, 'Sasha');
  await callAs(request, admin.accessToken, '/business/invite_user', {
    business_id: me.business.businessId,
    first_name: seller.firstName,
    last_name: seller.lastName,
    email: seller.email,
    role: 'SALES',
  });
  const mail = await waitForMail(seller.email, /invited to join Morgan's Agency/);

  await signIn(page, seller.email, PASSWORD);
  await page.goto(mail.link);
  await expect(page).toHaveURL(/\/download-app$/);
  const invitation = page.getByRole('region', { name: 'Your invitation' });
  await invitation.getByRole('button', { name: "JOIN Morgan's Agency" }).click();
  await expect(invitation.getByText("You have joined Morgan's Agency.")).toBeVisible();
  // Already signed in: no Sign in, the way on into the app.
  await expect(invitation.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await invitation.getByRole('link', { name: 'Continue in the browser' }).click();
  await expect(page).toHaveURL(/\/activities$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('EXPORT TO CSV downloads Name, Email Address, Role, Status, Added At', async ({ page, request }) => {
  const admin = await signInAsSubscribedAdmin(page, request, 'Casey');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EXPORT TO CSV' }).click();
  const file = await (await download).path();
  const lines = fs.readFileSync(file, 'utf8').trim().split('\r\n');
  expect(lines[0]).toBe(BUSINESS_USERS_CSV_HEADERS.join(','));
  expect(lines[1]).toMatch(
    new RegExp(`^Casey Admin,${admin.email.replace(/[.+]/g, '\\$&')},ADMIN,ACTIVE,\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}$`),
  );
});

test('at phone width the add user dialog checks its fields with the spec messages', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await signInAsSubscribedAdmin(page, request, 'Jordan');
  await page.getByRole('button', { name: 'ADD USER' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByRole('button', { name: 'ADD USER' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await dialog.getByLabel('Email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'ADD USER' }).click();
  await expect(dialog.getByText('Must be a valid email')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'EXPORT TO CSV' })).toBeVisible();
});

test.describe('the CRM connection test page', () => {
  let salesforce: LocalSalesforce;
  test.beforeAll(async () => {
    salesforce = await startLocalSalesforce();
  });
  test.afterAll(async () => {
    await salesforce?.close();
  });

  async function check(page: Page, fields: { url: string; password: string }) {
    await page.getByLabel('url').fill(fields.url);
    await page.getByLabel('username').fill(SALESFORCE_USER.username);
    // Required fields' labels end with an asterisk.
    await page.getByLabel(/^password/).fill(fields.password);
    await page.getByLabel('securityToken').fill(SALESFORCE_USER.securityToken);
    await page.getByRole('button', { name: 'Check CRM' }).click();
  }

  for (const viewport of [{ width: 1366, height: 900 }, PHONE]) {
    test(`shows each of its three messages (${viewport.width}px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/test-flow');
      // Without the shell.
      await expect(page.getByRole('navigation')).toHaveCount(0);
      await check(page, { url: salesforce.url, password: SALESFORCE_USER.password });
      await expect(page.getByRole('status')).toHaveText(CRM_TEST_MESSAGES.success);
      await check(page, { url: salesforce.url, password: 'wrong-password' });
      await expect(page.getByRole('status')).toHaveText(`${CRM_TEST_MESSAGES.failure}${CRM_TEST_REASONS.loginRefused}`);
      // An address nothing answers at is a negative result, with the reason below it.
      await check(page, { url: 'http://127.0.0.1:9', password: SALESFORCE_USER.password });
      await expect(page.getByRole('status')).toContainText(CRM_TEST_MESSAGES.failure);
      await expect(page.getByRole('status')).toHaveText(`${CRM_TEST_MESSAGES.failure}${CRM_TEST_REASONS.unreachable}`);
      await expect(page.getByText(CRM_TEST_MESSAGES.error)).toHaveCount(0);
      // An address we do not call is the url field's mistake.
      await check(page, { url: 'http://10.20.30.40', password: SALESFORCE_USER.password });
      await expect(page.getByText('The CRM address is not a public internet address.')).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await expect(page.getByText(CRM_TEST_MESSAGES.error)).toHaveCount(0);
      // "Error submitting" is for our own server failing.
      await page.route('**/api/crm/test', (route) => route.fulfill({ status: 500, body: '' }));
      await check(page, { url: salesforce.url, password: SALESFORCE_USER.password });
      await expect(page.getByRole('status')).toHaveText(CRM_TEST_MESSAGES.error);
    });
  }

  test('CHECK CRM with empty fields names what is missing and sends nothing', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/test-flow');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/crm/test')) sent.push(r.url());
    });
    await page.getByRole('button', { name: 'Check CRM' }).click();
    await expect(page.getByText('URL is required')).toBeVisible();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page.getByText(CRM_TEST_MESSAGES.error)).toHaveCount(0);
    // Not an address: the same words as the server's, still before any call.
    await page.getByLabel('url').fill('login.salesforce');
    await page.getByRole('button', { name: 'Check CRM' }).click();
    await expect(page.getByText(CRM_URL_MESSAGE)).toBeVisible();
    expect(sent).toEqual([]);
  });
});

test('the CRM page says there is no integration and points to support', async ({ page, request }) => {
  await signInAsSubscribedAdmin(page, request, 'Robin');
  await page.getByRole('navigation').getByText('CRMs').click();
  await expect(page.getByRole('heading', { name: 'You have no CRM integration yet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Salesforce' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hubspot' })).toBeVisible();
  await page.getByRole('button', { name: 'CONTACT SUPPORT' }).click();
  await expect(page.getByRole('dialog', { name: 'CRM integration support' })).toContainText('@');
});
