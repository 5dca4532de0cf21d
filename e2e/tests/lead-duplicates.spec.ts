import { expect, type Locator, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { createGroupThroughApi, createPayingAccount, joinGroupThroughApi, uniqueGroupName } from '../support/groups.js';
import { createLeadThroughApi, LEAD, LEAD_NAME, LeadDialog, leadRow } from '../support/leads.js';
import { expectFits, PHONE } from '../support/phone.js';

// Duplicates: a lead of the group with the same e-mail (phone, LinkedIn, or name and company) is
// named in the lead dialog as the fields are typed, in whatever order, with who submitted it and when.

const GROUP_CODE = 'duplicate-circle-code';
const duplicateMark = 'Possible duplicate of an earlier lead';

async function fillAddress(dialog: LeadDialog) {
  await dialog.field('Street').fill('1 Main Street');
  await dialog.field('ZIP code').fill(LEAD.zip);
  await expect(dialog.field('City')).toHaveValue('New York');
}

function warningOf(dialog: LeadDialog): Locator {
  return dialog.dialog.getByRole('status', { name: 'Possible duplicate' });
}

test('the same e-mail submitted again is named in the dialog, whatever order the fields are typed in', async ({
  page,
  request,
}) => {
  const giver = await createPayingAccount(request, 'Olive');
  const name = uniqueGroupName('Olive');
  const groupId = await createGroupThroughApi(request, giver.accessToken, { name, privateCode: GROUP_CODE });
  const member = await createPayingAccount(request, 'Milo');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: GROUP_CODE });
  const firstId = await createLeadThroughApi(request, giver.accessToken, groupId);

  await signIn(page, member.email, member.password);
  await page.goto(`/groups/${groupId}/leads`);
  await expect(leadRow(page)).toBeVisible();
  await expect(page.getByRole('img', { name: duplicateMark })).toHaveCount(0);

  // E-mail first (in other letter case, with spaces), then the rest: the warning comes with the e-mail.
  await page.getByRole('button', { name: 'CREATE LEAD' }).click();
  const first = new LeadDialog(page, 'Create Lead');
  await first.field('Email').fill(`  ${LEAD.email.toUpperCase()} `);
  const warning = warningOf(first);
  await expect(warning).toContainText(`${LEAD_NAME} (${LEAD.company})`);
  await expect(warning).toContainText('Submitted by Olive Rivera on');
  await expect(warning).toContainText('same E-mail');
  await first.field('Email').fill('someone.else@acme.example');
  await expect(warning).toBeHidden();
  await first.field('Email').fill(LEAD.email);
  await expect(warning).toBeVisible();
  await first.field('First Name').fill('Jordan');
  await first.field('Last Name').fill('Lee');
  await first.field('Position').fill('Buyer');
  await first.field('Company').fill('Other Co');
  await fillAddress(first);
  await expect(warning).toContainText('same E-mail');
  // Submit anyway: the dialog's button says so while a duplicate is named.
  await expect(first.dialog.getByRole('button', { name: 'Create', exact: true })).toHaveCount(0);
  await first.dialog.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(first.dialog).toBeHidden();

  // The list marks the later lead, not the first one.
  await expect(leadRow(page, 'Jordan Lee').getByRole('img', { name: duplicateMark })).toBeVisible();
  await expect(leadRow(page).getByRole('img', { name: duplicateMark })).toHaveCount(0);

  // Names, position, company and address first, the e-mail last: the warning comes with the e-mail.
  await page.getByRole('button', { name: 'CREATE LEAD' }).click();
  const second = new LeadDialog(page, 'Create Lead');
  await second.field('Company').fill('Third Co');
  await second.field('Last Name').fill('Park');
  await second.field('First Name').fill('Sam');
  await second.field('Position').fill('Owner');
  await fillAddress(second);
  await second.field('Email').fill('sam@third.example');
  await expect(second.dialog.getByRole('button', { name: 'Create', exact: true })).toBeEnabled();
  await expect(warningOf(second)).toBeHidden();
  await second.field('Email').fill(LEAD.email);
  await expect(warningOf(second)).toContainText(`${LEAD_NAME} (${LEAD.company})`);
  await expect(warningOf(second)).toContainText('Submitted by Olive Rivera on');

  // Open it: the earlier lead's page, the dialog gone.
  await warningOf(second)
    .getByRole('link', { name: `Open it: ${LEAD_NAME}` })
    .click();
  await expect(page).toHaveURL(`/groups/${groupId}/leads/${firstId}`);
  await expect(second.dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: LEAD_NAME, level: 1 })).toBeVisible();
});

test('the same first name, last name and company are named too, as the last of them is typed', async ({
  page,
  request,
}) => {
  const giver = await createPayingAccount(request, 'Olive');
  const groupId = await createGroupThroughApi(request, giver.accessToken, {
    name: uniqueGroupName('Olive'),
    privateCode: GROUP_CODE,
  });
  await createLeadThroughApi(request, giver.accessToken, groupId);

  await signIn(page, giver.email, giver.password);
  await page.goto(`/groups/${groupId}/leads`);
  await page.getByRole('button', { name: 'CREATE LEAD' }).click();
  const dialog = new LeadDialog(page, 'Create Lead');
  await dialog.field('Company').fill(` ${LEAD.company.toLowerCase()} `);
  await dialog.field('First Name').fill(LEAD.firstName);
  // Nothing named yet in the dialog (the list behind it has a "Submitted by" filter of its own).
  await expect(dialog.dialog.getByText('Submitted by')).toHaveCount(0);
  await dialog.field('Last Name').fill(LEAD.lastName.toUpperCase());
  await expect(warningOf(dialog)).toContainText('same Name and company');
  await expect(warningOf(dialog)).toContainText('Submitted by Olive Rivera on');
});

test.describe('at phone width', () => {
  test.use(PHONE);

  test('the duplicate warning fits the lead dialog on a phone', async ({ page, request }) => {
    const giver = await createPayingAccount(request, 'Olive');
    const groupId = await createGroupThroughApi(request, giver.accessToken, {
      name: uniqueGroupName('Olive'),
      privateCode: GROUP_CODE,
    });
    await createLeadThroughApi(request, giver.accessToken, groupId);
    await signIn(page, giver.email, giver.password);
    await page.goto(`/groups/${groupId}/leads`);
    await expect(leadRow(page)).toBeVisible();
    await page.getByRole('button', { name: 'CREATE LEAD' }).click();
    const dialog = new LeadDialog(page, 'Create Lead');
    await dialog.field('Email').fill(LEAD.email);
    await expect(warningOf(dialog)).toContainText('Submitted by Olive Rivera on');
    await expectFits(page, 'lead dialog with a duplicate named');
  });
});
