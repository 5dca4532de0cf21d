import { expect, test } from '@playwright/test';

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Page not found')).toBeVisible();
  // A button to look at, a link to the redirect route underneath.
  await page.getByRole('link', { name: 'Go Home' }).click();
  // Home is the redirect route, which sends a signed-out visitor to sign in.
  await expect(page).toHaveURL(/\/signin$/);
});

test('the root goes to sign in for a signed-out visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('pages run under the strict Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.goto('/signin');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});
