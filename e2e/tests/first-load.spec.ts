import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { groupRoomId, sendThroughApi } from '../support/chat.js';
import { createGroupThroughApi, createPayingAccount, uniqueGroupName } from '../support/groups.js';
import { createLeadThroughApi, leadRow } from '../support/leads.js';

// The first load of a group's lead list, as a person opening a link to it: its data comes with its
// files, and what can wait (snackbars, the realtime channel's client) is asked for after the page has
// painted. Read from the page's own performance timeline, in a fresh browser (an empty HTTP cache).

// Most visitors' first page: what it loads until the network is idle, not only its first-load set.
const SIGN_IN_BUDGET_KB = 150;

// As `npm start` serves it (no social sign-in), as this suite's server does (LinkedIn), and with all three
// providers: their buttons and the "or" divider load too. Google's and Apple's own scripts come from the
// internet, where these tests never go: the page's JavaScript is what is measured.
const NO_PROVIDERS = { google: null, apple: null, linkedin: false };
const ALL_PROVIDERS = { google: { clientId: 'e2e-google' }, apple: { clientId: 'e2e-apple' }, linkedin: true };
const SIGN_IN_SETUPS = [
  { name: 'with no social sign-in configured', providers: NO_PROVIDERS, buttons: [] },
  { name: "with this suite's social sign-in (LinkedIn)", providers: undefined, buttons: ['LinkedIn'] },
  {
    name: 'with Google, Apple and LinkedIn configured',
    providers: ALL_PROVIDERS,
    buttons: ['LinkedIn', 'Apple', 'Google'],
  },
];

for (const { name, providers, buttons } of SIGN_IN_SETUPS) {
  test(`the sign-in page loads at most 150 KB of JavaScript (as sent, brotli) until the network is idle, ${name}`, async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(/^https:\/\/(accounts\.google\.com|appleid\.cdn-apple\.com)\//, (route) => route.abort());
    if (providers) {
      await page.route('**/api/client-config', async (route) => {
        const answer = await route.fetch();
        const config = await answer.json();
        await route.fulfill({ response: answer, json: { ...config, providers } });
      });
    }
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    for (const provider of buttons) {
      await expect(page.getByRole('button', { name: `Sign in with ${provider}` })).toBeVisible();
    }
    await expect(page.getByRole('separator')).toHaveCount(buttons.length > 0 ? 1 : 0);
    await page.waitForLoadState('networkidle');
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize })),
    );
    // A file fetched twice (a prefetch, then its import) is downloaded once.
    const files = new Map(scripts.map((s) => [s.path, s.bytes]));
    const kb = [...files.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
    const list = [...files].map(([path, bytes]) => `${path} ${(bytes / 1024).toFixed(1)} KB`).join('\n');
    expect(kb, list).toBeGreaterThan(50);
    expect(kb, list).toBeLessThanOrEqual(SIGN_IN_BUDGET_KB);
    await context.close();
  });
}

/** A paying owner of a new group, signed in: the session a fresh browser (an empty HTTP cache) opens pages with. */
async function signedInOwnerOfGroup(page: Page, request: APIRequestContext, firstName: string) {
  const owner = await createPayingAccount(request, firstName);
  const groupId = await createGroupThroughApi(request, owner.accessToken, {
    name: uniqueGroupName(firstName),
    privateCode: 'lead-circle-code',
  });
  await signIn(page, owner.email, owner.password);
  return { owner, groupId, storage: await page.context().storageState() };
}

test("a group's lead list opened afresh asks for its leads once and for what can wait after it has painted", async ({
  browser,
  page,
  request,
}) => {
  const { owner, groupId, storage } = await signedInOwnerOfGroup(page, request, 'Olive');
  await createLeadThroughApi(request, owner.accessToken, groupId);

  const fresh = await browser.newContext({ storageState: storage });
  const list = await fresh.newPage();
  await list.goto(`/groups/${groupId}/leads`);
  await expect(leadRow(list)).toBeVisible();

  const late = [/^\/assets\/snackbar-host-[\w-]+\.js$/, /^\/assets\/socket\.io\.esm\.min-[\w-]+\.js$/];
  const timeline = () =>
    list.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      requests: performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    }));
  await expect
    .poll(async () => {
      const { requests } = await timeline();
      return late.every((file) => requests.some((r) => file.test(r.path)));
    })
    .toBe(true);
  const { firstPaint, requests } = await timeline();

  expect(firstPaint).toBeDefined();
  expect(requests.filter((r) => r.path === '/api/lead/list')).toHaveLength(1);
  for (const file of late) {
    const request = requests.find((r) => file.test(r.path));
    expect(request?.start, String(file)).toBeGreaterThan(firstPaint ?? Number.POSITIVE_INFINITY);
  }
  await fresh.close();
});

test("a group's Messages tab opened afresh asks for its room and its messages once each, beside its files", async ({
  browser,
  page,
  request,
}) => {
  const { owner, groupId, storage } = await signedInOwnerOfGroup(page, request, 'Mara');
  const roomId = await groupRoomId(request, owner.accessToken, groupId);
  await sendThroughApi(request, owner.accessToken, roomId, 'Who takes the Harbor visit on Tuesday?');

  const fresh = await browser.newContext({ storageState: storage });
  const tab = await fresh.newPage();
  const calls: string[] = [];
  tab.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/chat/')) calls.push(path);
  });
  await tab.goto(`/groups/${groupId}/messages`);
  await expect(tab.getByText('Who takes the Harbor visit on Tuesday?')).toBeVisible();
  // The room's own code was asked for by the page's first script, not after the app had run.
  const preloaded = await tab.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname),
  );
  expect(preloaded.some((path) => /^\/assets\/chat-[\w-]+\.js$/.test(path))).toBe(true);
  await tab.waitForLoadState('networkidle');
  expect(calls.filter((path) => path === '/api/chat/room/list')).toHaveLength(1);
  expect(calls.filter((path) => path === '/api/chat/message/list')).toHaveLength(1);
  expect(calls).not.toContain('/api/chat/room/get');
  await fresh.close();
});

test('signed-in first pages load none of the contract schemas (zod) until a form needs them', async ({
  browser,
  page,
  request,
}) => {
  const { owner, groupId, storage } = await signedInOwnerOfGroup(page, request, 'Zora');
  await createLeadThroughApi(request, owner.accessToken, groupId);

  for (const address of ['/activities', `/groups/${groupId}/leads`, `/groups/${groupId}/messages`]) {
    const fresh = await browser.newContext({ storageState: storage });
    const tab = await fresh.newPage();
    const scripts: { path: string; text: string }[] = [];
    tab.on('response', async (response) => {
      const path = new URL(response.url()).pathname;
      if (path.endsWith('.js')) scripts.push({ path, text: await response.text() });
    });
    await tab.goto(address);
    await tab.waitForLoadState('networkidle');
    // What loads after the first paint (the realtime client, this device's push report) is in by then.
    await expect.poll(() => scripts.length).toBeGreaterThan(5);
    const withZod = scripts.filter((script) => script.text.includes('ZodError')).map((script) => script.path);
    expect(withZod, address).toHaveLength(0);
    await fresh.close();
  }
});
