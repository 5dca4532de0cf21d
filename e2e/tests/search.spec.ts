import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { signIn } from '../support/accounts.js';
import { createGroupThroughApi, createPayingAccount, uniqueGroupName } from '../support/groups.js';
import { createLeadThroughApi, LEAD, LEAD_NAME } from '../support/leads.js';
import { expectFits, PHONE } from '../support/phone.js';

// Search everywhere from the top bar, by keyboard alone: `/` focuses it, typing lists what the caller may
// see under a heading per kind with the match marked, the arrows move, Enter opens the lead.

async function searchByKeyboardOpensTheLead(page: Page, request: Parameters<typeof createPayingAccount>[0]) {
  const owner = await createPayingAccount(request, 'Sage');
  const groupId = await createGroupThroughApi(request, owner.accessToken, {
    name: uniqueGroupName('Finder'),
    privateCode: 'search-circle',
  });
  const leadId = await createLeadThroughApi(request, owner.accessToken, groupId);
  await signIn(page, owner.email, owner.password);
  await page.goto('/activities');
  // The shell is up: the box on a wide screen, its icon on a phone.
  const box = page.getByRole('combobox', { name: 'Search everywhere' });
  await expect(box.or(page.getByRole('button', { name: 'Search', exact: true }))).toBeVisible();

  // `/` from the page (not in a field) lands in the search box.
  await page.locator('body').press('/');
  await expect(box).toBeFocused();
  await page.keyboard.type(`${LEAD.firstName.toLowerCase()} ${LEAD.lastName.slice(0, 3)}`);

  const results = page.getByRole('listbox', { name: 'Search results' });
  const leads = results.getByRole('group', { name: 'Leads' });
  const option = leads.getByRole('option', { name: new RegExp(LEAD_NAME) });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(option.locator('mark')).toHaveText([LEAD.firstName, LEAD.lastName.slice(0, 3)]);
  await expect(results.getByRole('option', { name: 'See all results' })).toBeVisible();

  await expectAccessible(page, 'the search with its results');

  await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  return { option, groupId, leadId, box };
}

test('the shell search by keyboard alone opens a lead (1366 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { groupId, leadId } = await searchByKeyboardOpensTheLead(page, request);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/groups/${groupId}/leads/${leadId}$`));
  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeHidden();
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the shell search by keyboard alone opens a lead (390 px)', async ({ page, request }) => {
    const { groupId, leadId } = await searchByKeyboardOpensTheLead(page, request);
    await expectFits(page, 'the search with its results');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/groups/${groupId}/leads/${leadId}$`));
    // The bar is back: the search is an icon again.
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  });

  test('Escape closes the search; See all opens the results page', async ({ page, request }) => {
    const { box } = await searchByKeyboardOpensTheLead(page, request);
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('option', { name: 'See all results' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=avery\+Buy$/);
    await expect(page.getByRole('heading', { name: 'Leads', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(LEAD_NAME) })).toBeVisible();
    await expectFits(page, '/search');
    await expectAccessible(page, '/search');
    await page.locator('body').press('Control+k');
    await expect(box).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(box).toBeHidden();
  });
});
