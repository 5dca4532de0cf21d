import { MESSAGES } from '@leadcircle/shared';
import { expect, test } from '@playwright/test';
import { createConfirmedAccount, signInThroughForm } from '../support/accounts.js';
import { waitForMail } from '../support/mailbox.js';

test('forgot password: the e-mailed link sets a new password and signs the person in', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Taylor');
  await page.goto('/signin');
  await page.getByRole('link', { name: 'I forgot my password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(page.getByText(MESSAGES.forgotPasswordSuccess)).toBeVisible();

  const mail = await waitForMail(account.email, /Reset your LeadCircle password/);
  await page.goto(mail.link);
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-7');
  await page.getByLabel('Confirm new password').fill('Brand-New-Pass-7');
  await page.getByRole('button', { name: 'REST PASSWORD' }).click();
  await expect(page).toHaveURL(/\/activities$/);

  // The new password is the one that works now.
  await page.goto('/signout');
  await expect(page).toHaveURL(/\/signin$/);
  await signInThroughForm(page, account.email, account.password);
  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await signInThroughForm(page, account.email, 'Brand-New-Pass-7');
  await expect(page).toHaveURL(/\/activities$/);
});

test('on a slow connection, I forgot my password shows its page or its spinner at once, never the sign-in form under the new address', async ({
  page,
  request,
}) => {
  const account = await createConfirmedAccount(request, 'Robin');
  // The page's chunk takes a second and a half, as on a slow phone network.
  await page.route(/\/assets\/auth-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/signin');
  await page.getByRole('link', { name: 'I forgot my password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // At once, not after a wait: the sign-in form is gone as soon as the address has changed.
  expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);
  // Typed as soon as the address changed: into the forgot-password form, once it is there.
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(page.getByText(MESSAGES.forgotPasswordSuccess)).toBeVisible();
});
