import crypto from 'node:crypto';
import { STORAGE_KEYS } from '@leadcircle/shared';
import { expect, test } from '@playwright/test';
import { SignJWT } from 'jose';
import { createConfirmedAccount, signInThroughForm, storedTokens } from '../support/accounts.js';
import { E2E_JWT_SECRET } from '../support/env.js';

test('an expired access token is refreshed without the person noticing', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Quinn');
  await page.goto('/signin');
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/activities$/);
  // Leave the app for a same-origin page that runs none of its code before tampering with the token:
  // a call still on its way from the app page would meet the expired token, and its refresh, cut off
  // by the next navigation, would leave the browser holding a rotated refresh token, which the
  // server rightly treats as reuse.
  await page.goto('/api/health');
  const before = await storedTokens(page);
  const userId = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId);

  // The same kind of token the server issues, but expired a minute ago.
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ typ: 'access', sid: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer('leadcircle')
    .setIssuedAt(now - 16 * 60)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
  await page.evaluate(([key, token]) => localStorage.setItem(key!, token!), [STORAGE_KEYS.accessToken, expired]);

  // The app refreshes and reloads itself as it starts, possibly before the first load completes.
  await page.goto('/my-settings/profile', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/my-settings\/profile$/);
  await expect(page.getByText('Quinn Rivera')).toBeVisible();
  const after = await storedTokens(page);
  expect(after.access).not.toBe(expired);
  expect(after.refresh).not.toBe(before.refresh);
});
