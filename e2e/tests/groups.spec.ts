import { GROUP_DESCRIPTION_MIN, GROUP_MESSAGES, MESSAGES } from '@leadcircle/shared';
import { expect, type Page, test } from '@playwright/test';
import { createConfirmedAccount, PASSWORD, signIn, signInThroughForm } from '../support/accounts.js';
import { CARDS, PaymentDialog } from '../support/billing.js';
import { createGroupThroughApi, createPayingAccount, joinGroupThroughApi, uniqueGroupName } from '../support/groups.js';
import { uniqueEmail, waitForMail } from '../support/mailbox.js';

// Groups: the wizard and its payment gate, joining, invites, leaving and deleting.

const GROUP_CODE = 'secret-code-42';
const groupLeadsUrl = /\/groups\/(\d+)\/leads$/;

async function chooseFirstOption(page: Page, label: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option').first().click();
}

test('the wizard creates a group for a user without a payment method: wizard, payment with 4242…, the group', async ({
  page,
  request,
}) => {
  const account = await createConfirmedAccount(request, 'Casey');
  await signIn(page, account.email, PASSWORD);
  await page.getByRole('link', { name: 'Manage Groups' }).click();
  await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();
  for (const column of ['Group Name', 'Owner', 'Description', 'Leads', 'Users']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await page.getByRole('button', { name: 'CREATE GROUP' }).click();

  const wizard = page.getByRole('dialog', { name: 'Create group' });
  // Step 1 intro; Next and Back move one step at a time.
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(wizard.getByLabel('Group name')).toBeHidden();
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Step 2: the name is checked on the server.
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText(GROUP_MESSAGES.wizardNameBlank)).toBeVisible();
  const name = uniqueGroupName('Casey');
  await wizard.getByLabel('Group name').fill(name);
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Step 3: a group password of at least 6.
  await wizard.getByLabel('Group password').fill('short');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText(GROUP_MESSAGES.wizardPasswordShort)).toBeVisible();
  await wizard.getByLabel('Group password').fill(GROUP_CODE);
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Steps 4 and 5 need a selection.
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText(GROUP_MESSAGES.wizardTargetRequired)).toBeVisible();
  await chooseFirstOption(page, 'Target industry');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Create' }).click();
  await expect(wizard.getByText(GROUP_MESSAGES.wizardProductRequired)).toBeVisible();
  await chooseFirstOption(page, 'Product');
  await wizard.getByRole('button', { name: 'Create' }).click();

  // No payment method: the wizard closes and the payment dialog opens.
  await expect(wizard).toBeHidden();
  const payment = new PaymentDialog(page, 'Subscribe');
  await payment.fill({ name: 'Casey Rivera', zip: '94107', card: CARDS.visa });
  await payment.submit('Subscribe');

  const success = page.getByRole('dialog', { name: 'Payment successful' });
  await expect(success).toBeVisible();
  await expect(page).toHaveURL(groupLeadsUrl);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(GROUP_MESSAGES.listEmpty)).toBeVisible();
  await expect(page.getByText(GROUP_MESSAGES.leadsEmpty)).toBeVisible();

  // The group is in the list, with its owner; a second group cannot take its name.
  await page.getByRole('link', { name: 'Back to groups' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Casey Rivera');
  // The wizard's own route opens it over the group list.
  await page.goto('/groups/create-group');
  await expect(page).toHaveURL(/\/groups$/);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Group name').fill(name);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText(GROUP_MESSAGES.nameTaken)).toBeVisible();
  await expect(wizard.getByLabel('Group name')).toBeVisible();
});

test('joining with the wrong password says so; with the right one the member lands on the group', async ({
  page,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Owen');
  const name = uniqueGroupName('Owen');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const member = await createPayingAccount(request, 'Mira');

  await signIn(page, member.email, PASSWORD);
  await page.goto('/groups');
  await page.getByRole('button', { name: 'JOIN GROUP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join group' });
  await dialog.getByLabel('Group name').fill(name);
  await dialog.getByLabel('Group password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(dialog.getByText(GROUP_MESSAGES.wrongPassword)).toBeVisible();

  await dialog.getByLabel('Group password').fill(GROUP_CODE);
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/groups/${groupId}/leads`);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // Members see each other; only the creator may remove one.
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(`/groups/${groupId}/users`);
  const table = page.getByRole('table', { name: 'Group users' });
  await expect(table.getByRole('row').filter({ hasText: 'Owen Rivera' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Mira Rivera' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
});

test('joining without a payment method asks for payment first, then lands on the group', async ({ page, request }) => {
  const owner = await createPayingAccount(request, 'Pia');
  const name = uniqueGroupName('Pia');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const joiner = await createConfirmedAccount(request, 'Jules');

  await signIn(page, joiner.email, PASSWORD);
  await page.goto('/groups');
  await page.getByRole('button', { name: 'JOIN GROUP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join group' });
  await dialog.getByLabel('Group name').fill(name);
  await dialog.getByLabel('Group password').fill(GROUP_CODE);
  await dialog.getByRole('button', { name: 'Join' }).click();

  // The pending groupAdd waits for the subscription.
  await expect(dialog).toBeHidden();
  const payment = new PaymentDialog(page, 'Subscribe');
  await payment.fill({ name: 'Jules Rivera', zip: '10001', card: CARDS.visa });
  await payment.submit('Subscribe');
  await expect(page.getByRole('dialog', { name: 'Payment successful' })).toBeVisible();
  await expect(page).toHaveURL(`/groups/${groupId}/leads`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('a colleague without an account follows the invite, signs up, confirms and is a member', async ({
  page,
  browser,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Ines');
  const name = uniqueGroupName('Ines');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });

  await signIn(page, owner.email, PASSWORD);
  await page.goto(`/groups/${groupId}/users`);
  await expect(page.getByText(GROUP_MESSAGES.usersEmpty)).toBeVisible();
  await page.getByRole('button', { name: 'INVITE USERS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(dialog.getByText(GROUP_MESSAGES.inviteEmailRequired)).toBeVisible();
  const colleague = uniqueEmail('newcomer');
  await dialog.getByLabel('Email').fill(colleague);
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(GROUP_MESSAGES.inviteSent)).toBeVisible();
  await expect(dialog).toBeHidden();

  const invite = await waitForMail(colleague, /invited you to the group/);
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await newcomer.goto(invite.link);
  await expect(newcomer).toHaveURL(/\/signin$/);
  await newcomer.getByRole('link', { name: "Don't have an account? Sign up" }).click();
  await newcomer.getByLabel('First name').fill('Noah');
  await newcomer.getByLabel('Last name').fill('Newman');
  await newcomer.getByLabel('Email').fill(colleague);
  await newcomer.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await newcomer.getByLabel('Password confirmation').fill(PASSWORD);
  await newcomer.getByRole('button', { name: 'Create my account' }).click();
  await expect(newcomer.getByRole('main').getByText(MESSAGES.signupSuccess)).toBeVisible();

  const confirmation = await waitForMail(colleague, /Confirm your LeadCircle account/);
  await newcomer.goto(confirmation.link);
  await expect(newcomer).toHaveURL(`/groups/${groupId}/users`, { timeout: 15_000 });
  const table = newcomer.getByRole('table', { name: 'Group users' });
  await expect(table.getByRole('row').filter({ hasText: 'Noah Newman' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Ines Rivera' })).toBeVisible();
  await context.close();
});

test('a colleague with an account follows the invite, signs in and sees the group users', async ({
  page,
  browser,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Theo');
  const name = uniqueGroupName('Theo');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const colleague = await createConfirmedAccount(request, 'Uma');

  await signIn(page, owner.email, PASSWORD);
  await page.goto(`/groups/${groupId}/users`);
  await page.getByRole('button', { name: 'INVITE USER', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(colleague.email);
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(GROUP_MESSAGES.inviteSent)).toBeVisible();

  const invite = await waitForMail(colleague.email, /invited you to the group/);
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(invite.link);
  await expect(invitee).toHaveURL(/\/signin$/);
  await signInThroughForm(invitee, colleague.email, colleague.password);
  await expect(invitee).toHaveURL(`/groups/${groupId}/users`);
  const table = invitee.getByRole('table', { name: 'Group users' });
  await expect(table.getByRole('row').filter({ hasText: 'Uma Rivera' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Theo Rivera' })).toBeVisible();
  await context.close();

  // The creator removes the member again, after the warning.
  await page.reload();
  const ownerTable = page.getByRole('table', { name: 'Group users' });
  await ownerTable.getByRole('button', { name: 'Remove Uma Rivera' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Uma Rivera from the group?' });
  await expect(confirm.getByText(GROUP_MESSAGES.leaveOrDeleteWarning)).toBeVisible();
  await confirm.getByRole('button', { name: 'REMOVE USER' }).click();
  await expect(confirm).toBeHidden();
  await expect(ownerTable.getByRole('row').filter({ hasText: 'Uma Rivera' })).toHaveCount(0);
  await expect(page.getByText(GROUP_MESSAGES.usersEmpty)).toBeVisible();
});

test('a member saves settings and leaves; the creator deletes the group', async ({ page, browser, request }) => {
  const owner = await createPayingAccount(request, 'Quinn');
  const name = uniqueGroupName('Quinn');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const member = await createPayingAccount(request, 'Remy');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: GROUP_CODE });

  // The member: settings show name and description read-only, then SAVE goes back one screen.
  await signIn(page, member.email, PASSWORD);
  await page.goto(`/groups/${groupId}/users`);
  await page.getByRole('link', { name: 'SETTINGS', exact: true }).click();
  await expect(page).toHaveURL(`/groups/${groupId}/settings`);
  await expect(page.getByLabel('Group name')).toHaveValue(name);
  await expect(page.getByLabel('Group name')).toHaveAttribute('readonly');
  await expect(page.getByRole('button', { name: 'DELETE GROUP' })).toBeHidden();
  await page.getByLabel("Product I'm selling").fill('Cloud telephony');
  // The Messages toggle turns the other way and stays so.
  const messages = page.getByLabel('Messages');
  const wasOn = await messages.isChecked();
  await messages.setChecked(!wasOn);
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(GROUP_MESSAGES.settingsUpdated)).toBeVisible();
  await expect(page).toHaveURL(`/groups/${groupId}/users`);
  await expect(page.getByRole('row').filter({ hasText: 'Remy Rivera' })).toContainText('Cloud telephony');

  // A member sees no edit or remove on the group list.
  await page.goto('/groups');
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove ${name}` })).toHaveCount(0);
  await page.goto(`/groups/${groupId}/users`);

  // Leaving asks first, then returns to the group list without the group.
  await page.getByRole('link', { name: 'SETTINGS', exact: true }).click();
  await expect(page.getByLabel('Messages')).toBeChecked({ checked: !wasOn });
  await page.getByRole('button', { name: 'LEAVE GROUP' }).click();
  const confirm = page.getByRole('dialog', { name: `Leave ${name}?` });
  await expect(confirm.getByText(GROUP_MESSAGES.leaveOrDeleteWarning)).toBeVisible();
  await confirm.getByRole('button', { name: 'LEAVE GROUP' }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // The creator edits the group from the list (only the creator's rows have edit and remove)…
  const context = await browser.newContext();
  const ownerPage = await context.newPage();
  await signIn(ownerPage, owner.email, PASSWORD);
  await ownerPage.getByRole('link', { name: 'Manage Groups' }).click();
  await ownerPage.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = ownerPage.getByRole('dialog', { name: 'Edit group' });
  await edit.getByLabel('Description').fill('ab');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText(MESSAGES.atLeast(GROUP_DESCRIPTION_MIN))).toBeVisible();
  await edit.getByLabel('Description').fill('Sellers of the Bay Area');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(ownerPage.getByRole('row').filter({ hasText: name })).toContainText('Sellers of the Bay Area');

  // …and deletes it from its settings.
  await ownerPage.goto(`/groups/${groupId}/settings`);
  await expect(ownerPage.getByRole('button', { name: 'LEAVE GROUP' })).toBeHidden();
  await ownerPage.getByRole('button', { name: 'DELETE GROUP' }).click();
  const confirmDelete = ownerPage.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(confirmDelete.getByText(GROUP_MESSAGES.leaveOrDeleteWarning)).toBeVisible();
  await confirmDelete.getByRole('button', { name: 'DELETE GROUP' }).click();
  await expect(ownerPage).toHaveURL(/\/groups$/);
  await expect(ownerPage.getByRole('heading', { name: 'Groups' })).toBeVisible();
  await expect(ownerPage.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await context.close();
});
