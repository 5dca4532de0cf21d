import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { callAs, createGroupThroughApi, createPayingAccount, uniqueGroupName } from '../support/groups.js';
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
