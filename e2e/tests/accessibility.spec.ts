import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { createConfirmedAccount, PASSWORD, signIn, signInThroughForm } from '../support/accounts.js';
import { createAdmin } from '../support/admins.js';
import { subscribeThroughApi } from '../support/billing.js';
import { groupRoomId, sendThroughApi } from '../support/chat.js';
import {
  callAs,
  createGroupThroughApi,
  createPayingAccount,
  joinGroupThroughApi,
  uniqueGroupName,
} from '../support/groups.js';
import { createLeadThroughApi, LEAD_NAME } from '../support/leads.js';
import { PUBLIC_PATHS } from '../support/screens.js';

// axe-core on every screen and main dialog, signed out and signed in, at a laptop's width (1366) and a
// phone's (390): no serious or critical violation of WCAG 2.x A/AA (names, labels, contrast, structure).

// Several people and every screen twice: longer than one screen's test.
test.describe.configure({ timeout: 240_000 });

const WIDTHS = [
  { label: '1366', viewport: { width: 1366, height: 768 } },
  { label: '390', viewport: { width: 390, height: 844 } },
] as const;

const GROUP_CODE = 'accessible-circle';

/** Runs the walk at each width, naming the width in each check. */
async function atEachWidth(page: Page, walk: (width: string) => Promise<void>) {
  for (const { label, viewport } of WIDTHS) {
    await page.setViewportSize(viewport);
    await walk(label);
  }
}

/** Goes to each path and checks it. */
async function checkPaths(page: Page, width: string, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expectAccessible(page, `${path} at ${width}`);
  }
}

/** Opens a dialog, checks the page with it open, and closes it with Escape. */
async function checkDialog(page: Page, where: string, dialog: Locator, open: () => Promise<unknown>) {
  await open();
  await expect(dialog).toBeVisible();
  await expectAccessible(page, where);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('the signed-out screens are accessible', async ({ page }) => {
  await atEachWidth(page, async (width) => {
    await checkPaths(page, width, PUBLIC_PATHS);
    // A form's messages are shown too.
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectAccessible(page, `/signin with its messages at ${width}`);
  });
});

test('a newcomer’s screens and dialogs are accessible: wizard, join, payment, settings, help', async ({
  page,
  request,
}) => {
  const account = await createConfirmedAccount(request, 'Ada');
  await signIn(page, account.email, PASSWORD);
  await atEachWidth(page, async (width) => {
    await checkPaths(page, width, [
      '/activities',
      '/groups',
      '/opportunities',
      '/chat/direct',
      '/my-settings/profile',
      '/my-settings/notifications',
      '/my-settings/privacy-policy',
      '/my-settings/terms-of-use',
    ]);

    await page.goto('/groups');
    const wizard = page.getByRole('dialog', { name: 'Create group' });
    await page.getByRole('button', { name: 'CREATE GROUP' }).click();
    await expectAccessible(page, `create group wizard, step 1 at ${width}`);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Group name').fill(uniqueGroupName('Ada'));
    await expectAccessible(page, `create group wizard, step 2 at ${width}`);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByLabel('Group password')).toBeVisible();
    await expectAccessible(page, `create group wizard, step 3 at ${width}`);
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await expect(wizard).toBeHidden();

    const join = page.getByRole('dialog', { name: 'Join group' });
    await page.getByRole('button', { name: 'JOIN GROUP' }).click();
    await expectAccessible(page, `join group dialog at ${width}`);
    await join.getByLabel('Group name').fill('Somebody else’s circle');
    await join.getByLabel('Group password').fill('whatever-code');
    await join.getByRole('button', { name: 'Join' }).click();
    await checkDialog(page, `payment dialog at ${width}`, page.getByRole('dialog', { name: 'Subscribe' }), () =>
      Promise.resolve(),
    );

    await page.goto('/my-settings/profile');
    await checkDialog(
      page,
      `delete account dialog at ${width}`,
      page.getByRole('dialog', { name: 'Delete your account?' }),
      () => page.getByRole('button', { name: 'REQUEST ACCOUNT DELETION' }).click(),
    );
    await page.goto('/settings');
    await checkDialog(page, `settings dialog at ${width}`, page.getByRole('dialog', { name: 'Settings' }), () =>
      Promise.resolve(),
    );
    await page.goto('/send-feedback');
    await checkDialog(page, `feedback dialog at ${width}`, page.getByRole('dialog', { name: 'Send Feedback' }), () =>
      Promise.resolve(),
    );
    if (width === '390') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectAccessible(page, `the menu at ${width}`);
    }
    await checkDialog(page, `help dialog at ${width}`, page.getByRole('dialog', { name: 'Help' }), () =>
      page.getByRole('button', { name: 'Help' }).click(),
    );
  });
});

test('a member’s group, lead and chat screens and dialogs are accessible', async ({ page, request }) => {
  const owner = await createPayingAccount(request, 'Olive');
  const name = uniqueGroupName('Accessible');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const member = await createPayingAccount(request, 'Milo');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: GROUP_CODE });
  const leadId = await createLeadThroughApi(request, owner.accessToken, groupId);
  await createLeadThroughApi(request, member.accessToken, groupId);
  const roomId = await groupRoomId(request, owner.accessToken, groupId);
  await sendThroughApi(request, member.accessToken, roomId, 'Hello team, the Acme lead is hot.');
  await sendThroughApi(request, owner.accessToken, roomId, 'Thanks, I will call them today.');

  await signIn(page, owner.email, owner.password);
  await atEachWidth(page, async (width) => {
    await checkPaths(page, width, [
      '/activities',
      '/groups',
      `/groups/${groupId}/leads`,
      `/groups/${groupId}/users`,
      `/groups/${groupId}/messages`,
      `/groups/${groupId}/stats`,
      `/groups/${groupId}/settings`,
      `/groups/${groupId}/leads/${leadId}`,
      '/chat/groups',
      `/chat/groups?room=${roomId}`,
      '/chat/direct',
      '/admin/invoices',
      '/my-settings/notifications',
    ]);

    await page.goto(`/groups/${groupId}/leads`);
    await checkDialog(page, `create lead dialog at ${width}`, page.getByRole('dialog', { name: 'Create Lead' }), () =>
      page.getByRole('button', { name: 'CREATE LEAD' }).click(),
    );
    await checkDialog(page, `edit lead dialog at ${width}`, page.getByRole('dialog', { name: 'Edit Lead' }), () =>
      page
        .getByRole('button', { name: `Edit ${LEAD_NAME}` })
        .first()
        .click(),
    );
    await checkDialog(
      page,
      `remove lead dialog at ${width}`,
      page.getByRole('dialog', { name: `Remove ${LEAD_NAME}?` }),
      () =>
        page
          .getByRole('button', { name: `Remove ${LEAD_NAME}` })
          .first()
          .click(),
    );

    await page.goto(`/groups/${groupId}/leads/${leadId}`);
    await checkDialog(
      page,
      `record progress dialog at ${width}`,
      page.getByRole('dialog', { name: 'Record progress' }),
      () => page.getByRole('button', { name: 'RECORD PROGRESS' }).click(),
    );
    await checkDialog(
      page,
      `create opportunity dialog at ${width}`,
      page.getByRole('dialog', { name: 'Create Opportunity' }),
      () => page.getByRole('button', { name: 'CREATE OPPORTUNITY' }).click(),
    );

    await page.goto(`/groups/${groupId}/users`);
    await checkDialog(page, `invite user dialog at ${width}`, page.getByRole('dialog', { name: 'Invite user' }), () =>
      page
        .getByRole('button', { name: /^INVITE USER/ })
        .first()
        .click(),
    );
    await checkDialog(page, `member card at ${width}`, page.getByRole('dialog', { name: 'Milo Rivera' }), () =>
      page.getByRole('button', { name: 'Profile of Milo Rivera' }).click(),
    );

    await page.goto('/groups');
    await checkDialog(page, `edit group dialog at ${width}`, page.getByRole('dialog', { name: 'Edit group' }), () =>
      page.getByRole('button', { name: `Edit ${name}` }).click(),
    );
    await checkDialog(
      page,
      `delete group dialog at ${width}`,
      page.getByRole('dialog', { name: `Delete ${name}?` }),
      () => page.getByRole('button', { name: `Remove ${name}` }).click(),
    );

    await page.goto(`/groups/${groupId}/messages`);
    await page.getByRole('button', { name: 'Message actions' }).last().click();
    await expectAccessible(page, `a message's actions at ${width}`);
    await checkDialog(
      page,
      `delete message dialog at ${width}`,
      page.getByRole('dialog', { name: 'Delete message' }),
      () => page.getByRole('menuitem', { name: 'Delete' }).click(),
    );

    await page.goto('/admin/invoices');
    await checkDialog(
      page,
      `update payment method dialog at ${width}`,
      page.getByRole('dialog', { name: 'Update payment method' }),
      () => page.getByRole('button', { name: 'MANAGE PAYMENT' }).click(),
    );

    await page.goto('/chat/direct');
    await checkDialog(
      page,
      `new conversation dialog at ${width}`,
      page.getByRole('dialog', { name: 'New conversation' }),
      () => page.getByRole('button', { name: 'NEW ROOM' }).click(),
    );
  });
});

test('an opportunity’s screens and dialogs are accessible', async ({ page, request }) => {
  const owner = await createPayingAccount(request, 'Oscar');
  const groupId = await createGroupThroughApi(request, owner.accessToken, {
    name: uniqueGroupName('Oscar'),
    privateCode: GROUP_CODE,
  });
  const leadId = await createLeadThroughApi(request, owner.accessToken, groupId);
  const name = `Acme rollout ${Date.now().toString(36)}`;
  const { opportunityId } = (await callAs(request, owner.accessToken, '/opportunity/set', {
    name,
    notes: 'Two cranes and a warehouse.',
    address: { street_one: '1 Market Street', city: 'San Francisco', state_abbrv: 'CA', postal: '94105' },
    lead_id: leadId,
  })) as { opportunityId: number };
  const { contacts } = (await callAs(request, owner.accessToken, '/opportunity/contact/list', {
    opportunity_id: opportunityId,
  })) as { contacts: Array<{ contactId: number }> };
  const colleague = await createConfirmedAccount(request, 'Sven');
  await callAs(request, owner.accessToken, '/opportunity/user/invite', {
    opportunity_id: opportunityId,
    email: colleague.email,
  });

  await signIn(page, owner.email, owner.password);
  await atEachWidth(page, async (width) => {
    await checkPaths(page, width, [
      '/opportunities',
      `/opportunities/${opportunityId}/information`,
      `/opportunities/${opportunityId}/messages`,
      `/opportunities/${opportunityId}/contacts`,
      `/opportunities/${opportunityId}/contacts/${contacts[0]!.contactId}`,
      `/opportunities/${opportunityId}/settings`,
      '/chat/opportunities',
    ]);

    await page.goto('/opportunities');
    await checkDialog(
      page,
      `create opportunity dialog at ${width}`,
      page.getByRole('dialog', { name: 'Create Opportunity' }),
      () => page.getByRole('button', { name: 'CREATE OPPORTUNITY' }).click(),
    );
    await checkDialog(page, `edit opportunity dialog at ${width}`, page.getByRole('dialog'), () =>
      page.getByRole('button', { name: `Edit ${name}` }).click(),
    );
    await checkDialog(page, `remove opportunity dialog at ${width}`, page.getByRole('dialog'), () =>
      page.getByRole('button', { name: `Remove ${name}` }).click(),
    );

    await page.goto(`/opportunities/${opportunityId}/information`);
    await checkDialog(page, `share dialog at ${width}`, page.getByRole('dialog', { name: 'Share opportunity' }), () =>
      page.getByRole('button', { name: 'SHARE' }).click(),
    );

    await page.goto(`/opportunities/${opportunityId}/contacts`);
    await checkDialog(
      page,
      `create contact dialog at ${width}`,
      page.getByRole('dialog', { name: 'Create Contact' }),
      () => page.getByRole('button', { name: 'CREATE CONTACT' }).click(),
    );
    await checkDialog(page, `edit contact dialog at ${width}`, page.getByRole('dialog', { name: 'Edit Contact' }), () =>
      page.getByRole('button', { name: `Edit ${LEAD_NAME}` }).click(),
    );
  });
});

test('a business admin’s screens and dialogs are accessible', async ({ page, request }) => {
  const admin = await createAdmin(request, 'Avery');
  await subscribeThroughApi(request, admin.accessToken, admin.email);
  await page.goto('/signin');
  await signInThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/manage-users$/);

  await atEachWidth(page, async (width) => {
    await checkPaths(page, width, [
      '/admin/manage-users',
      '/admin/crms',
      '/manage-territories',
      '/territory',
      '/admin/invoices',
      '/chat/business',
    ]);

    await page.goto('/admin/manage-users');
    await checkDialog(page, `add user dialog at ${width}`, page.getByRole('dialog', { name: 'Add user' }), () =>
      page.getByRole('button', { name: 'ADD USER' }).click(),
    );
    await page.goto('/admin/crms');
    await checkDialog(
      page,
      `CRM support dialog at ${width}`,
      page.getByRole('dialog', { name: 'CRM integration support' }),
      () => page.getByRole('button', { name: 'CONTACT SUPPORT' }).click(),
    );
    await page.goto('/manage-territories');
    await checkDialog(
      page,
      `add territory dialog at ${width}`,
      page.getByRole('dialog', { name: 'Add territory' }),
      () => page.getByRole('button', { name: 'ADD TERRITORY' }).click(),
    );
  });
});
