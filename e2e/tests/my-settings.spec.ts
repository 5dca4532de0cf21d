import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@leadcircle/shared';
import { expect, type Page, test } from '@playwright/test';
import { createConfirmedAccount, signInThroughForm } from '../support/accounts.js';

const portrait = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/portrait.jpg');

async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.goto('/signin');
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/activities$/);
}

const shell = (page: Page) => page.getByRole('banner');

test('a person edits their profile and sees the new name in the shell', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Dana');
  await signInAs(page, account);
  await expect(shell(page).getByText('Dana Rivera')).toBeVisible();

  await page.getByRole('link', { name: 'My Settings' }).click();
  await expect(page).toHaveURL(/\/my-settings\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile information' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');

  // A rule first: the spec's message, nothing sent.
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(MESSAGES.firstNameRequired)).toBeVisible();

  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Hart');
  await page.getByLabel('Company').fill('Northwind Traders');
  await page.getByLabel('Title').fill('Account Executive');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(MESSAGES.profileUpdated)).toBeVisible();
  await expect(shell(page).getByText('Robin Hart')).toBeVisible();
  await expect(shell(page).getByRole('img', { name: 'Robin Hart' })).toHaveText('R');

  // Stored: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('Company')).toHaveValue('Northwind Traders');
  await expect(shell(page).getByText('Robin Hart')).toBeVisible();
});

test('a person uploads a picture and sees it in the shell', async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const account = await createConfirmedAccount(request, 'Avery');
  await signInAs(page, account);
  await expect(shell(page).getByRole('img', { name: 'Avery Rivera' })).toHaveText('A');

  await page.goto('/my-settings/profile');
  await page.locator('input[type=file]').setInputFiles(portrait);
  await expect(page.getByText(MESSAGES.avatarUploaded)).toBeVisible();

  const inShell = shell(page).getByRole('img', { name: 'Avery Rivera' });
  await expect(inShell).toHaveAttribute('src', /^\/api\/avatars\/\d+\/[A-Za-z0-9_-]+\.webp$/);
  // Loaded (same origin, allowed by the CSP), and re-encoded to 256 × 256.
  await expect
    .poll(() => inShell.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`))
    .toBe('256x256');
  await expect(page.getByRole('main').getByRole('img', { name: 'Avery Rivera' })).toHaveAttribute(
    'src',
    (await inShell.getAttribute('src'))!,
  );

  // After a reload too, and the picture can be removed again.
  await page.reload();
  await expect(shell(page).getByRole('img', { name: 'Avery Rivera' })).toHaveAttribute('src', /\/api\/avatars\//);
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText(MESSAGES.avatarRemoved)).toBeVisible();
  await expect(shell(page).getByRole('img', { name: 'Avery Rivera' })).toHaveText('A');
  expect(violations).toEqual([]);
});

test('a file that is not a picture is refused with a clear message', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Casey');
  await signInAs(page, account);
  await page.goto('/my-settings/profile');
  await page.locator('input[type=file]').setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByText(MESSAGES.avatarUnsupportedType)).toBeVisible();
  await expect(shell(page).getByRole('img', { name: 'Casey Rivera' })).toHaveText('C');
});

test('the settings dialog at /settings changes the name and says so', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Jordan');
  await signInAs(page, account);
  await page.goto('/settings');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Jordan Rivera');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly', '');
  await dialog.getByLabel('Name').fill('Jordan Lee Parker');
  await dialog.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(MESSAGES.settingsUpdated)).toBeVisible();
  await expect(shell(page).getByText('Jordan Lee Parker')).toBeVisible();
});

test('the notifications page keeps the e-mail switch', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Riley');
  await signInAs(page, account);
  await page.goto('/my-settings/notifications');
  // On for a new account; turned off, the new-lead choice greys out; both kept across a reload.
  const emailSwitch = page.getByRole('switch', { name: 'Email notifications' });
  await expect(emailSwitch).toBeChecked();
  await page.getByRole('radio', { name: 'Once a day, in a digest' }).check();
  await expect(page.getByText(MESSAGES.notificationsUpdated)).toBeVisible();
  await emailSwitch.click();
  await expect(page.getByRole('radio', { name: 'Never' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Once a day, in a digest' })).toBeChecked();
  await expect(page.getByText('You are not in any group yet')).toBeVisible();
  await expect(page.getByText('No opportunity yet')).toBeVisible();

  await page.getByRole('link', { name: 'Privacy', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Privacy Policy', selected: true })).toBeVisible();
  await expect(page.getByText(/Card payments are processed by Stripe/)).toBeVisible();
  await page.getByRole('tab', { name: 'User Agreement' }).click();
  await expect(page).toHaveURL(/\/my-settings\/terms-of-use$/);
});

test('a person requests account deletion, is signed out, and cannot sign in again', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Morgan');
  await signInAs(page, account);
  await page.goto('/my-settings/profile');

  await page.getByRole('button', { name: 'REQUEST ACCOUNT DELETION' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm.getByText(MESSAGES.accountDeletionWarning)).toBeVisible();
  await confirm.getByRole('button', { name: 'DELETE MY ACCOUNT' }).click();

  await expect(page.getByText(MESSAGES.accountDeletionRequested)).toBeVisible();
  // Signed out a moment later (SIGNOUT_AFTER_DELETION_MS), not at once.
  await expect(page).toHaveURL(/\/my-settings\/profile$/);
  await expect(page).toHaveURL(/\/signin$/, { timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  await signInThroughForm(page, account.email, account.password);
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});
