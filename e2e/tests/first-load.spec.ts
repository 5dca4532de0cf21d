import { expect, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { createGroupThroughApi, createPayingAccount, uniqueGroupName } from '../support/groups.js';
import { createLeadThroughApi, leadRow } from '../support/leads.js';

// The first load of a group's lead list, as a person opening a link to it: its data comes with its
// files, and what can wait (snackbars, the realtime channel's client) is asked for after the page has
// painted. Read from the page's own performance timeline, in a fresh browser (an empty HTTP cache).

test("a group's lead list opened afresh asks for its leads once and for what can wait after it has painted", async ({
  browser,
  page,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Olive');
  const groupId = await createGroupThroughApi(request, owner.accessToken, {
    name: uniqueGroupName('Olive'),
    privateCode: 'lead-circle-code',
  });
  await createLeadThroughApi(request, owner.accessToken, groupId);
  await signIn(page, owner.email, owner.password);
  const storage = await page.context().storageState();

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
