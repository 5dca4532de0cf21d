import fs from 'node:fs';
import {
  formatPhone,
  GROUP_MESSAGES,
  LEAD_CSV_HEADERS,
  LEAD_CSV_OUTCOME_HEADERS,
  LEAD_MESSAGES,
  leadExportFileName,
  phoneHref,
} from '@leadcircle/shared';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import {
  callAs,
  createGroupThroughApi,
  createPayingAccount,
  joinGroupThroughApi,
  uniqueGroupName,
} from '../support/groups.js';
import { createLeadThroughApi, LEAD, LEAD_NAME, LeadDialog, leadRow } from '../support/leads.js';

// Leads: submit with the ZIP lookup, browse, open, rate, comment, edit,
// remove and export a group's leads.

const GROUP_CODE = 'lead-circle-code';
const leadUrl = /\/groups\/\d+\/leads\/\d+$/;

async function groupWithMember(request: Parameters<typeof createPayingAccount>[0]) {
  const owner = await createPayingAccount(request, 'Olive');
  const name = uniqueGroupName('Olive');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const member = await createPayingAccount(request, 'Milo');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: GROUP_CODE });
  return { owner, member, groupId, name };
}

test('an owner adds a lead with the ZIP lookup, sees it in the list and opens its card and map', async ({
  page,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Olive');
  const groupId = await createGroupThroughApi(request, owner.accessToken, {
    name: uniqueGroupName('Olive'),
    privateCode: GROUP_CODE,
  });
  await signIn(page, owner.email, owner.password);
  await page.goto(`/groups/${groupId}/leads`);
  await expect(page.getByText(GROUP_MESSAGES.listEmpty)).toBeVisible();
  await expect(page.getByText(GROUP_MESSAGES.leadsEmpty)).toBeVisible();

  await page.getByRole('button', { name: 'ADD LEAD' }).click();
  const dialog = new LeadDialog(page, 'Create Lead');
  await expect(dialog.submit('Create')).toBeDisabled();
  await dialog.field('First Name').fill(LEAD.firstName);
  await dialog.field('Last Name').fill(LEAD.lastName);
  await dialog.field('Position').fill(LEAD.title);
  await dialog.field('Company').fill(LEAD.company);
  // The only contact kind emptied: the spec's message.
  await dialog.field('Email').fill('x');
  await dialog.field('Email').fill('');
  await expect(dialog.dialog.getByText(LEAD_MESSAGES.contactRequired)).toBeVisible();
  await dialog.field('Email').fill(LEAD.email);
  await dialog.addContactKind('Phone');
  await dialog.field('Phone').fill(LEAD.phone);
  await dialog.field('Street').fill(LEAD.street);

  // An unknown ZIP code says so; a known one fills city and state from the server's ZIP table.
  await dialog.field('ZIP code').fill('00000');
  await expect(dialog.dialog.getByText(LEAD_MESSAGES.zipNotFound)).toBeVisible();
  await dialog.field('ZIP code').fill(LEAD.zip);
  await expect(dialog.dialog.getByText(LEAD_MESSAGES.zipNotFound)).toBeHidden();
  await expect(dialog.field('City')).toHaveValue('New York');
  await expect(dialog.field('State')).toHaveValue('NY');
  await dialog.field('Notes').fill(LEAD.notes);
  await dialog.submit('Create').click();
  await expect(dialog.dialog).toBeHidden();

  for (const column of ['Lead Name', 'Rating', 'Title', 'Company', 'Notes']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const row = leadRow(page);
  await expect(row).toContainText(LEAD.title);
  await expect(row).toContainText(LEAD.company);
  await expect(row).toContainText('—');
  await row.getByRole('cell', { name: LEAD_NAME, exact: true }).click();

  await expect(page).toHaveURL(leadUrl);
  await expect(page.getByRole('heading', { name: LEAD_NAME, level: 1 })).toBeVisible();
  const card = page.getByRole('region', { name: 'Lead' });
  await expect(card.getByText(`${LEAD.title} @ ${LEAD.company}`)).toBeVisible();
  await expect(card.getByRole('link', { name: formatPhone(LEAD.phone) })).toHaveAttribute(
    'href',
    phoneHref(LEAD.phone),
  );
  await expect(card.getByRole('link', { name: LEAD.email })).toHaveAttribute('href', `mailto:${LEAD.email}`);
  await expect(card.getByText(`${LEAD.street}, New York, NY ${LEAD.zip}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'EDIT', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'CREATE OPPORTUNITY' })).toBeEnabled();

  // The map at the ZIP table's coordinates, with its marker (tiles are not reachable offline).
  const map = page.getByRole('region', { name: 'Map' });
  await expect(map.locator('.leaflet-container')).toBeVisible();
  await expect(map.locator('.leaflet-marker-icon')).toBeVisible();
  await expect(page.getByText(LEAD_MESSAGES.commentsEmpty)).toBeVisible();

  await page.getByRole('link', { name: 'Back to leads' }).click();
  await expect(page).toHaveURL(`/groups/${groupId}/leads`);
});

test('another member rates and comments; the owner sees the rating read-only and the comment without a reload', async ({
  page,
  browser,
  request,
}) => {
  const { owner, member, groupId } = await groupWithMember(request);
  const leadId = await createLeadThroughApi(request, owner.accessToken, groupId);
  const leadPath = `/groups/${groupId}/leads/${leadId}`;

  // The owner has the lead open all along.
  await signIn(page, owner.email, owner.password);
  await page.goto(leadPath);
  await expect(page.getByText(LEAD_MESSAGES.commentsEmpty)).toBeVisible();
  await expect(page.getByText('No ratings yet')).toBeVisible();

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member.email, member.password);
  await memberPage.goto(leadPath);
  await expect(memberPage.getByRole('heading', { name: LEAD_NAME, level: 1 })).toBeVisible();
  // A member who did not submit it neither edits it nor sees a read-only rating.
  await expect(memberPage.getByRole('button', { name: 'EDIT', exact: true })).toBeHidden();
  // The fourth star (its label: the radio input itself is visually hidden).
  await memberPage.locator('label').filter({ hasText: '4 Stars' }).click();
  await expect(memberPage.getByRole('radio', { name: '4 Stars' })).toBeChecked();
  await expect(memberPage.getByText('Average rating: 4 of 5, from 1 rating')).toBeVisible();

  const comment = 'Called them today.\nThey want a demo next week.';
  const input = memberPage.getByLabel(LEAD_MESSAGES.commentPlaceholder);
  await input.fill('Called them today.');
  await input.press('Shift+Enter');
  await input.pressSequentially('They want a demo next week.');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const memberComments = memberPage.getByRole('list', { name: 'Lead comments' });
  await expect(memberComments.getByRole('listitem', { name: 'Comment by Milo Rivera' })).toContainText(
    'They want a demo next week.',
  );
  await memberContext.close();

  // The owner's page hears of them on the realtime channel: the comment and the rating arrive without a reload.
  const ownerComment = page
    .getByRole('list', { name: 'Lead comments' })
    .getByRole('listitem', { name: 'Comment by Milo Rivera' });
  await expect(ownerComment).toContainText('Called them today.', { timeout: 15_000 });
  expect(await ownerComment.locator('p').last().innerText()).toBe(comment);
  await expect(page.getByText('Average rating: 4 of 5, from 1 rating')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('img', { name: '4 Stars' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
});

test('the owner edits and removes a lead; another member sees neither action', async ({ page, browser, request }) => {
  const { owner, member, groupId } = await groupWithMember(request);
  await createLeadThroughApi(request, owner.accessToken, groupId);

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member.email, member.password);
  await memberPage.goto(`/groups/${groupId}/leads`);
  await expect(leadRow(memberPage)).toBeVisible();
  await expect(memberPage.getByRole('button', { name: `Edit ${LEAD_NAME}` })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: `Remove ${LEAD_NAME}` })).toHaveCount(0);
  await memberContext.close();

  await signIn(page, owner.email, owner.password);
  await page.goto(`/groups/${groupId}/leads`);
  await page.getByRole('button', { name: `Edit ${LEAD_NAME}` }).click();
  const dialog = new LeadDialog(page, 'Edit Lead');
  await expect(dialog.field('Position')).toHaveValue(LEAD.title);
  await expect(dialog.field('Phone')).toHaveValue(LEAD.phone);
  await expect(dialog.submit('Save')).toBeDisabled();
  await dialog.field('Position').fill('Chief Revenue Officer');
  await dialog.submit('Save').click();
  await expect(dialog.dialog).toBeHidden();
  await expect(leadRow(page)).toContainText('Chief Revenue Officer');
  await expect(leadRow(page)).not.toContainText(LEAD.title);

  await page.getByRole('button', { name: `Remove ${LEAD_NAME}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${LEAD_NAME}?` });
  await confirm.getByRole('button', { name: 'REMOVE LEAD' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(GROUP_MESSAGES.leadsEmpty)).toBeVisible();
});

test("EXPORT TO CSV downloads the group's leads with the spec's headers, then the outcome's", async ({
  page,
  request,
}) => {
  const { owner, member, groupId, name } = await groupWithMember(request);
  const leadId = await createLeadThroughApi(request, member.accessToken, groupId);

  await signIn(page, owner.email, owner.password);
  await page.goto(`/groups/${groupId}/leads`);
  await expect(leadRow(page)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EXPORT TO CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(leadExportFileName(name));
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  expect(lines[0]).toBe([...LEAD_CSV_HEADERS, ...LEAD_CSV_OUTCOME_HEADERS].join(','));
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(String(leadId));
  expect(lines[1]).toContain(`${LEAD.firstName},${LEAD.lastName},${LEAD.email}`);
  // No outcome yet: its four cells are empty.
  expect(lines[1]).toMatch(new RegExp(`,${LEAD.company},${LEAD.title},,,,$`));
});

test('a member pages on and back through a group of 55 leads, newest first, at desktop and phone width', async ({
  page,
  request,
}) => {
  const { owner, member, groupId } = await groupWithMember(request);
  for (let i = 1; i <= 55; i += 1) {
    await callAs(request, owner.accessToken, '/lead/create', {
      group_id: groupId,
      lead: {
        lead_id: 0,
        first_name: 'Paged',
        last_name: `Lead${String(i).padStart(2, '0')}`,
        title: LEAD.title,
        company: LEAD.company,
        email: `paged${i}@example.com`,
        address: { street_one: LEAD.street, city: 'New York', state_abbrv: 'NY', postal: LEAD.zip },
      },
    });
  }
  await signIn(page, member.email, member.password);
  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/groups/${groupId}/leads`);
    const table = page.getByRole('table', { name: 'Group leads' });
    // The most recently created first; the 50th on page one, the rest on page two.
    await expect(table.getByRole('row').filter({ hasText: 'Paged Lead55' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Paged Lead06' })).toBeVisible();
    await expect(page.getByText('1–50 of 55')).toBeVisible();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText('51–55 of 55')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Paged Lead05' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Paged Lead01' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Paged Lead06' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Go to previous page' }).click();
    await expect(page.getByText('1–50 of 55')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Paged Lead55' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Paged Lead05' })).toHaveCount(0);
  }
});
