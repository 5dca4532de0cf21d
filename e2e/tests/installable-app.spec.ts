import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { createGroupThroughApi, createPayingAccount, uniqueGroupName } from '../support/groups.js';
import { createLeadThroughApi, leadRow } from '../support/leads.js';
import { expectFits, PHONE } from '../support/phone.js';

// The built service worker the e2e server serves (the app's own dist folder).
const SERVICE_WORKER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/sw.js');

// The installable app: Chromium's own installability check passes on the built app, and the
// service worker controls the page once it is up. Chromium never offers installation in an incognito
// window, which Playwright's usual contexts are: this test runs in a profile of its own on disk.

test('the manifest and service worker make the app installable', async ({ baseURL, launchOptions }) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/signin');
    // The worker is registered after the first paint; wait until it controls a page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      name: 'LeadCircle',
      short_name: 'LeadCircle',
      start_url: '/activities',
      display: 'standalone',
    });
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.shortcuts.map((s: { name: string }) => s.name)).toEqual(['New lead', 'Chat']);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('offline, the app opens from the service worker, says so, and shows the lead list loaded last', async ({
  page,
  context,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Ofelia');
  const groupId = await createGroupThroughApi(request, owner.accessToken, {
    name: uniqueGroupName('Offline'),
    privateCode: 'offline-code',
  });
  await createLeadThroughApi(request, owner.accessToken, groupId);
  await signIn(page, owner.email, owner.password);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto(`/groups/${groupId}/leads`);
  await expect(leadRow(page)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('status').filter({ hasText: 'You are offline — showing what was loaded last' }),
  ).toBeVisible();
  await expect(leadRow(page)).toBeVisible();
  await context.setOffline(false);
});

test('the Download app page on an iPhone at 390 px: Safari’s steps and the store links, all on screen', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    ...PHONE,
    baseURL,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  try {
    const page = await context.newPage();
    await page.goto('/download-app');
    await expect(page.getByRole('heading', { name: 'Install the app' })).toBeVisible();
    await expect(page.getByText('Choose Add to Home Screen.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
    await expectFits(page, '/download-app (iPhone)');
  } finally {
    await context.close();
  }
});

test('a new version of the app waits and says so: "A new version is ready — RELOAD" loads it', async ({ page }) => {
  await page.goto('/signin');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  // A rebuild: the served worker changes by a byte. Restored afterwards, whatever happens.
  const built = fs.readFileSync(SERVICE_WORKER);
  try {
    fs.writeFileSync(SERVICE_WORKER, Buffer.concat([built, Buffer.from(`\n// rebuilt ${Date.now()}\n`)]));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const snackbar = page.getByText('A new version is ready —');
    await expect(snackbar).toBeVisible();
    await expect(page.getByRole('button', { name: 'RELOAD' })).toBeVisible();

    // RELOAD: the waiting worker takes over and the page loads again under it.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'RELOAD' }).click();
    await reloaded;
    await expect(snackbar).toBeHidden();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(before);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null)))
      .toBeNull();
  } finally {
    fs.writeFileSync(SERVICE_WORKER, built);
  }
});
