import { expect, test } from '@playwright/test';

test('the legal and info pages are public and complete', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText(/our card payment provider/)).toBeVisible();
  await expect(page.getByText(/You must be at least 18 years old/)).toBeVisible();
  await expect(page.getByText(/Within 24 hours your data stops being visible/)).toBeVisible();

  await page.getByRole('link', { name: 'User Agreement' }).click();
  await expect(page).toHaveURL(/\/user-agreement$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User Agreement' })).toBeVisible();
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'How do I close my account?' })).toBeVisible();
});

test('sign-up links to the User Agreement and the Privacy Policy', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'User Agreement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Agreement' })).toBeVisible();
});

test("the Download app page shows 'Next step' with QR codes and store links, under the strict CSP", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/download-app');
  await expect(page.getByRole('heading', { name: 'Next step' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code: Download on the App Store link' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code: Get it on Google Play link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
    'href',
    'https://apps.apple.com/us/search?term=LeadCircle',
  );
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
    'href',
    'https://play.google.com/store/search?q=LeadCircle&c=apps',
  );
  expect(violations).toEqual([]);
});
