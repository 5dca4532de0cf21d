import { MESSAGES } from '@leadcircle/shared';
import { expect, type Page, test } from '@playwright/test';
import { createConfirmedAccount, signInThroughForm } from '../support/accounts.js';
import { waitForMessage } from '../support/mailbox.js';

// The server's default SUPPORT_EMAIL: global-setup does not set one.
const SUPPORT_EMAIL = 'support@leadcircle.app';

async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.goto('/signin');
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/activities$/);
}

test('a person sends feedback from the menu and it reaches the support address by SMTP', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Quinn');
  await signInAs(page, account);

  await page.getByRole('button', { name: 'Send Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText(MESSAGES.feedbackSubjectRequired)).toBeVisible();

  const subject = `Lead export ${Date.now()}`;
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Please add a CSV export of my leads.\nThank you!');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(MESSAGES.feedbackSent)).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await waitForMessage(SUPPORT_EMAIL, new RegExp(`^Feedback: ${subject}$`));
  expect(mail.text).toContain('Please add a CSV export of my leads.');
  expect(mail.text).toContain(account.email);
  expect(mail.text).toContain('Quinn Rivera');
});

test('/send-feedback opens the feedback dialog, and Help gives the support address', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Sage');
  await signInAs(page, account);
  await page.goto('/send-feedback');
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog.getByLabel('Subject')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  await help.getByRole('link', { name: 'frequently asked questions' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
});
