import { OPPORTUNITY_MESSAGES } from '@leadcircle/shared';
import { expect as baseExpect, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { createGroupThroughApi, createPayingAccount, joinGroupThroughApi, uniqueGroupName } from '../support/groups.js';
import { delayRequests, layoutShiftTotal, recordLayoutShifts } from '../support/layout-shift.js';
import { createLeadThroughApi, LEAD_NAME } from '../support/leads.js';
import { edgeTouchers, PHONE } from '../support/phone.js';

// The home screen: ACTIVITIES live, RECENT GROUPS, RECENT OPPORTUNITIES, NEW GROUP and NEW OPPORTUNITY.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test('a member submits a lead and the other sees it in ACTIVITIES without a reload', async ({ page, request }) => {
  const owner = await createPayingAccount(request, 'Olive');
  const name = uniqueGroupName('Feed');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: 'feed-circle-code' });
  const member = await createPayingAccount(request, 'Milo');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: 'feed-circle-code' });

  await signIn(page, owner.email, owner.password);
  await page.goto('/activities');
  const feed = page.getByRole('region', { name: 'ACTIVITIES' });
  await expect(feed.getByText(`joined ${name}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'RECENT GROUPS' }).getByRole('link', { name })).toBeVisible();

  // The bell counts the new item from its event: it asks the inbox nothing until it is opened.
  await page.waitForLoadState('networkidle');
  const inboxCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/notification/')) inboxCalls.push(req.url());
  });
  await createLeadThroughApi(request, member.accessToken, groupId);
  const line = feed.getByRole('link', { name: new RegExp(`submitted the lead ${LEAD_NAME}.*in ${name}`) });
  await expect(line).toBeVisible();
  await expect(feed.getByText('just now').first()).toBeVisible();
  // The inbox too: the bell counts it; opening the item marks it read.
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  expect(inboxCalls).toEqual([]);
  await bell.click();
  await page
    .getByRole('menu', { name: 'Notifications' })
    .getByRole('menuitem', { name: new RegExp(`submitted the lead ${LEAD_NAME}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/groups/${groupId}/leads/\\d+$`));
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.goto('/activities');
  await line.click();
  await expect(page).toHaveURL(new RegExp(`/groups/${groupId}/leads/\\d+$`));
});

test('NEW GROUP opens the create wizard; NEW OPPORTUNITY the dialog, whose toast hides after 3 s', async ({
  page,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Nora');
  await signIn(page, owner.email, owner.password);
  await page.goto('/activities');
  await expect(page.getByText('Welcome to LeadCircle')).toBeVisible();
  await page.getByRole('button', { name: 'NEW GROUP' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create group' });
  await expect(wizard).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(wizard).toBeHidden();

  await page.getByRole('button', { name: 'NEW OPPORTUNITY' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Opportunity' });
  const opportunityName = `Home rollout ${Date.now().toString(36)}`;
  await dialog.getByLabel('Name', { exact: true }).fill(opportunityName);
  await dialog.getByLabel('Description', { exact: true }).fill('Three sites, racking and forklifts.');
  await dialog.getByLabel('Street', { exact: true }).fill('350 Fifth Avenue');
  await dialog.getByLabel('ZIP code', { exact: true }).fill('10118');
  await expect(dialog.getByLabel('City', { exact: true })).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  const toast = page.getByText(OPPORTUNITY_MESSAGES.created);
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 6_000 });
  await page.goto('/activities');
  await expect(
    page.getByRole('region', { name: 'RECENT OPPORTUNITIES' }).getByRole('link', { name: opportunityName }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'ACTIVITIES' }).getByText(`created the opportunity ${opportunityName}`),
  ).toBeVisible();
});

test('the bell opens its inbox from the keyboard on a phone; the menu loads only when the bell is used', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE.viewport);
  const person = await createPayingAccount(request, 'Ines');
  const menuFiles: string[] = [];
  page.on('request', (req) => {
    if (/\/assets\/inbox-menu-[^/]*\.js$/.test(new URL(req.url()).pathname)) menuFiles.push(req.url());
  });
  await signIn(page, person.email, person.password);
  await page.goto('/activities');
  await page.waitForLoadState('networkidle');
  expect(menuFiles).toEqual([]);

  // While the menu is open the page behind it is hidden from assistive technology, the bell with it.
  const bell = page.getByRole('button', { name: 'Notifications', exact: true, includeHidden: true });
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  await bell.focus();
  await page.keyboard.press('Enter');
  const inbox = page.getByRole('menu', { name: 'Notifications' });
  await expect(inbox.getByRole('menuitem', { name: 'Nothing new.' })).toBeVisible();
  await expect(inbox.getByRole('menuitem', { name: 'Mark all read' })).toBeDisabled();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  expect(menuFiles).toHaveLength(1);
  await expect(inbox).toBeInViewport({ ratio: 1 });
  // Escape closes it and gives the focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(inbox).toBeHidden();
  await expect(bell).toBeFocused();
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
});

test.describe('on a phone, with the feed slow to come', () => {
  test.use({ ...PHONE, serviceWorkers: 'block' });
  test('the home screen does not move when the feed arrives after the recent groups', async ({ page, request }) => {
    const owner = await createPayingAccount(request, 'Still');
    const name = uniqueGroupName('Still');
    const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: 'still-circle-code' });
    for (let i = 0; i < 20; i++) await createLeadThroughApi(request, owner.accessToken, groupId);
    await signIn(page, owner.email, owner.password);
    await delayRequests(page, '**/api/activity/global', 1500);
    await recordLayoutShifts(page);
    await page.goto('/activities');
    await expect(
      page
        .getByRole('region', { name: 'ACTIVITIES' })
        .getByText(/submitted the lead/)
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'RECENT GROUPS' }).getByRole('link', { name })).toBeAttached();
    const shifted = await layoutShiftTotal(page);
    expect(shifted).toBeLessThan(0.01);
  });
});

test('the home screen fits a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await createPayingAccount(request, 'Pia');
  const name = uniqueGroupName('Phone');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: 'phone-circle-code' });
  await createLeadThroughApi(request, owner.accessToken, groupId);
  await signIn(page, owner.email, owner.password);
  await page.goto('/activities');
  await expect(page.getByRole('region', { name: 'ACTIVITIES' }).getByText(/submitted the lead/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'NEW OPPORTUNITY' })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the home screen keeps the page padding at 1366 px: nothing touches the sidebar, the top bar or an edge', async ({
  page,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Petra');
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, owner.email, owner.password);
  await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'NEW OPPORTUNITY' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await edgeTouchers(page)).toEqual([]);
});
