import { GROUP_MESSAGES, MESSAGES } from '@leadcircle/shared';
import { expect, type Page, test } from '@playwright/test';
import { createConfirmedAccount, PASSWORD, signIn, signInThroughForm } from '../support/accounts.js';
import { CARDS, PaymentDialog } from '../support/billing.js';
import {
  callAs,
  createGroupThroughApi,
  createPayingAccount,
  joinGroupThroughApi,
  uniqueGroupName,
} from '../support/groups.js';
import { createLeadThroughApi, LEAD, LeadDialog } from '../support/leads.js';
import { uniqueEmail, waitForMail } from '../support/mailbox.js';

// The first hour of a new user: what a newcomer meets on the built screens, tried in the orders
// people use them.

const GROUP_CODE = 'first-hour-code';

test('Create Lead enables Create when the ZIP code is the last thing typed', async ({ page, request }) => {
  const owner = await createPayingAccount(request, 'Zoe');
  const groupId = await createGroupThroughApi(request, owner.accessToken, {
    name: uniqueGroupName('Zoe'),
    privateCode: GROUP_CODE,
  });
  await signIn(page, owner.email, owner.password);
  await page.goto(`/groups/${groupId}/leads`);
  await page.getByRole('button', { name: 'ADD LEAD' }).click();
  const dialog = new LeadDialog(page, 'Create Lead');
  await dialog.field('Notes').fill(LEAD.notes);
  await dialog.field('First Name').fill(LEAD.firstName);
  await dialog.field('Last Name').fill(LEAD.lastName);
  await dialog.field('Position').fill(LEAD.title);
  await dialog.field('Company').fill(LEAD.company);
  await dialog.field('Email').fill(LEAD.email);
  await dialog.field('Street').fill(LEAD.street);
  await expect(dialog.submit('Create')).toBeDisabled();
  // The ZIP code last, key by key: city and state fill themselves in, and Create enables.
  await dialog.field('ZIP code').pressSequentially(LEAD.zip);
  await expect(dialog.field('City')).toHaveValue('New York');
  await expect(dialog.field('State')).toHaveValue('NY');
  await expect(dialog.submit('Create')).toBeEnabled();
  await dialog.submit('Create').click();
  await expect(dialog.dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Group leads' })).toContainText(LEAD.company);
});

test('My settings, Notifications lists the groups of the person with their Messages switch', async ({
  page,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Nora');
  const name = uniqueGroupName('Nora');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  await signIn(page, owner.email, owner.password);
  await page.goto('/my-settings/notifications');
  await expect(page.getByText('You are not in any group yet')).toHaveCount(0);
  const messages = page.getByRole('switch', { name: `Messages in ${name}` });
  // The switch shows the stored setting once it is loaded (it is disabled until then).
  await expect(messages).toBeEnabled();
  const wasOn = await messages.isChecked();
  await messages.setChecked(!wasOn);
  await expect(page.getByText(MESSAGES.notificationsUpdated)).toBeVisible();
  // The same setting as the group's own settings screen.
  await page.goto(`/groups/${groupId}/settings`);
  await expect(page.getByLabel('Messages')).toBeChecked({ checked: !wasOn });
  await page.goto('/my-settings/notifications');
  await expect(page.getByRole('switch', { name: `Messages in ${name}` })).toBeChecked({ checked: !wasOn });
});

test('a name saved in the /settings dialog shows in the profile form at once', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Robin');
  await signIn(page, account.email, PASSWORD);
  await page.goto('/my-settings/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Robin');
  await page.goto('/settings');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Name').fill('Robyn Quinlan');
  await dialog.getByRole('button', { name: 'SAVE' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner')).toContainText('Robyn Quinlan');
  await expect(page.getByLabel('First name')).toHaveValue('Robyn');
  await expect(page.getByLabel('Last name')).toHaveValue('Quinlan');
  // Saving the profile now keeps the new name.
  await page.getByLabel('Title').fill('Account executive');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(MESSAGES.profileUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Robyn');
  await expect(page.getByLabel('Last name')).toHaveValue('Quinlan');
});

test('joining with a wrong group password after paying keeps the fields and says the payment went through', async ({
  page,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Owen');
  const name = uniqueGroupName('Owen');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const joiner = await createConfirmedAccount(request, 'Jade');

  await signIn(page, joiner.email, PASSWORD);
  await page.goto('/groups');
  await page.getByRole('button', { name: 'JOIN GROUP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join group' });
  await dialog.getByLabel('Group name').fill(name);
  await dialog.getByLabel('Group password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Join' }).click();
  const payment = new PaymentDialog(page, 'Subscribe');
  await payment.fill({ name: 'Jade Rivera', zip: '10001', card: CARDS.visa });
  await payment.submit('Subscribe');

  // The join dialog comes back with the error, the fields as typed, and the payment's outcome.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Payment successful')).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: /password/i })).toBeVisible();
  await expect(dialog.getByLabel('Group name')).toHaveValue(name);
  await expect(dialog.getByLabel('Group password')).toHaveValue('not-the-password');
  await dialog.getByLabel('Group password').fill(GROUP_CODE);
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(`/groups/${groupId}/leads`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('sign-up says its success once', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Once');
  await page.getByLabel('Email').fill(uniqueEmail('once'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password confirmation').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('main').getByText(MESSAGES.signupSuccess)).toBeVisible();
  // A snackbar would follow within moments: wait for it, then count.
  // (Counted once, not retried: a snackbar would hide itself after 3 s.)
  await page.waitForTimeout(1000);
  expect(await page.getByText(MESSAGES.signupSuccess).count()).toBe(1);
});

test('a group invite opened while signed out says who invites to which group, and signing in accepts it', async ({
  browser,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Ivy');
  const name = uniqueGroupName('Ivy');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const colleague = await createConfirmedAccount(request, 'Kit');
  const newcomer = uniqueEmail('kit-new');
  await callAs(request, owner.accessToken, '/group/invite', { group_id: groupId, email: colleague.email });
  await callAs(request, owner.accessToken, '/group/invite', { group_id: groupId, email: newcomer });

  const context = await browser.newContext();
  const page = await context.newPage();
  // An address without an account: the same words on sign-in and on sign-up.
  const newcomerInvite = await waitForMail(newcomer, /invited you to the group/);
  await page.goto(newcomerInvite.link);
  await expect(page).toHaveURL(/\/signin$/);
  const invitation = `Ivy Rivera invited you to the group ${name}.`;
  await expect(page.getByText(invitation)).toBeVisible();
  await expect(page.getByText('Sign in or sign up to accept the invitation.')).toBeVisible();
  await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByText(invitation)).toBeVisible();

  const invite = await waitForMail(colleague.email, /invited you to the group/);
  await page.goto(invite.link);
  await expect(page.getByText(invitation)).toBeVisible();
  await signInThroughForm(page, colleague.email, colleague.password);
  await expect(page).toHaveURL(`/groups/${groupId}/users`);
  await context.close();
});

test('sign-in shows only the providers the server has configured', async ({ page }) => {
  await page.goto('/signin');
  // The browser tests configure LinkedIn only.
  await expect(page.getByRole('button', { name: 'Sign in with LinkedIn' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Apple' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
});

test('a sales user who paid finds Invoices in the menu; one who did not, does not', async ({
  page,
  browser,
  request,
}) => {
  const payer = await createPayingAccount(request, 'Paula');
  await signIn(page, payer.email, payer.password);
  await page.getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/admin\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();

  const other = await createConfirmedAccount(request, 'Nico');
  const context = await browser.newContext();
  const otherPage = await context.newPage();
  await signIn(otherPage, other.email, PASSWORD);
  await expect(otherPage.getByRole('link', { name: 'Manage Groups' })).toBeVisible();
  await expect(otherPage.getByRole('link', { name: 'Invoices' })).toHaveCount(0);
  await context.close();
});

test('the lead rating line says it is the members’ average and how many rated', async ({ page, request }) => {
  const owner = await createPayingAccount(request, 'Rae');
  const name = uniqueGroupName('Rae');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const rater = await createPayingAccount(request, 'Rory');
  const reader = await createPayingAccount(request, 'Rita');
  await joinGroupThroughApi(request, rater.accessToken, { name, privateCode: GROUP_CODE });
  await joinGroupThroughApi(request, reader.accessToken, { name, privateCode: GROUP_CODE });
  const leadId = await createLeadThroughApi(request, owner.accessToken, groupId);
  await callAs(request, rater.accessToken, '/rating/quality/rate', { lead_id: leadId, rating: 4 });

  await signIn(page, reader.email, reader.password);
  await page.goto(`/groups/${groupId}/leads/${leadId}`);
  await expect(page.getByText('Average rating: 4 of 5, from 1 rating')).toBeVisible();
  await expect(page.getByText(/Members: /)).toHaveCount(0);
});

test('the wizard calls it Group password, like the join dialog and its own message', async ({ page, request }) => {
  const account = await createPayingAccount(request, 'Gale');
  await signIn(page, account.email, account.password);
  await page.goto('/groups');
  await page.getByRole('button', { name: 'CREATE GROUP' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create group' });
  await expect(wizard.getByText('Group code')).toHaveCount(0);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Group name').fill(uniqueGroupName('Gale'));
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Group password').fill('short');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText(GROUP_MESSAGES.wizardPasswordShort)).toBeVisible();
  await expect(wizard.getByText('Group code')).toHaveCount(0);
});

async function backgroundOf(page: Page, label: string) {
  return page
    .getByLabel(label, { exact: true })
    .evaluate((input) => getComputedStyle(input.closest('.MuiInputBase-root') ?? input).backgroundColor);
}

test('group settings: read-only fields look read-only, and the owner edits the description there', async ({
  page,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Dara');
  const name = uniqueGroupName('Dara');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  await signIn(page, owner.email, owner.password);
  await page.goto(`/groups/${groupId}/settings`);
  await expect(page.getByLabel('Group name')).toHaveValue(name);
  await expect(page.getByLabel('Group name')).toHaveAttribute('readonly');
  // Read-only fields are drawn unlike the editable one.
  expect(await backgroundOf(page, 'Group name')).not.toBe(await backgroundOf(page, "Product I'm selling"));

  // A group from the wizard has no description: its owner adds one from here.
  await page.getByRole('button', { name: 'EDIT GROUP' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit group' });
  await edit.getByLabel('Description').fill('Closers of the Pacific Northwest');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  // Saving the dialog saves the group, not the settings form behind it: the page stays.
  await expect(page).toHaveURL(`/groups/${groupId}/settings`);
  await expect(page.getByLabel('Description')).toHaveValue('Closers of the Pacific Northwest');
  await page.goto('/groups');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Closers of the Pacific Northwest');
});

test('a member sees no EDIT GROUP in the group settings', async ({ page, request }) => {
  const owner = await createPayingAccount(request, 'Eli');
  const name = uniqueGroupName('Eli');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const member = await createPayingAccount(request, 'Fay');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: GROUP_CODE });
  await signIn(page, member.email, member.password);
  await page.goto(`/groups/${groupId}/settings`);
  await expect(page.getByLabel('Group name')).toHaveValue(name);
  await expect(page.getByRole('button', { name: 'EDIT GROUP' })).toHaveCount(0);
});

test('a user without a business loads pages with no failed request in the console', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Quiet');
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().includes('/api/')) {
      problems.push(`${response.status()} ${response.url()}`);
    }
  });
  await signIn(page, account.email, PASSWORD);
  for (const path of ['/groups', '/my-settings/profile', '/my-settings/notifications', '/activities']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});
