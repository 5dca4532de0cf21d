import { expect, test } from '@playwright/test';
import { createConfirmedAccount, PASSWORD, signIn, signInThroughForm } from '../support/accounts.js';
import { createAdmin } from '../support/admins.js';
import { subscribeThroughApi } from '../support/billing.js';
import {
  callAs,
  createGroupThroughApi,
  createPayingAccount,
  joinGroupThroughApi,
  uniqueGroupName,
} from '../support/groups.js';
import { createLeadThroughApi } from '../support/leads.js';
import { uniqueEmail } from '../support/mailbox.js';
import { expectFits, misfits, PHONE } from '../support/phone.js';
import { PUBLIC_PATHS } from '../support/screens.js';

// Every built screen and dialog at phone width (390×844): nothing wider than the screen, no table
// column cut off, no cell running into the next, no word of a table broken over two lines, no text
// touching a screen's edge, every dialog wholly on screen.

test.use(PHONE);

const GROUP_CODE = 'phone-width-code';

test('public screens fit a phone', async ({ page }) => {
  for (const path of PUBLIC_PATHS) {
    await page.goto(path);
    await expectFits(page, path);
  }
});

test('a newcomer’s screens and dialogs fit a phone: wizard, join, payment', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Pip');
  await signIn(page, account.email, PASSWORD);
  await expectFits(page, '/activities');
  await page.goto('/groups');
  await expectFits(page, '/groups');

  await page.getByRole('button', { name: 'CREATE GROUP' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create group' });
  await expect(wizard).toBeVisible();
  await expectFits(page, 'create group wizard, step 1');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Group name').fill(uniqueGroupName('Pip'));
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByLabel('Group password')).toBeVisible();
  await expectFits(page, 'create group wizard, step 3');
  await wizard.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'JOIN GROUP' }).click();
  const join = page.getByRole('dialog', { name: 'Join group' });
  await expect(join).toBeVisible();
  await expectFits(page, 'join dialog');
  await join.getByLabel('Group name').fill('Somebody else’s circle');
  await join.getByLabel('Group password').fill('whatever-code');
  await join.getByRole('button', { name: 'Join' }).click();
  const payment = page.getByRole('dialog', { name: 'Subscribe' });
  await expect(payment).toBeVisible();
  await expectFits(page, 'payment dialog');
  await page.keyboard.press('Escape');

  for (const path of [
    '/my-settings/profile',
    '/my-settings/notifications',
    '/my-settings/privacy-policy',
    '/my-settings/terms-of-use',
  ]) {
    await page.goto(path);
    await expectFits(page, path);
  }
  await page.goto('/settings');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await expectFits(page, 'settings dialog');
  await page.keyboard.press('Escape');
  await page.goto('/send-feedback');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFits(page, 'feedback dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectFits(page, 'the menu');
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFits(page, 'help dialog');
});

test('a member’s group screens and dialogs fit a phone, with long texts', async ({ page, request }) => {
  const owner = await createPayingAccount(request, 'Marguerite-Anastasia');
  const name = uniqueGroupName('Montgomery-Fairweather Circle');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  await callAs(request, owner.accessToken, '/group/update', {
    group_id: groupId,
    name,
    description: 'Enterprise telephony and unified communications sellers of the Pacific Northwest and beyond',
  });
  const member = await createPayingAccount(request, 'Bartholomew');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: GROUP_CODE });
  const leadId = await createLeadThroughApi(request, owner.accessToken, groupId);
  await createLeadThroughApi(request, member.accessToken, groupId);

  await signIn(page, owner.email, owner.password);
  await expectFits(page, '/activities (paying)');
  for (const path of [
    '/groups',
    `/groups/${groupId}/leads`,
    `/groups/${groupId}/users`,
    `/groups/${groupId}/messages`,
    `/groups/${groupId}/stats`,
    `/groups/${groupId}/settings`,
    `/groups/${groupId}/leads/${leadId}`,
    '/admin/invoices',
    '/my-settings/notifications',
  ]) {
    await page.goto(path);
    await expectFits(page, path);
  }

  await page.goto(`/groups/${groupId}/leads`);
  await page.getByRole('button', { name: 'CREATE LEAD' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Lead' })).toBeVisible();
  await expectFits(page, 'create lead dialog');
  await page.keyboard.press('Escape');

  await page.goto(`/groups/${groupId}/users`);
  await page
    .getByRole('button', { name: /^INVITE USER/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Invite user' })).toBeVisible();
  await expectFits(page, 'invite dialog');
  await page.keyboard.press('Escape');

  await page.goto('/groups');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit group' })).toBeVisible();
  await expectFits(page, 'edit group dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByRole('dialog', { name: `Delete ${name}?` })).toBeVisible();
  await expectFits(page, 'delete group dialog');
  await page.keyboard.press('Escape');

  await page.goto(`/groups/${groupId}/settings`);
  await page.getByRole('button', { name: 'EDIT GROUP' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit group' })).toBeVisible();
  await expectFits(page, 'edit group dialog from settings');
});

test('every table of the app keeps its words and amounts whole on a phone, filled with long texts', async ({
  page,
  request,
}) => {
  // An admin whose business has an invoice, a user invited and a territory; a group whose member gave a lead
  // the admin won for $12,500.00; an opportunity with a contact.
  const admin = await createAdmin(request, 'Maximiliano');
  await subscribeThroughApi(request, admin.accessToken, admin.email);
  const { userId: adminId } = (await callAs(request, admin.accessToken, '/user/get')) as { userId: number };
  const { businessId } = (await callAs(request, admin.accessToken, '/business/get_by_user')) as {
    businessId: number;
  };
  await callAs(request, admin.accessToken, '/business/invite_user', {
    business_id: businessId,
    first_name: 'Konstantinos',
    last_name: 'Papadopoulos-Whitfield',
    email: uniqueEmail('konstantinos.papadopoulos'),
    role: 'SALES',
  });
  await callAs(request, admin.accessToken, '/territory/create', {
    business_id: businessId,
    name: 'Pacific Northwest Enterprise',
    states: ['WA', 'OR', 'ID', 'MT'],
    zip_prefixes: ['980', '981'],
    user_ids: [adminId],
  });
  const name = uniqueGroupName('Montgomery-Fairweather Circle');
  const groupId = await createGroupThroughApi(request, admin.accessToken, { name, privateCode: GROUP_CODE });
  const member = await createPayingAccount(request, 'Marguerite-Anastasia');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: GROUP_CODE });
  const leadId = await createLeadThroughApi(request, member.accessToken, groupId);
  await callAs(request, admin.accessToken, '/lead/assign', { group_id: groupId, lead_id: leadId, user_id: adminId });
  await callAs(request, admin.accessToken, '/lead/outcome/record', { lead_id: leadId, stage: 'WON', amount: 12500 });
  const opportunity = (await callAs(request, admin.accessToken, '/opportunity/set', {
    name: 'Enterprise telephony replacement, Bellevue headquarters',
    notes: 'Replacing 1,200 desk phones across three buildings before the fiscal year closes.',
    address: { street_one: '500 108th Avenue NE', city: 'Bellevue', state_abbrv: 'WA', postal: '98004' },
  })) as { opportunityId: number };
  await callAs(request, admin.accessToken, '/opportunity/contact/set', {
    opportunity_id: opportunity.opportunityId,
    first_name: 'Wilhelmina',
    last_name: 'Vanderbilt-Castellanos',
    title: 'Director of Infrastructure Procurement',
    company: 'Cascadia Telecommunications',
    email: uniqueEmail('wilhelmina'),
    notes: 'Prefers a call on Tuesdays; decision by the procurement committee.',
  });

  await page.goto('/signin');
  await signInThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/manage-users$/);
  // Each table with its rows in (a long text each shows before the table is measured), on the phone, then at
  // 1366 px, where nothing may have got worse.
  const problems: string[] = [];
  for (const viewport of [PHONE.viewport, { width: 1366, height: 900 }]) {
    await page.setViewportSize(viewport);
    for (const [path, table, text] of [
      ['/admin/invoices', 'Invoices', '$49.99'],
      ['/admin/manage-users', 'Users', 'Papadopoulos-Whitfield'],
      ['/manage-territories', 'Territories', 'Pacific Northwest Enterprise'],
      ['/groups', 'Groups', name],
      [`/groups/${groupId}/leads`, 'Group leads', 'Avery Buyer'],
      [`/groups/${groupId}/users`, 'Group users', 'Marguerite-Anastasia'],
      [`/groups/${groupId}/stats`, 'Members', '$12,500.00'],
      ['/opportunities', 'Opportunities', 'Enterprise telephony'],
      [`/opportunities/${opportunity.opportunityId}/contacts`, 'Contacts', 'Wilhelmina'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('table', { name: table }), path).toContainText(text);
      await page.waitForLoadState('networkidle');
      problems.push(...(await misfits(page)).map((problem) => `${viewport.width} px, ${path}: ${problem}`));
    }
  }
  expect(problems).toEqual([]);
});
