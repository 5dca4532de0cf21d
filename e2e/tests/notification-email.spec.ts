import { expect as baseExpect, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { groupRoomId, sendThroughApi } from '../support/chat.js';
import { createGroupThroughApi, createPayingAccount, joinGroupThroughApi, uniqueGroupName } from '../support/groups.js';
import { messagesTo, waitForMessage } from '../support/mailbox.js';

// Notification e-mail as a person chooses it, on a phone: the job sends every minute, so a wait is up to ~90 s.

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });
const expect = baseExpect.configure({ timeout: 20_000 });

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test("turning off a group's Messages switch stops that group's message e-mails; the other group's come, and its unsubscribe link works signed out", async ({
  page,
  browser,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Orla');
  const member = await createPayingAccount(request, 'Mika');
  const quiet = { name: uniqueGroupName('Quiet'), privateCode: 'quiet-circle-code' };
  const loud = { name: uniqueGroupName('Loud'), privateCode: 'loud-circle-code' };
  const quietId = await createGroupThroughApi(request, owner.accessToken, quiet);
  const loudId = await createGroupThroughApi(request, owner.accessToken, loud);
  await joinGroupThroughApi(request, member.accessToken, quiet);
  await joinGroupThroughApi(request, member.accessToken, loud);

  // The member turns off the quiet group's Messages in My settings → Notifications.
  await signIn(page, member.email, member.password);
  await page.goto('/my-settings/notifications');
  const quietSwitch = page.getByRole('switch', { name: `Messages in ${quiet.name}` });
  const loudSwitch = page.getByRole('switch', { name: `Messages in ${loud.name}` });
  await expect(quietSwitch).toBeChecked();
  await expect(loudSwitch).toBeChecked();
  await quietSwitch.click();
  await expect(page.getByText('Your notification settings have been saved.')).toBeVisible();
  await expect(quietSwitch).not.toBeChecked();

  await sendThroughApi(request, owner.accessToken, await groupRoomId(request, owner.accessToken, quietId), 'Shh');
  await sendThroughApi(request, owner.accessToken, await groupRoomId(request, owner.accessToken, loudId), 'Hello all');
  const mail = await waitForMessage(member.email, new RegExp(`wrote in ${escapeRegExp(loud.name)}`), 90_000);
  expect(mail.text).toContain('"Hello all"');
  // Both messages were sent before the job ran: the quiet one was left out, not delayed.
  expect(messagesTo(member.email, new RegExp(escapeRegExp(quiet.name)))).toEqual([]);

  // The e-mail's unsubscribe link, opened signed out, turns off the loud group's Messages only.
  const unsubscribeUrl = mail.text.match(/Unsubscribe: (\S+)/)?.[1];
  expect(unsubscribeUrl).toBeTruthy();
  const signedOut = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const outside = await signedOut.newPage();
  await outside.goto(unsubscribeUrl!);
  await expect(
    outside.getByText('You will no longer get e-mails about this group: its messages and new leads.'),
  ).toBeVisible();
  await signedOut.close();
  await page.reload();
  await expect(loudSwitch).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'As they arrive' })).toBeChecked();
});
