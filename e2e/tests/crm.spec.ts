import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { signInThroughForm } from '../support/accounts.js';
import { createAdmin } from '../support/admins.js';
import { subscribeThroughApi } from '../support/billing.js';
import { createGroupThroughApi, uniqueGroupName } from '../support/groups.js';
import { createLeadThroughApi } from '../support/leads.js';
import { expectFits, PHONE } from '../support/phone.js';

// Sending leads to the CRM: an admin connects Salesforce through its (local) login page, the OAuth callback
// brings them back, and SEND TO SALESFORCE on a lead becomes a Salesforce Lead whose link the page shows,
// live, when the background job has sent it. The global setup runs the local Salesforce (apps/server/test/local-crm.ts).

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await signInThroughForm(page, email, password);
  await expect(page).not.toHaveURL(/\/signin$/);
}

test('an admin connects Salesforce on its login page, sends a lead, and sees its link (1366 and 390 px)', async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const admin = await createAdmin(request, 'Sasha');
  await subscribeThroughApi(request, admin.accessToken, admin.email);
  const groupId = await createGroupThroughApi(request, admin.accessToken, {
    name: uniqueGroupName('Sasha'),
    privateCode: 'crm-circle-code',
  });
  const leadId = await createLeadThroughApi(request, admin.accessToken, groupId);

  await signInAs(page, admin.email, admin.password);
  await page.goto('/admin/crms');
  await expect(page.getByRole('heading', { level: 1, name: 'You have no CRM integration yet' })).toBeVisible();
  await page.getByRole('button', { name: 'CONNECT SALESFORCE' }).click();

  // Salesforce's login page (the local one).
  await expect(page.getByRole('heading', { name: 'Login | Salesforce' })).toBeVisible();
  await page.getByLabel('Username').fill('ada@acme.example');
  await page.getByLabel('Password').fill('S3cret-Pass');
  await page.getByRole('button', { name: 'Log In' }).click();

  // Back through the callback to the CRM page, connected.
  await expect(page).toHaveURL(/\/admin\/crms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your CRM integration is set up' })).toBeVisible();
  await expect(page.getByText('ada@acme.example')).toBeVisible();
  await expect(page.getByRole('button', { name: 'DISCONNECT' })).toBeVisible();
  // Checked with the "Salesforce is connected." toast showing: the success toast's white on green keeps 4.5:1.
  // The pointer on it holds it open (notistack pauses its hiding).
  await page.getByText('Salesforce is connected.').hover();
  await expectAccessible(page, 'CRM page, connected, at 1366');

  const leadPath = `/groups/${groupId}/leads/${leadId}`;
  await page.goto(leadPath);
  await page.getByRole('button', { name: 'SEND TO SALESFORCE' }).click();
  const link = page.getByRole('link', { name: 'In Salesforce' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(link).toHaveAttribute('href', /\/lightning\/r\/Lead\/00Q\w+\/view$/);
  await expect(page.getByRole('button', { name: 'SEND TO SALESFORCE AGAIN' })).toBeEnabled();
  await expectAccessible(page, 'lead page with its Salesforce link, at 1366');

  const phone = await browser.newContext({ ...PHONE });
  const small = await phone.newPage();
  await signInAs(small, admin.email, admin.password);
  await small.goto(leadPath);
  await expect(small.getByRole('link', { name: 'In Salesforce' })).toBeVisible();
  await expectFits(small, 'lead page with its Salesforce link');
  await small.goto('/admin/crms');
  await expect(small.getByText('ada@acme.example')).toBeVisible();
  await expectFits(small, 'CRM page, connected');
  await expectAccessible(small, 'CRM page, connected, at 390');
  await phone.close();
});
