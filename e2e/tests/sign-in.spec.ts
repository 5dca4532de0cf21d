import { expect, test } from '@playwright/test';
import { createConfirmedAccount, signInThroughForm } from '../support/accounts.js';

test('a person signs in, moves through the menu and signs out', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Robin');
  await page.goto('/signin');
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/activities$/);
  await expect(page.getByText('Robin Rivera')).toBeVisible();

  await page.getByRole('link', { name: 'Manage Groups' }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await page.getByRole('link', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // Signed out: a protected page sends the visitor to sign in.
  await page.goto('/activities');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a wrong password is refused in a snackbar without saying whether the address exists', async ({
  page,
  request,
}) => {
  const account = await createConfirmedAccount(request, 'Casey');
  await page.goto('/signin');
  await signInThroughForm(page, account.email, 'Wrong-password-1');
  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await signInThroughForm(page, 'nobody.here@example.com', 'Wrong-password-1');
  await expect(page.getByText('The e-mail or password is incorrect.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('a protected address opened while signed out comes back after signing in', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Jordan');
  await page.goto('/my-settings/profile');
  await expect(page).toHaveURL(/\/signin$/);
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/my-settings\/profile$/);
});

test('a signed-in person opening sign in is sent on', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Alex');
  await page.goto('/signin');
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/activities$/);
  for (const path of ['/signin', '/signup', '/forgot-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/activities$/);
  }
});
