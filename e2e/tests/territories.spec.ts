import { expect, test } from '@playwright/test';
import { signInThroughForm } from '../support/accounts.js';
import { createAdmin } from '../support/admins.js';
import { subscribeThroughApi } from '../support/billing.js';
import { createGroupThroughApi, createPayingAccount, joinGroupThroughApi, uniqueGroupName } from '../support/groups.js';
import { createLeadThroughApi, LEAD, LEAD_NAME } from '../support/leads.js';

// Territories (our design): an admin draws a territory from US states and assigns a user; that user
// sees it on /territory with the leads of their groups inside it, on a map, and hears of new ones there.

test('an admin defines a territory and the person covering it sees their groups’ leads inside', async ({
  page,
  request,
}) => {
  const admin = await createAdmin(request, 'Taylor');
  await subscribeThroughApi(request, admin.accessToken, admin.email);
  const groupName = uniqueGroupName('East');
  const groupId = await createGroupThroughApi(request, admin.accessToken, {
    name: groupName,
    privateCode: 'territory-42',
  });
  await createLeadThroughApi(request, admin.accessToken, groupId);

  await page.goto('/signin');
  await signInThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/manage-users$/);

  // Territories is in an admin's menu; My territory only once they cover one.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'My territory' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Territories' }).click();
  await expect(page).toHaveURL(/\/manage-territories$/);
  await expect(page.getByRole('heading', { name: 'Territories', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'ADD TERRITORY' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add territory' });
  // Saved without an area: the server's message shows.
  await dialog.getByLabel('Name').fill('East Coast');
  await dialog.getByRole('button', { name: 'SAVE' }).click();
  await expect(dialog.getByText('Choose at least one state or ZIP prefix')).toBeVisible();
  await dialog.getByLabel('States').fill('New Y');
  await page.getByRole('option', { name: 'New York (NY)' }).click();
  await dialog.getByLabel('ZIP prefixes').fill('021, 022');
  // The business's people are searched on the server as the admin types.
  await dialog.getByLabel('Users').fill('taylor');
  await page.getByRole('option', { name: 'Taylor Admin' }).click();
  await dialog.getByRole('button', { name: 'SAVE' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Territories' }).getByRole('row').filter({ hasText: 'East Coast' });
  await expect(row).toContainText('NY, ZIP 021xx, ZIP 022xx');
  await expect(row).toContainText('Taylor Admin');

  // Covering it now, the admin finds My territory in the menu.
  await menu.getByRole('link', { name: 'My territory' }).click();
  await expect(page).toHaveURL(/\/territory$/);
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/territory');
    await expect(page.getByRole('heading', { name: 'My territory' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'East Coast: NY' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Territory map' })).toBeVisible();
    const leads = page.getByRole('list', { name: 'Leads in your territory' });
    await expect(leads).toContainText(`${LEAD_NAME} — ${LEAD.company}`);
    await expect(leads).toContainText('New York, NY 10118');
  }

  // A lead another member gives in New York lands in the inbox of the person covering it, saying so.
  await page.setViewportSize({ width: 1366, height: 900 });
  const giver = await createPayingAccount(request, 'Gil');
  await joinGroupThroughApi(request, giver.accessToken, { name: groupName, privateCode: 'territory-42' });
  await createLeadThroughApi(request, giver.accessToken, groupId);
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole('menu', { name: 'Notifications' })).toContainText('in your territory');
});
