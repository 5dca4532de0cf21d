import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { callAs, createGroupThroughApi, createPayingAccount, uniqueGroupName } from '../support/groups.js';
import { delayRequests, layoutShiftTotal, recordLayoutShifts } from '../support/layout-shift.js';
import { expectFits, PHONE } from '../support/phone.js';

// The lead list's search, filters and sort live in the address: a filtered list survives a reload and
// Back returns to it, on a desktop and on a phone.

const GROUP_CODE = 'lead-circle-code';

const leadBody = (groupId: number, first: string, last: string, company: string, state: string, city: string) => ({
  group_id: groupId,
  lead: {
    lead_id: 0,
    first_name: first,
    last_name: last,
    title: 'Buyer',
    company,
    email: `${last.length}${first.length}.${company.split(' ')[0]!.toLowerCase()}@leads.example`,
    address: { street_one: '1 Main Street', city, state_abbrv: state, postal: state === 'CA' ? '94105' : '10118' },
  },
});

async function filteredListSurvivesReload(page: Page, request: Parameters<typeof createPayingAccount>[0]) {
  const owner = await createPayingAccount(request, 'Olive');
  const groupId = await createGroupThroughApi(request, owner.accessToken, {
    name: uniqueGroupName('Olive'),
    privateCode: GROUP_CODE,
  });
  for (const [first, last, company, state, city] of [
    ['José', 'Núñez', 'Acme Corp', 'CA', 'San Francisco'],
    ['Ada', 'Lovelace', 'Acme Corp', 'NY', 'New York'],
    ['Grace', 'Hopper', 'Globex', 'CA', 'San Francisco'],
  ] as const) {
    await callAs(request, owner.accessToken, '/lead/create', leadBody(groupId, first, last, company, state, city));
  }
  await signIn(page, owner.email, owner.password);
  await page.goto(`/groups/${groupId}/leads`);
  const table = page.getByRole('table', { name: 'Group leads' });
  await expect(table.getByText('Grace Hopper')).toBeVisible();

  // Typed without its accent and cut short; then the State chip, by keyboard.
  await page.getByRole('searchbox', { name: 'Search leads' }).fill('acm');
  await expect(page).toHaveURL(/\?q=acm$/);
  await expect(table.getByText('Grace Hopper')).toBeHidden();
  await page.getByRole('button', { name: 'State filter' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'California (CA)' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?q=acm&state=CA$/);
  await expect(table.getByText('José Núñez')).toBeVisible();
  await expect(table.getByText('Ada Lovelace')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '1 lead matches' })).toBeVisible();
  await expectFits(page, 'the filtered lead list');

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search leads' })).toHaveValue('acm');
  await expect(page.getByRole('button', { name: /^State filter: CA/ })).toBeVisible();
  await expect(table.getByText('José Núñez')).toBeVisible();
  await expect(table.getByText('Ada Lovelace')).toBeHidden();

  // Open the lead, come Back: the same list.
  await table.getByText('José Núñez').click();
  await expect(page).toHaveURL(/\/leads\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?q=acm&state=CA$/);
  await expect(table.getByText('José Núñez')).toBeVisible();
  await expect(table.getByText('Ada Lovelace')).toBeHidden();
}

test('a filtered lead list survives a reload and Back at 1366 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await filteredListSurvivesReload(page, request);
});

test.describe('on a phone', () => {
  test.use(PHONE);
  test('a filtered lead list survives a reload and Back at 390 px', async ({ page, request }) => {
    await filteredListSurvivesReload(page, request);
  });
});

// The search and filters come as code of their own: on a slow connection the list must not be drawn first and
// then pushed down by them (a layout shift, which Lighthouse counted against the page).
test.describe('on a phone, with the toolbar’s code slow to come', () => {
  test.use({ ...PHONE, serviceWorkers: 'block' });
  test('the lead list does not move when its search and filters arrive', async ({ page, request }) => {
    const owner = await createPayingAccount(request, 'Steady');
    const groupId = await createGroupThroughApi(request, owner.accessToken, {
      name: uniqueGroupName('Steady'),
      privateCode: GROUP_CODE,
    });
    for (let i = 1; i <= 12; i++) {
      await callAs(
        request,
        owner.accessToken,
        '/lead/create',
        leadBody(groupId, `Lead${i}`, 'Steady', 'Acme Corp', 'CA', 'San Francisco'),
      );
    }
    await signIn(page, owner.email, owner.password);
    await delayRequests(page, /\/assets\/lead-list-toolbar-[^/]*\.js$/, 1500);
    await recordLayoutShifts(page);
    await page.goto(`/groups/${groupId}/leads`);
    await expect(page.getByRole('table', { name: 'Group leads' }).getByText('Lead12 Steady')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search leads' })).toBeVisible();
    const shifted = await layoutShiftTotal(page);
    expect(shifted).toBeLessThan(0.01);
  });
});
