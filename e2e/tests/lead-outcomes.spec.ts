import fs from 'node:fs';
import {
  FOLLOW_UP_DAYS_DEFAULT,
  formatCents,
  GROUP_MESSAGES,
  leadExportFileName,
  MEMBER_RATING_EXPLANATION,
  memberRatingSummary,
  OUTCOME_MESSAGES,
} from '@leadcircle/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import {
  callAs,
  createGroupThroughApi,
  createPayingAccount,
  joinGroupThroughApi,
  uniqueGroupName,
} from '../support/groups.js';
import { createLeadThroughApi, LEAD_NAME, leadRow, OutcomeSection } from '../support/leads.js';
import { brokenWords, expectFits, PHONE } from '../support/phone.js';

// Closing the loop: a member gives a lead, another takes it and records its progress up to Won;
// the giver is thanked in the inbox and the group's scoreboard (the Stats tab) counts it.

const GROUP_CODE = 'outcome-circle-code';
const WON = formatCents(1_200_000);

/** A group of Olive (who gives the lead) and Milo (who takes it), with Olive's lead. */
async function groupWithGivenLead(request: APIRequestContext) {
  const giver = await createPayingAccount(request, 'Olive');
  const name = uniqueGroupName('Olive');
  const groupId = await createGroupThroughApi(request, giver.accessToken, { name, privateCode: GROUP_CODE });
  const taker = await createPayingAccount(request, 'Milo');
  await joinGroupThroughApi(request, taker.accessToken, { name, privateCode: GROUP_CODE });
  const leadId = await createLeadThroughApi(request, giver.accessToken, groupId);
  return { giver, taker, groupId, name, leadPath: `/groups/${groupId}/leads/${leadId}` };
}

/** The taker takes the open lead and records Meeting, then Won $12,000 (with the amount's messages on the way). */
async function takeAndWin(page: Page, checkFits = false) {
  const outcome = new OutcomeSection(page);
  await expect(outcome.section.getByText('Not assigned to anyone yet.')).toBeVisible();
  await expect(outcome.section.getByText('No progress recorded yet.')).toBeVisible();
  // Before taking it, Milo may not record its progress.
  await expect(outcome.section.getByRole('button', { name: 'RECORD PROGRESS' })).toBeHidden();
  await outcome.section.getByRole('button', { name: 'TAKE THIS LEAD' }).click();
  await expect(outcome.section.getByText('Assigned to Milo Rivera')).toBeVisible();
  await expect(outcome.section.getByRole('button', { name: 'TAKE THIS LEAD' })).toBeHidden();
  if (checkFits) await expectFits(page, 'lead page, taken');

  await outcome.startStep('Meeting');
  await outcome.dialog.getByLabel('Note').fill('Demo booked for Tuesday.');
  await outcome.save().click();
  await expect(outcome.dialog).toBeHidden();
  await expect(outcome.timeline().getByRole('listitem', { name: 'Meeting' })).toContainText('by Milo Rivera');
  await expect(outcome.timeline().getByRole('listitem', { name: 'Meeting' })).toContainText('Demo booked for Tuesday.');
  await expect(outcome.section.getByLabel('Outcome: Meeting')).toBeVisible();

  await outcome.startStep('Won');
  const amount = outcome.dialog.getByLabel('Amount ($)');
  if (checkFits) await expectFits(page, 'record progress dialog, Won');
  // Won needs an amount of dollars: the shared rule's messages, and Save stays disabled.
  await amount.fill('twelve thousand');
  await amount.blur();
  await expect(outcome.dialog.getByText(OUTCOME_MESSAGES.amountInvalid)).toBeVisible();
  await expect(outcome.save()).toBeDisabled();
  await amount.fill('0');
  await expect(outcome.dialog.getByText(OUTCOME_MESSAGES.amountPositive)).toBeVisible();
  await amount.fill('');
  await expect(outcome.dialog.getByText(OUTCOME_MESSAGES.amountRequired)).toBeVisible();
  await amount.fill('12,000');
  await expect(outcome.save()).toBeEnabled();
  await outcome.save().click();
  await expect(outcome.dialog).toBeHidden();

  await expect(outcome.timeline().getByRole('listitem')).toHaveCount(2);
  await expect(outcome.timeline().getByRole('listitem').last()).toHaveAccessibleName(`Won: ${WON}`);
  await expect(outcome.section.getByLabel(`Outcome: Won: ${WON}`)).toBeVisible();
}

test('a member takes a lead and records Meeting then Won $12,000; the giver is thanked and the scoreboard counts it', async ({
  page,
  browser,
  request,
}) => {
  const { giver, taker, groupId, name, leadPath } = await groupWithGivenLead(request);
  // The giver has the lead open all along.
  await signIn(page, giver.email, giver.password);
  await page.goto(leadPath);
  await expect(new OutcomeSection(page).section.getByText('No progress recorded yet.')).toBeVisible();

  const takerContext = await browser.newContext();
  const takerPage = await takerContext.newPage();
  await signIn(takerPage, taker.email, taker.password);
  await takerPage.goto(leadPath);
  await takeAndWin(takerPage);
  await takerContext.close();

  // The steps arrive on the giver's page without a reload; the thank-you is in the bell's inbox, which opens the lead.
  const giverOutcome = new OutcomeSection(page);
  await expect(giverOutcome.section.getByLabel(`Outcome: Won: ${WON}`)).toBeVisible({ timeout: 15_000 });
  await expect(giverOutcome.timeline().getByRole('listitem')).toHaveCount(2);
  // The lead is Milo's now: Olive, who gave it, sees its timeline but records nothing on it.
  await expect(giverOutcome.section.getByRole('button', { name: 'RECORD PROGRESS' })).toBeHidden();
  await expect(giverOutcome.section.getByRole('button', { name: 'CONFIRM' })).toBeHidden();
  await page.goto('/activities');
  const thanks = OUTCOME_MESSAGES.wonThanks('Milo Rivera', 1_200_000, LEAD_NAME);
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await page.getByRole('menu', { name: 'Notifications' }).getByRole('menuitem').filter({ hasText: thanks }).click();
  await expect(page).toHaveURL(leadPath);
  await expect(new OutcomeSection(page).section.getByLabel(`Outcome: Won: ${WON}`)).toBeVisible();
  // The ACTIVITIES list says it too.
  await page.goto('/activities');
  await expect(page.getByText(thanks)).toBeVisible();

  // The scoreboard: the group's totals, Olive's row (given 1, won 1, $12,000.00, 100%), a top giver of 30 days.
  await page.goto(`/groups/${groupId}/leads`);
  await page.getByRole('tab', { name: 'Stats' }).click();
  await expect(page).toHaveURL(`/groups/${groupId}/stats`);
  const totals = page.getByRole('region', { name: 'Group totals' });
  await expect(totals.getByLabel('Leads: 1')).toBeVisible();
  await expect(totals.getByLabel('Won: 1')).toBeVisible();
  await expect(totals.getByLabel(`Closed business: ${WON}`)).toBeVisible();
  await expect(totals.getByLabel('Conversion: 100%')).toBeVisible();
  const members = page.getByRole('table', { name: 'Members', exact: true });
  const oliveRow = members.getByRole('row').filter({ hasText: 'Olive Rivera' });
  await expect(oliveRow.getByRole('cell')).toHaveText(['Olive Rivera', '1', '0', '1', WON, '100%']);
  const miloRow = members.getByRole('row').filter({ hasText: 'Milo Rivera' });
  await expect(miloRow.getByRole('cell')).toHaveText(['Milo Rivera', '0', '1', '0', formatCents(0), '—']);
  await expect(page.getByRole('table', { name: 'Top givers of the last 30 days' })).toContainText('Olive Rivera');
  await expect(page.getByRole('table', { name: 'Top givers of the last 90 days' })).toContainText(WON);
  await expect(page.getByRole('table', { name: 'Leads submitted per month' })).toContainText('Olive Rivera 1');
  for (const chart of [
    'Closed business from the leads each member gave',
    'Leads submitted per member per month, the last 12 months',
    'Leads given by the top givers in the last 30 and 90 days',
  ]) {
    await expect(page.getByRole('img', { name: chart }).locator('canvas')).toBeVisible();
  }

  // EXPORT TO CSV: the members table, a column a month.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EXPORT TO CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(leadExportFileName(name).replace(/-leads\.csv$/, '-stats.csv'));
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toMatch(
    /^Member,Leads given,Leads received,Won,Closed business \(\$\),Conversion \(%\)(,\w{3} \d{4}){12}$/,
  );
  expect(lines[1]).toMatch(/^Olive Rivera,1,0,1,12000\.00,100,(0,){11}1$/);
  expect(lines[2]).toMatch(/^Milo Rivera,0,1,0,0\.00,,(0,){11}0$/);

  // The leads export carries the outcome after the spec's headers: stage, its date, the amount.
  await page.getByRole('tab', { name: 'Leads' }).click();
  await expect(leadRow(page).getByRole('cell', { name: `Won: ${WON}` })).toBeVisible();
  const leadsCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EXPORT TO CSV' }).click();
  const leadLines = fs.readFileSync((await (await leadsCsv).path())!, 'utf8').split('\r\n');
  expect(leadLines[1]).toMatch(/,Won,\d{4}-\d{2}-\d{2},12000\.00,$/);

  // The won lead counts in Olive's member rating, which explains itself in a tooltip.
  await page.getByRole('tab', { name: 'Users' }).click();
  const oliveUser = page
    .getByRole('table', { name: 'Group users' })
    .getByRole('row')
    .filter({ hasText: 'Olive Rivera' });
  const rating = oliveUser.getByLabel(/^Rating \d/);
  await expect(rating).toBeVisible();
  await rating.hover();
  await expect(page.getByRole('tooltip')).toHaveText(MEMBER_RATING_EXPLANATION);
});

test("a giver's Won on a lead nobody took is 'reported by the submitter' and counts only once the group's owner confirms it (the owner on a phone)", async ({
  page,
  browser,
  request,
}) => {
  // Olive owns the group; Milo gives a lead, nobody takes it, and Milo reports it Won.
  const owner = await createPayingAccount(request, 'Olive');
  const name = uniqueGroupName('Olive');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const giver = await createPayingAccount(request, 'Milo');
  await joinGroupThroughApi(request, giver.accessToken, { name, privateCode: GROUP_CODE });
  const leadId = await createLeadThroughApi(request, giver.accessToken, groupId);
  const leadPath = `/groups/${groupId}/leads/${leadId}`;

  await signIn(page, giver.email, giver.password);
  await page.goto(leadPath);
  const outcome = new OutcomeSection(page);
  await expect(outcome.section.getByText('Not assigned to anyone yet.')).toBeVisible();
  await outcome.startStep('Won');
  await outcome.dialog.getByLabel('Amount ($)').fill('12000');
  await outcome.save().click();
  await expect(outcome.dialog).toBeHidden();
  const step = outcome.timeline().getByRole('listitem', { name: `Won: ${WON}` });
  await expect(step).toContainText('by Milo Rivera');
  await expect(step).toContainText('reported by the submitter');
  await expect(step).toContainText('Not yet confirmed');
  // Milo cannot confirm his own report.
  await expect(outcome.section.getByRole('button', { name: 'CONFIRM' })).toBeHidden();

  // The owner, on a phone: the report waits; the scoreboard does not count it yet.
  const ownerContext = await browser.newContext(PHONE);
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner.email, owner.password);
  await ownerPage.goto(`/groups/${groupId}/stats`);
  const totals = ownerPage.getByRole('region', { name: 'Group totals' });
  await expect(totals.getByLabel('Won: 0')).toBeVisible();
  await expect(totals.getByLabel(`Closed business: ${formatCents(0)}`)).toBeVisible();
  const miloRow = ownerPage.getByRole('table', { name: 'Members', exact: true }).getByRole('row').filter({
    hasText: 'Milo Rivera',
  });
  // Leads received is left out at this width.
  await expect(miloRow.getByRole('cell').filter({ visible: true })).toHaveText([
    'Milo Rivera',
    '1',
    '0',
    formatCents(0),
    '0%',
  ]);

  await ownerPage.goto(leadPath);
  const ownerOutcome = new OutcomeSection(ownerPage);
  const ownerStep = ownerOutcome.timeline().getByRole('listitem', { name: `Won: ${WON}` });
  await expect(ownerStep).toContainText('reported by the submitter');
  await expect(ownerStep).toContainText('Not yet confirmed');
  await expect(ownerOutcome.section.getByRole('button', { name: 'RECORD PROGRESS' })).toBeHidden();
  const confirm = ownerOutcome.section.getByRole('button', { name: 'CONFIRM' });
  await expect(confirm).toBeVisible();
  await expectFits(ownerPage, 'lead page, a report to confirm');
  await confirm.click();
  await expect(ownerStep).toContainText('confirmed by Olive Rivera');
  await expect(ownerStep).not.toContainText('Not yet confirmed');
  await expect(confirm).toBeHidden();
  await expectFits(ownerPage, 'lead page, confirmed');

  // Milo sees the confirmation without a reload.
  await expect(step).toContainText('confirmed by Olive Rivera', { timeout: 15_000 });
  await expect(step).not.toContainText('Not yet confirmed');

  // Now it is closed business on the scoreboard and in Milo's card.
  await ownerPage.goto(`/groups/${groupId}/stats`);
  await expect(totals.getByLabel('Won: 1')).toBeVisible();
  await expect(totals.getByLabel(`Closed business: ${WON}`)).toBeVisible();
  await expect(miloRow.getByRole('cell').filter({ visible: true })).toHaveText(['Milo Rivera', '1', '1', WON, '100%']);
  await ownerPage.getByRole('tab', { name: 'Users' }).click();
  await ownerPage.getByRole('button', { name: 'Profile of Milo Rivera' }).click();
  const stats = ownerPage.getByRole('dialog', { name: 'Milo Rivera' }).getByRole('region', { name: 'Member stats' });
  await expect(stats.getByLabel('Won: 1')).toBeVisible();
  await expect(stats.getByLabel(`Closed business: ${WON}`)).toBeVisible();
  await ownerContext.close();
});

test("the group's owner sets the follow-up reminder's days (1 to 90); a member sees them", async ({
  page,
  browser,
  request,
}) => {
  const { giver, taker, groupId } = await groupWithGivenLead(request);
  await signIn(page, giver.email, giver.password);
  await page.goto(`/groups/${groupId}/settings`);
  const days = page.getByLabel('Follow-up reminder (days)');
  await expect(days).toHaveValue(String(FOLLOW_UP_DAYS_DEFAULT));
  await days.fill('0');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(OUTCOME_MESSAGES.followUpDaysInvalid)).toBeVisible();
  await days.fill('91');
  await expect(page.getByText(OUTCOME_MESSAGES.followUpDaysInvalid)).toBeVisible();
  await days.fill('14');
  await expect(page.getByText(OUTCOME_MESSAGES.followUpDaysInvalid)).toBeHidden();
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(GROUP_MESSAGES.settingsUpdated)).toBeVisible();
  await page.goto(`/groups/${groupId}/settings`);
  await expect(page.getByLabel('Follow-up reminder (days)')).toHaveValue('14');

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, taker.email, taker.password);
  await memberPage.goto(`/groups/${groupId}/settings`);
  const memberDays = memberPage.getByLabel('Follow-up reminder (days)');
  await expect(memberDays).toHaveValue('14');
  await expect(memberDays).toHaveAttribute('readonly', '');
  await memberContext.close();
});

test.describe('at phone width', () => {
  test.use(PHONE);

  test('the outcome is recorded, and the Stats tab and a member card read, on a phone', async ({
    page,
    browser,
    request,
  }) => {
    const { giver, taker, groupId, leadPath } = await groupWithGivenLead(request);
    const takerContext = await browser.newContext(PHONE);
    const takerPage = await takerContext.newPage();
    await signIn(takerPage, taker.email, taker.password);
    await takerPage.goto(leadPath);
    await takeAndWin(takerPage, true);
    await expectFits(takerPage, 'lead page, won');
    await takerContext.close();

    await signIn(page, giver.email, giver.password);
    await page.goto(`/groups/${groupId}/stats`);
    await expect(
      page.getByRole('region', { name: 'Group totals' }).getByLabel(`Closed business: ${WON}`),
    ).toBeVisible();
    const oliveRow = page.getByRole('table', { name: 'Members', exact: true }).getByRole('row').filter({
      hasText: 'Olive Rivera',
    });
    // Leads received is left out at this width.
    await expect(oliveRow.getByRole('cell').filter({ visible: true })).toHaveText([
      'Olive Rivera',
      '1',
      '1',
      WON,
      '100%',
    ]);
    await expect(
      page.getByRole('img', { name: 'Closed business from the leads each member gave' }).locator('canvas'),
    ).toBeVisible();
    await expectFits(page, 'the Stats tab');

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Profile of Olive Rivera' }).click();
    const card = page.getByRole('dialog', { name: 'Olive Rivera' });
    const stats = card.getByRole('region', { name: 'Member stats' });
    await expect(stats.getByLabel('Leads given: 1')).toBeVisible();
    await expect(stats.getByLabel('Leads received: 0')).toBeVisible();
    await expect(stats.getByLabel('Won: 1')).toBeVisible();
    await expect(stats.getByLabel(`Closed business: ${WON}`)).toBeVisible();
    await expectFits(page, 'member card');
  });

  test('a member’s rating says where it shows how it is made: quality stars and leads won and lost', async ({
    page,
    request,
  }) => {
    const { giver, taker, groupId, leadPath } = await groupWithGivenLead(request);
    const leadId = Number(leadPath.split('/').pop());
    // Milo takes Olive's only lead, wins it and rates it 4 stars: quality 4, 1 won, 0 lost, blended 3.8.
    const { userId: takerId } = (await callAs(request, taker.accessToken, '/user/get')) as { userId: number };
    await callAs(request, taker.accessToken, '/lead/assign', { group_id: groupId, lead_id: leadId, user_id: takerId });
    await callAs(request, taker.accessToken, '/lead/outcome/record', { lead_id: leadId, stage: 'WON', amount: 12000 });
    await callAs(request, taker.accessToken, '/rating/quality/rate', { lead_id: leadId, rating: 4 });

    await signIn(page, giver.email, giver.password);
    await page.goto(`/groups/${groupId}/users`);
    const oliveRow = page.getByRole('table', { name: 'Group users' }).getByRole('row').filter({
      hasText: 'Olive Rivera',
    });
    const summary = memberRatingSummary(3.8, { quality: 4, won: 1, lost: 0 });
    expect(summary).toBe('3.8 · 4★ quality, 1 lead won, 0 lost');
    // Shown, not only in a tooltip a phone never opens.
    await expect(oliveRow.getByText(summary)).toBeVisible();
    const miloRow = page
      .getByRole('table', { name: 'Group users' })
      .getByRole('row')
      .filter({ hasText: 'Milo Rivera' });
    await expect(miloRow.getByLabel('No rating yet')).toBeVisible();
    await expectFits(page, 'the Users tab');
    expect(await brokenWords(oliveRow)).toEqual([]);

    await page.getByRole('button', { name: 'Profile of Olive Rivera' }).click();
    const card = page.getByRole('dialog', { name: 'Olive Rivera' });
    await expect(card.getByText(summary)).toBeVisible();
    expect(await brokenWords(card)).toEqual([]);
  });
});
