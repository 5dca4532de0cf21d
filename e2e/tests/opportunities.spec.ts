import { MESSAGES, OPPORTUNITY_MESSAGES } from '@leadcircle/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createConfirmedAccount, PASSWORD, signIn, signInThroughForm } from '../support/accounts.js';
import { Conversation } from '../support/chat.js';
import {
  callAs,
  createGroupThroughApi,
  createPayingAccount,
  signInThroughApi,
  uniqueGroupName,
} from '../support/groups.js';
import { createLeadThroughApi, LEAD, LEAD_NAME } from '../support/leads.js';
import { uniqueEmail, waitForMail } from '../support/mailbox.js';

// Opportunities: create one from a lead, add a contact and comment on it,
// share it with a new address whose owner signs up from the e-mail, take the share back; phone width.

const GROUP_CODE = 'open-sesame-42';
// Nothing wider than the screen (phone width).
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const opportunityRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Opportunities' }).getByRole('row').filter({ hasText: name });

test('an owner creates an opportunity from a lead, adds a contact, shares it with a newcomer and takes it back', async ({
  page,
  browser,
  request,
}) => {
  // Two people, three e-mails and a sign-up: longer than one screen's test.
  test.setTimeout(180_000);
  const owner = await createPayingAccount(request, 'Oscar');
  const groupId = await createGroupThroughApi(request, owner.accessToken, {
    name: uniqueGroupName('Oscar'),
    privateCode: GROUP_CODE,
  });
  const leadId = await createLeadThroughApi(request, owner.accessToken, groupId);

  // CREATE OPPORTUNITY on the lead: the dialog starts from the lead.
  await signIn(page, owner.email, PASSWORD);
  await page.goto(`/groups/${groupId}/leads/${leadId}`);
  await page.getByRole('button', { name: 'CREATE OPPORTUNITY' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Opportunity' });
  const name = dialog.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(`${LEAD.company} - ${LEAD_NAME}`);
  await expect(dialog.getByLabel('Description')).toHaveValue(LEAD.notes);
  await expect(dialog.getByLabel('Street', { exact: true })).toHaveValue(LEAD.street);
  // The form's rules, with the spec's messages.
  await name.fill('');
  await expect(dialog.getByText(OPPORTUNITY_MESSAGES.nameRequired)).toBeVisible();
  await name.fill('Acme');
  await expect(dialog.getByText(OPPORTUNITY_MESSAGES.tooShort)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
  const opportunityName = `Acme rollout ${Date.now().toString(36)}`;
  await name.fill(opportunityName);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText(OPPORTUNITY_MESSAGES.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/opportunities$/);
  await expect(opportunityRow(page, opportunityName)).toContainText(`${owner.firstName} ${owner.lastName}`);

  // Its information: description, location, map, nobody shared yet.
  await opportunityRow(page, opportunityName).click();
  await expect(page).toHaveURL(/\/opportunities\/\d+\/information$/);
  const opportunityId = Number(page.url().match(/opportunities\/(\d+)/)![1]);
  await expect(page.getByRole('heading', { name: opportunityName })).toBeVisible();
  await expect(page.getByText(LEAD.notes)).toBeVisible();
  await expect(page.getByText(`${LEAD.street}, New York, NY ${LEAD.zip}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shared With (0)' })).toBeVisible();

  // Messages: the opportunity's room, with the spec's empty state until its first message.
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page.getByText(OPPORTUNITY_MESSAGES.messagesEmpty)).toBeVisible();
  await page.getByRole('button', { name: OPPORTUNITY_MESSAGES.startConversation }).click();
  await expect(new Conversation(page).composer).toBeFocused();

  // Contacts: the lead's person is the first; the owner adds another.
  await page.getByRole('tab', { name: 'Contacts' }).click();
  const contacts = page.getByRole('table', { name: 'Contacts' });
  await expect(contacts.getByRole('row').filter({ hasText: LEAD_NAME })).toContainText(LEAD.company);
  await page.getByRole('button', { name: 'CREATE CONTACT' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Create Contact' });
  await contactDialog.getByLabel('First Name', { exact: true }).fill('Mina');
  await contactDialog.getByLabel('Last Name', { exact: true }).fill('Park');
  await contactDialog.getByLabel('Company', { exact: true }).fill('Acme Corp');
  await contactDialog.getByLabel('Position', { exact: true }).fill('CFO');
  await contactDialog.getByLabel('Email', { exact: true }).fill('mina@');
  await expect(contactDialog.getByText('Must be a valid email')).toBeVisible();
  await contactDialog.getByLabel('Email', { exact: true }).fill('mina.park@acme.example');
  await contactDialog.getByLabel('Notes', { exact: true }).fill('Signs the purchase orders.');
  await contactDialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(contactDialog).toBeHidden();
  const minaRow = contacts.getByRole('row').filter({ hasText: 'Mina Park' });
  await expect(minaRow).toContainText('Signs the purchase orders.');

  // Contact details: the card's links and a stored comment.
  await minaRow.click();
  await expect(page).toHaveURL(new RegExp(`/opportunities/${opportunityId}/contacts/\\d+$`));
  await expect(page.getByRole('link', { name: 'mina.park@acme.example' })).toHaveAttribute(
    'href',
    'mailto:mina.park@acme.example',
  );
  await page.getByLabel('Enter your comment').fill('Budget meeting on Tuesday.');
  await page.getByRole('button', { name: 'Send comment' }).click();
  await expect(page.getByRole('list', { name: 'Contact comments' })).toContainText('Budget meeting on Tuesday.');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Contact comments' })).toContainText('Budget meeting on Tuesday.');
  const contactPath = new URL(page.url()).pathname;

  // Share with an address that has no account yet.
  await page.goto(`/opportunities/${opportunityId}/information`);
  await page.getByRole('button', { name: 'SHARE' }).click();
  const share = page.getByRole('dialog', { name: 'Share opportunity' });
  await share.getByRole('button', { name: 'Send invite' }).click();
  await expect(share.getByText('Email is required')).toBeVisible();
  const newcomer = uniqueEmail('partner');
  await share.getByLabel('Email').fill(newcomer);
  await share.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(OPPORTUNITY_MESSAGES.inviteSent)).toBeVisible();
  await expect(share).toBeHidden();

  // The newcomer signs up from the e-mail and lands on the list with the opportunity shared.
  const invite = await waitForMail(newcomer, /shared the opportunity/);
  expect(invite.link).toContain('/opportunity/user_invited?action=OPPORTUNITY_INVITE&user_id=0');
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(invite.link);
  await expect(invitee).toHaveURL(/\/signin$/);
  await invitee.getByRole('link', { name: "Don't have an account? Sign up" }).click();
  await invitee.getByLabel('First name').fill('Nina');
  await invitee.getByLabel('Last name').fill('Newman');
  await invitee.getByLabel('Email').fill(newcomer);
  await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await invitee.getByLabel('Password confirmation').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Create my account' }).click();
  await expect(invitee.getByRole('main').getByText(MESSAGES.signupSuccess)).toBeVisible();
  const confirmation = await waitForMail(newcomer, /Confirm your LeadCircle account/);
  await invitee.goto(confirmation.link);
  await expect(invitee).toHaveURL(/\/opportunities$/, { timeout: 15_000 });
  const sharedRow = opportunityRow(invitee, opportunityName);
  await expect(sharedRow).toBeVisible();
  // A shared user reads; edit and remove are the owner's.
  await expect(invitee.getByRole('button', { name: `Edit ${opportunityName}` })).toHaveCount(0);
  await sharedRow.click();
  await expect(invitee.getByRole('heading', { name: opportunityName })).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'SHARE' })).toHaveCount(0);
  // The contact's comments are shown to everyone on the opportunity.
  await invitee.goto(contactPath);
  await expect(invitee.getByRole('list', { name: 'Contact comments' })).toContainText('Budget meeting on Tuesday.');
  await expect(invitee.getByRole('button', { name: 'EDIT' })).toHaveCount(0);

  // Both write in the Messages tab and see each other's messages without a reload.
  await page.goto(`/opportunities/${opportunityId}/messages`);
  await invitee.goto(`/opportunities/${opportunityId}/messages`);
  await new Conversation(invitee).send('Happy to help with Acme.');
  await expect(new Conversation(page).region).toContainText('Happy to help with Acme.');
  await new Conversation(page).send('Great, the kick-off is on Monday.');
  await expect(new Conversation(invitee).region).toContainText('Great, the kick-off is on Monday.');
  await expect(page.getByText(OPPORTUNITY_MESSAGES.messagesEmpty)).toHaveCount(0);

  // The owner sees 'Shared With (1)', then takes the share back in the settings.
  await page.goto(`/opportunities/${opportunityId}/information`);
  await expect(page.getByRole('heading', { name: 'Shared With (1)' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(`/opportunities/${opportunityId}/settings`);
  await page.getByRole('button', { name: 'Remove Nina Newman' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'REMOVE' }).click();
  await expect(page.getByRole('heading', { name: 'Shared With (0)' })).toBeVisible();
  // The Messages toggle is the owner's own; SAVE says so and goes back.
  await page.getByLabel('Messages').uncheck();
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(OPPORTUNITY_MESSAGES.settingsUpdated)).toBeVisible();
  await expect(page).toHaveURL(`/opportunities/${opportunityId}/information`);

  // The invitee lost it.
  await invitee.goto('/opportunities');
  await expect(invitee.getByRole('heading', { name: 'Opportunities' })).toBeVisible();
  await expect(opportunityRow(invitee, opportunityName)).toHaveCount(0);
  await invitee.goto(`/opportunities/${opportunityId}/information`);
  await expect(invitee.getByText(OPPORTUNITY_MESSAGES.notFound)).toBeVisible();
  await context.close();
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a member creates an opportunity from the list, adds the first contact and edits it', async ({
    page,
    request,
  }) => {
    const account = await createConfirmedAccount(request, 'Pia');
    await signIn(page, account.email, PASSWORD);
    await page.goto('/opportunities');
    await expect(page.getByRole('heading', { name: 'Opportunities' })).toBeVisible();
    await page.getByRole('button', { name: 'CREATE OPPORTUNITY' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Opportunity' });
    // The address part is the spec's Location, with its message.
    await expect(dialog.getByRole('group', { name: 'Location' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Address' })).toHaveCount(0);
    await dialog.getByLabel('Street', { exact: true }).fill('1');
    await dialog.getByLabel('Street', { exact: true }).fill('');
    await expect(dialog.getByText(OPPORTUNITY_MESSAGES.locationRequired)).toBeVisible();
    // Filled out of order: the location first, then the description, then the name.
    await dialog.getByLabel('Street', { exact: true }).fill('1 Market Street');
    await dialog.getByLabel('ZIP code').fill('94105');
    await expect(dialog.getByLabel('City')).toHaveValue('San Francisco');
    await dialog.getByLabel('Description').fill('abc');
    await expect(dialog.getByText(OPPORTUNITY_MESSAGES.tooShort)).toBeVisible();
    await dialog.getByLabel('Description').fill('d'.repeat(501));
    await expect(dialog.getByText(OPPORTUNITY_MESSAGES.descriptionTooLong)).toBeVisible();
    await dialog.getByLabel('Description').fill('Pilot for the bay area stores.');
    const name = `Bay pilot ${Date.now().toString(36)}`;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(opportunityRow(page, name)).toBeVisible();
    await expectNoSideScroll(page);
    await opportunityRow(page, name).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map' })).toBeVisible();
    await expectNoSideScroll(page);

    await page.getByRole('tab', { name: 'Contacts' }).click();
    await expect(page.getByText(OPPORTUNITY_MESSAGES.contactsEmpty)).toBeVisible();
    await page.getByRole('button', { name: 'ADD CONTACT' }).click();
    const contactDialog = page.getByRole('dialog', { name: 'Create Contact' });
    await contactDialog.getByLabel('Email', { exact: true }).fill('x');
    await contactDialog.getByLabel('Email', { exact: true }).fill('');
    await expect(contactDialog.getByText('You must have one of phone, email or linkedin')).toBeVisible();
    await contactDialog.getByLabel('First Name', { exact: true }).fill('Lee');
    await contactDialog.getByLabel('Last Name', { exact: true }).fill('Chen');
    await contactDialog.getByLabel('Position', { exact: true }).fill('Store Manager');
    await contactDialog.getByLabel('Company', { exact: true }).fill('Bay Stores');
    await contactDialog.getByLabel('Email', { exact: true }).fill('lee.chen@bay.example');
    await contactDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(contactDialog).toBeHidden();
    const row = page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: 'Lee Chen' });
    await expect(row).toBeVisible();

    // Edit mode: names, company and title read-only; the e-mail kind stays; a phone is added.
    await row.getByRole('button', { name: 'Edit Lee Chen' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact' });
    await expect(edit.getByLabel('First Name', { exact: true })).toHaveAttribute('readonly', '');
    await expect(edit.getByLabel('Company', { exact: true })).toHaveAttribute('readonly', '');
    await expect(edit.getByRole('button', { name: 'Remove Email' })).toHaveCount(0);
    await edit.getByRole('button', { name: 'ADD CONTACT INFO' }).click();
    await page.getByRole('menuitem', { name: 'Phone' }).click();
    await edit.getByLabel('Phone', { exact: true }).fill('(415) 555-0123');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await row.click();
    await expect(page.getByRole('link', { name: '(415) 555-0123' })).toHaveAttribute('href', /^tel:/);
    await expectNoSideScroll(page);
  });
});

test('a stranger who opens an opportunity’s address learns nothing about it', async ({ page, request }) => {
  const owner = await createConfirmedAccount(request, 'Uma');
  const ownerToken = await signInThroughApi(request, owner.email, owner.password);
  const created = (await callAs(request, ownerToken, '/opportunity/set', {
    name: 'Secret expansion',
    notes: 'Not for everyone.',
    address: { street_one: '1 Market Street', city: 'San Francisco', state_abbrv: 'CA', postal: '94105' },
  })) as { opportunityId: number };
  const stranger = await createConfirmedAccount(request, 'Sol');
  await signIn(page, stranger.email, PASSWORD);
  await page.goto(`/opportunities/${created.opportunityId}/information`);
  await expect(page.getByText(OPPORTUNITY_MESSAGES.notFound)).toBeVisible();
  await expect(page.getByText('Secret expansion')).toHaveCount(0);
});

/** Rita makes an opportunity through the API and invites Sven, who has an account, to it. */
async function opportunityInviteThroughApi(request: APIRequestContext, name: string, notes: string) {
  const owner = await createConfirmedAccount(request, 'Rita');
  const ownerToken = await signInThroughApi(request, owner.email, owner.password);
  const colleague = await createConfirmedAccount(request, 'Sven');
  const fullName = `${name} ${Date.now().toString(36)}`;
  const created = (await callAs(request, ownerToken, '/opportunity/set', {
    name: fullName,
    notes,
    address: { street_one: '1 Market Street', city: 'San Francisco', state_abbrv: 'CA', postal: '94105' },
  })) as { opportunityId: number };
  await callAs(request, ownerToken, '/opportunity/user/invite', {
    opportunity_id: created.opportunityId,
    email: colleague.email,
  });
  const invite = await waitForMail(colleague.email, /shared the opportunity/);
  return { owner, ownerToken, colleague, name: fullName, opportunityId: created.opportunityId, invite };
}

/** The same, and Sven accepts. */
async function opportunitySharedThroughApi(request: APIRequestContext, name: string, notes: string) {
  const shared = await opportunityInviteThroughApi(request, name, notes);
  const colleagueToken = await signInThroughApi(request, shared.colleague.email, shared.colleague.password);
  await callAs(request, colleagueToken, '/opportunity/user/invite_accept', {
    opportunity_id: shared.opportunityId,
    invite_code: new URL(shared.invite.link).searchParams.get('invite_code'),
  });
  return shared;
}

test('a colleague with an account follows the invite, signs in and finds the opportunity in the list', async ({
  page,
  request,
}) => {
  const { colleague, name, invite } = await opportunityInviteThroughApi(
    request,
    'Harbor deal',
    'Two cranes and a warehouse.',
  );
  expect(new URL(invite.link).searchParams.get('user_id')).not.toBe('0');

  await page.goto(invite.link);
  await expect(page).toHaveURL(/\/signin$/);
  await signInThroughForm(page, colleague.email, PASSWORD);
  await expect(page).toHaveURL(/\/opportunities$/);
  await expect(opportunityRow(page, name)).toContainText('Rita Rivera');
  await opportunityRow(page, name).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shared With (1)' })).toBeVisible();
});

test('a colleague on the opportunity sees a contact comment appear without reloading', async ({ browser, request }) => {
  const { owner, ownerToken, colleague, opportunityId } = await opportunitySharedThroughApi(
    request,
    'Pier deal',
    'Four cranes.',
  );
  const contact = (await callAs(request, ownerToken, '/opportunity/contact/set', {
    opportunity_id: opportunityId,
    first_name: 'Lee',
    last_name: 'Harbor',
    title: 'Port Manager',
    company: 'Bay Freight',
    email: uniqueEmail('lee'),
  })) as { contactId: number };

  const contactPath = `/opportunities/${opportunityId}/contacts/${contact.contactId}`;
  const [ownerContext, colleagueContext] = [await browser.newContext(), await browser.newContext()];
  const [ownerPage, colleaguePage] = [await ownerContext.newPage(), await colleagueContext.newPage()];
  // The colleague opens the contact first; the owner signs in and comments meanwhile.
  await signIn(colleaguePage, colleague.email, PASSWORD);
  await colleaguePage.goto(contactPath);
  await expect(colleaguePage.getByText('No comments yet.', { exact: false })).toBeVisible();
  let reloaded = false;
  colleaguePage.on('framenavigated', (frame) => {
    if (frame === colleaguePage.mainFrame()) reloaded = true;
  });
  // The colleague's page reads the comments once when the event comes, and never on a timer.
  let listReads = 0;
  colleaguePage.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/opportunity/contact/comment/list') listReads += 1;
  });
  await signIn(ownerPage, owner.email, PASSWORD);
  await ownerPage.goto(contactPath);

  await ownerPage.getByLabel('Enter your comment').fill('Crane inspection moved to Monday.');
  await ownerPage.getByRole('button', { name: 'Send comment' }).click();
  await expect(ownerPage.getByRole('list', { name: 'Contact comments' })).toContainText(
    'Crane inspection moved to Monday.',
  );
  await expect(colleaguePage.getByRole('list', { name: 'Contact comments' })).toContainText(
    'Crane inspection moved to Monday.',
    { timeout: 15_000 },
  );
  expect(reloaded).toBe(false);
  // Quiet for a while (longer than a poll would wait): still the one read.
  await colleaguePage.waitForTimeout(6_000);
  expect(listReads).toBe(1);
  await ownerContext.close();
  await colleagueContext.close();
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a member an opportunity is shared with reads, on its empty Contacts tab, who adds contacts (${viewport.width}px)`, async ({
    page,
    request,
  }) => {
    const { colleague, opportunityId } = await opportunitySharedThroughApi(request, 'Dock deal', 'Three forklifts.');

    await page.setViewportSize(viewport);
    await signIn(page, colleague.email, PASSWORD);
    await page.goto(`/opportunities/${opportunityId}/contacts`);
    await expect(page.getByText(OPPORTUNITY_MESSAGES.contactsEmptyShared('Rita Rivera'))).toBeVisible();
    // The owner's words and actions are not theirs.
    await expect(page.getByText(OPPORTUNITY_MESSAGES.contactsEmpty)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'ADD CONTACT' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'CREATE CONTACT' })).toHaveCount(0);
    await expectNoSideScroll(page);
  });
}
