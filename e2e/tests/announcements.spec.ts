import { GROUP_MESSAGES } from '@leadcircle/shared';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { Conversation, groupRoomId, sendThroughApi } from '../support/chat.js';
import { createGroupThroughApi, createPayingAccount, joinGroupThroughApi, uniqueGroupName } from '../support/groups.js';
import { uniqueEmail } from '../support/mailbox.js';

// What a screen reader says without being asked: the snackbars' messages, and a message that arrives
// in the open room from someone else (politely: after what is being read).

test.describe.configure({ timeout: 120_000 });

const GROUP_CODE = 'announced-circle';
// Live regions, as assistive technology finds them.
const LIVE = '[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="alert"], [role="log"]';
const POLITE = '[aria-live="polite"], [role="status"], [role="log"]';

test('a snackbar’s message is in a live region', async ({ page, request }) => {
  const owner = await createPayingAccount(request, 'Olive');
  const groupId = await createGroupThroughApi(request, owner.accessToken, {
    name: uniqueGroupName('Announced'),
    privateCode: GROUP_CODE,
  });
  await signIn(page, owner.email, owner.password);
  await page.goto(`/groups/${groupId}/users`);
  await page
    .getByRole('button', { name: /^INVITE USER/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(uniqueEmail('newcomer'));
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.locator(LIVE).filter({ hasText: GROUP_MESSAGES.inviteSent })).toBeVisible();
});

test('a message from another member arriving in the open room is announced politely', async ({ page, request }) => {
  const owner = await createPayingAccount(request, 'Olive');
  const name = uniqueGroupName('Announced');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const member = await createPayingAccount(request, 'Milo');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: GROUP_CODE });
  const roomId = await groupRoomId(request, owner.accessToken, groupId);
  await sendThroughApi(request, member.accessToken, roomId, 'An old message, read before.');

  await signIn(page, owner.email, owner.password);
  await page.goto(`/groups/${groupId}/messages`);
  const conversation = new Conversation(page);
  await expect(conversation.messagesFrom('Milo Rivera')).toContainText('An old message');
  const live = conversation.region.locator(POLITE);

  // Milo writes (from another device); Olive's open room says so.
  await sendThroughApi(request, member.accessToken, roomId, 'The Acme lead signed!');
  await expect(conversation.messagesFrom('Milo Rivera').last()).toContainText('The Acme lead signed!');
  await expect(live.filter({ hasText: 'The Acme lead signed!' })).toHaveCount(1);
  await expect(live.filter({ hasText: 'The Acme lead signed!' })).toContainText('Milo Rivera');
  // What was there when the room opened is not read out again, nor is Olive's own message.
  await expect(live.filter({ hasText: 'An old message' })).toHaveCount(0);
  await conversation.send('Great news.');
  await expect(conversation.messagesFrom('Olive Rivera')).toContainText('Great news.');
  await expect(live.filter({ hasText: 'Great news.' })).toHaveCount(0);
});
