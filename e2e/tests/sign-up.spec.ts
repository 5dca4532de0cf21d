import { MESSAGES } from '@leadcircle/shared';
import { expect, test } from '@playwright/test';
import { PASSWORD } from '../support/accounts.js';
import { uniqueEmail, waitForMail } from '../support/mailbox.js';

test('a person signs up, confirms from the e-mail and lands on the activities page', async ({ page }) => {
  const email = uniqueEmail('new');
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Morgan');
  await page.getByLabel('Last name').fill('Blake');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password confirmation').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText(MESSAGES.signupSuccess).first()).toBeVisible();

  const mail = await waitForMail(email, /Confirm your LeadCircle account/);
  expect(mail.link).toContain('/email?action=SIGNUP_CONFIRMATION&token=');
  await page.goto(mail.link);
  await expect(page.getByText(MESSAGES.confirmationSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/activities$/, { timeout: 15_000 });
  await expect(page.getByText('Morgan Blake')).toBeVisible();
});

test('sign-up shows the spec messages for a bad form', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Password confirmation').fill('different');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText(MESSAGES.firstNameRequired)).toBeVisible();
  await expect(page.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await expect(page.getByText(MESSAGES.atLeast(8))).toBeVisible();
  await expect(page.getByText(MESSAGES.signupPasswordsMismatch)).toBeVisible();
});
