import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import {
  Conversation,
  chatMenuItem,
  createOpportunityThroughApi,
  groupRoomId,
  renameOpportunityThroughApi,
  sendFileThroughApi,
  sendThroughApi,
  shareOpportunityThroughApi,
} from '../support/chat.js';
import { createGroupThroughApi, createPayingAccount, joinGroupThroughApi, uniqueGroupName } from '../support/groups.js';
import { PHONE } from '../support/phone.js';

// Chat: members chat live in a group's Messages tab and on the chat pages; unread
// counts on the rooms and the sidebar; NEW ROOM starts a direct conversation; files are sent and opened.

// Two people, each with a paid account and a browser of their own: more than the default minute on a busy
// machine, and a first screen that may take longer than 10 s to come up there.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const GROUP_CODE = 'chat-circle-code';
const PICTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/portrait.jpg');

async function groupWithMember(request: Parameters<typeof createPayingAccount>[0]) {
  const owner = await createPayingAccount(request, 'Olive');
  const name = uniqueGroupName('Chat');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const member = await createPayingAccount(request, 'Milo');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: GROUP_CODE });
  return { owner, member, groupId, name };
}

async function secondPerson(browser: import('@playwright/test').Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

function roomLink(page: Page, name: string) {
  return page.getByRole('list', { name: /rooms$/ }).getByRole('link', { name: new RegExp(`^${name}`) });
}

test("two members chat in the group's Messages tab and see each other's messages without a reload", async ({
  page,
  browser,
  request,
}) => {
  const { owner, member, groupId } = await groupWithMember(request);
  await signIn(page, owner.email, owner.password);
  await page.goto(`/groups/${groupId}/messages`);
  const olive = new Conversation(page);
  await expect(olive.region.getByText('No messages yet. Say hello!')).toBeVisible();

  const milo = await secondPerson(browser, member.email, member.password);
  await milo.page.goto(`/groups/${groupId}`);
  await milo.page.getByRole('tab', { name: 'Messages' }).click();
  const miloRoom = new Conversation(milo.page);
  await expect(miloRoom.composer).toBeVisible();

  await olive.send('Hello team, the Acme lead is hot.');
  await expect(miloRoom.messagesFrom('Olive Rivera')).toContainText('Hello team, the Acme lead is hot.');
  await expect(miloRoom.region.getByRole('heading', { name: 'Today' })).toBeVisible();

  // Shift+Enter starts a new line; a web address becomes a link; markup stays text.
  await miloRoom.composer.fill('On it.');
  await miloRoom.composer.press('Shift+Enter');
  await miloRoom.composer.pressSequentially('Notes: https://example.com/acme <b>bold</b>');
  await miloRoom.composer.press('Enter');
  const reply = olive.messagesFrom('Milo Rivera');
  await expect(reply).toContainText('On it.');
  await expect(reply.getByRole('link', { name: 'https://example.com/acme' })).toHaveAttribute(
    'href',
    'https://example.com/acme',
  );
  await expect(reply).toContainText('<b>bold</b>');
  await expect(reply.locator('b')).toHaveCount(0);
  expect(await reply.locator('p').last().innerText()).toBe('On it.\nNotes: https://example.com/acme <b>bold</b>');

  // The author edits and deletes; the other member sees both live, and has neither action.
  await expect(reply.getByRole('button', { name: 'Message actions' })).toHaveCount(0);
  const own = miloRoom.messagesFrom('Milo Rivera');
  await own.getByRole('button', { name: 'Message actions' }).click();
  await milo.page.getByRole('menuitem', { name: 'Edit' }).click();
  await own.getByLabel('Edit message').fill('On it, calling them now.');
  await own.getByLabel('Edit message').press('Enter');
  await expect(reply).toContainText('On it, calling them now.');
  await expect(reply).toContainText('(edited)');

  await own.getByRole('button', { name: 'Message actions' }).click();
  await milo.page.getByRole('menuitem', { name: 'Delete' }).click();
  await milo.page.getByRole('dialog', { name: 'Delete message' }).getByRole('button', { name: 'DELETE' }).click();
  await expect(reply).toContainText('This message was removed.');
  await expect(reply).not.toContainText('calling them');

  // A reload shows the same conversation, in order.
  await page.reload();
  await expect(olive.messagesFrom('Olive Rivera')).toContainText('Hello team');
  await expect(olive.messagesFrom('Milo Rivera')).toContainText('This message was removed.');
  await milo.context.close();
});

test('unread messages count on the room and the sidebar, live, and clear when the room is read', async ({
  page,
  request,
}) => {
  const { owner, member, groupId, name } = await groupWithMember(request);
  const roomId = await groupRoomId(request, owner.accessToken, groupId);
  await sendThroughApi(request, owner.accessToken, roomId, 'First news');
  await sendThroughApi(request, owner.accessToken, roomId, 'Second news');

  await signIn(page, member.email, member.password);
  await expect(chatMenuItem(page)).toHaveAccessibleName('Chat, 2 unread');
  await chatMenuItem(page).click();
  await expect(page).toHaveURL(/\/chat\/direct$/);
  await page.getByRole('tab', { name: /Groups/ }).click();
  const room = roomLink(page, name);
  await expect(room.getByLabel('2 unread')).toBeVisible();
  await expect(room).toContainText('Second news');

  // A message while the page is open counts at once.
  await sendThroughApi(request, owner.accessToken, roomId, 'Third news');
  await expect(room.getByLabel('3 unread')).toBeVisible();
  await expect(chatMenuItem(page)).toHaveAccessibleName('Chat, 3 unread');

  await room.click();
  const conversation = new Conversation(page);
  await expect(conversation.messagesFrom('Olive Rivera')).toHaveCount(3);
  await expect(room.getByLabel(/unread/)).toHaveCount(0);
  await expect(chatMenuItem(page)).toHaveAccessibleName('Chat');

  // A message in the open room is read as it arrives; a muted room counts nothing.
  await sendThroughApi(request, owner.accessToken, roomId, 'Fourth news');
  await expect(conversation.messagesFrom('Olive Rivera')).toHaveCount(4);
  await expect(chatMenuItem(page)).toHaveAccessibleName('Chat');
  await conversation.region.getByRole('button', { name: 'MUTE' }).click();
  await expect(conversation.region.getByRole('button', { name: 'UNMUTE' })).toBeVisible();
  await page.getByRole('tab', { name: /Direct/ }).click();
  await sendThroughApi(request, owner.accessToken, roomId, 'Fifth news');
  await page.getByRole('tab', { name: /Groups/ }).click();
  await expect(room).toContainText('Fifth news');
  await expect(room.getByLabel(/unread/)).toHaveCount(0);
  await expect(chatMenuItem(page)).toHaveAccessibleName('Chat');
});

test("the second person's badge and room order follow the first's messages, with no request", async ({
  page,
  request,
}) => {
  const { owner, member, groupId, name } = await groupWithMember(request);
  const otherName = uniqueGroupName('Chat');
  const otherGroupId = await createGroupThroughApi(request, owner.accessToken, {
    name: otherName,
    privateCode: GROUP_CODE,
  });
  await joinGroupThroughApi(request, member.accessToken, { name: otherName, privateCode: GROUP_CODE });
  const roomId = await groupRoomId(request, owner.accessToken, groupId);
  const otherRoomId = await groupRoomId(request, owner.accessToken, otherGroupId);
  await sendThroughApi(request, owner.accessToken, otherRoomId, 'The other group first');

  await signIn(page, member.email, member.password);
  await chatMenuItem(page).click();
  await page.getByRole('tab', { name: /Groups/ }).click();
  const rooms = page.getByRole('list', { name: /rooms$/ }).getByRole('link');
  await expect(rooms.first()).toContainText(otherName);
  await expect(chatMenuItem(page)).toHaveAccessibleName('Chat, 1 unread');

  // From here on, the messages come over the socket only: the page asks the chat calls nothing (the inbox
  // bell's own refresh on a new activity is the feed's, not the chat's).
  const requests: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/chat/')) requests.push(req.url());
  });
  await sendThroughApi(request, owner.accessToken, roomId, 'News in the first group');
  await expect(rooms.first()).toContainText(name);
  await expect(roomLink(page, name).getByLabel('1 unread')).toBeVisible();
  await expect(chatMenuItem(page)).toHaveAccessibleName('Chat, 2 unread');
  await sendThroughApi(request, owner.accessToken, otherRoomId, 'News in the other group');
  await expect(rooms.first()).toContainText(otherName);
  await expect(roomLink(page, otherName).getByLabel('2 unread')).toBeVisible();
  await expect(chatMenuItem(page)).toHaveAccessibleName('Chat, 3 unread');
  expect(requests).toEqual([]);
});

test('NEW ROOM starts a direct conversation with a group member, who sees it arrive', async ({
  page,
  browser,
  request,
}) => {
  const { owner, member } = await groupWithMember(request);
  const milo = await secondPerson(browser, member.email, member.password);
  await milo.page.goto('/chat/direct');
  await expect(milo.page.getByText('No conversations yet')).toBeVisible();

  await signIn(page, owner.email, owner.password);
  await page.goto('/chat/direct');
  await page.getByRole('button', { name: 'NEW ROOM' }).click();
  const dialog = page.getByRole('dialog', { name: 'New conversation' });
  await dialog.getByLabel('Search people by name').fill('Mi');
  await dialog.getByRole('button', { name: 'Message Milo Rivera' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/chat\/direct\?room=\d+$/);
  const conversation = new Conversation(page);
  await expect(conversation.region.getByRole('heading', { name: 'Milo Rivera' })).toBeVisible();
  await conversation.send('Hi Milo, a minute for the Acme lead?');

  // Milo's list shows the new room with Olive's name and one unread message, without a reload.
  const room = roomLink(milo.page, 'Olive Rivera');
  await expect(room.getByLabel('1 unread')).toBeVisible();
  await expect(room).toContainText('Hi Milo, a minute for the Acme lead?');
  await room.click();
  const miloRoom = new Conversation(milo.page);
  await expect(miloRoom.messagesFrom('Olive Rivera')).toContainText('a minute for the Acme lead');
  await miloRoom.send('Sure, call me.');
  await expect(conversation.messagesFrom('Milo Rivera')).toContainText('Sure, call me.');

  // Opening NEW ROOM with the same person again reopens the same room.
  const url = page.url();
  await page.getByRole('button', { name: 'NEW ROOM' }).click();
  await dialog.getByLabel('Search people by name').fill('Milo');
  await dialog.getByRole('button', { name: 'Message Milo Rivera' }).click();
  await expect(page).toHaveURL(url);
  await milo.context.close();
});

test('a picture sent with ATTACH FILE shows inline for the other member and opens', async ({
  page,
  browser,
  request,
}) => {
  const { owner, member, groupId } = await groupWithMember(request);
  const milo = await secondPerson(browser, member.email, member.password);
  await milo.page.goto(`/groups/${groupId}/messages`);
  const miloRoom = new Conversation(milo.page);
  await expect(miloRoom.composer).toBeVisible();

  await signIn(page, owner.email, owner.password);
  await page.goto(`/groups/${groupId}/messages`);
  const olive = new Conversation(page);
  const choosing = page.waitForEvent('filechooser');
  await olive.region.getByRole('button', { name: 'ATTACH FILE' }).click();
  await (await choosing).setFiles(PICTURE);
  await expect(olive.region.getByText('portrait.jpg')).toBeVisible();
  await olive.composer.fill('The storefront');
  await olive.composer.press('Enter');

  const sent = miloRoom.messagesFrom('Olive Rivera');
  await expect(sent).toContainText('The storefront');
  const picture = sent.getByRole('img', { name: 'portrait.jpg' });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  const opening = milo.page.waitForEvent('popup');
  await sent.getByRole('link', { name: 'Open portrait.jpg' }).click();
  const tab = await opening;
  await tab.waitForLoadState();
  expect(await tab.evaluate(() => document.contentType)).toBe('image/jpeg');
  await milo.context.close();
});

test('a message written while the connection is down waits, is sent once when it is back, and the missed ones arrive', async ({
  page,
  browser,
  request,
}) => {
  const { owner, member, groupId } = await groupWithMember(request);
  // The realtime channel of Olive's page goes through here, so the test can cut it and let it back.
  let isCut = false;
  const sockets: Array<{ close: () => Promise<void> }> = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (isCut) {
      void ws.close();
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  await signIn(page, owner.email, owner.password);
  await page.goto(`/groups/${groupId}/messages`);
  const olive = new Conversation(page);
  await olive.send('Before the drop');

  const milo = await secondPerson(browser, member.email, member.password);
  await milo.page.goto(`/groups/${groupId}/messages`);
  const miloRoom = new Conversation(milo.page);
  await expect(miloRoom.messagesFrom('Olive Rivera')).toContainText('Before the drop');

  // The connection drops: new attempts (WebSocket or long polling) fail until it is back.
  isCut = true;
  await page.route('**/socket.io/**', (route) => route.abort());
  for (const socket of sockets.splice(0)) await socket.close();
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();

  await olive.send('Written while offline');
  await expect(olive.region.getByText('Waiting for the connection…')).toBeVisible();
  await miloRoom.send('Sent while Olive was away');
  await milo.page.waitForTimeout(1_000);
  await expect(miloRoom.messagesFrom('Olive Rivera')).toHaveCount(1);

  isCut = false;
  await page.unroute('**/socket.io/**');
  // The next attempt comes within the backoff's 5 s (an attempt cut mid-way gives up after 10 s).
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeHidden({ timeout: 30_000 });
  await expect(olive.messagesFrom('Milo Rivera')).toContainText('Sent while Olive was away');
  await expect(miloRoom.messagesFrom('Olive Rivera')).toHaveCount(2);
  await expect(miloRoom.messagesFrom('Olive Rivera').last()).toContainText('Written while offline');
  await expect(olive.region.getByText('Waiting for the connection…')).toBeHidden();
  await expect(olive.messagesFrom('Olive Rivera')).toHaveCount(2);

  // Stored once, in the order the server took them: a reload shows each message once.
  await milo.page.reload();
  await expect(miloRoom.region.getByRole('listitem')).toHaveText([
    /Before the drop/,
    /Sent while Olive was away/,
    /Written while offline/,
  ]);
  await milo.context.close();
});

test('Chat → Opportunities names each room after its opportunity, for the owner and the colleague it is shared with, and follows a rename at once', async ({
  page,
  browser,
  request,
}) => {
  const owner = await createPayingAccount(request, 'Rita');
  const colleague = await createPayingAccount(request, 'Sven');
  const suffix = Date.now().toString(36);
  const harbor = await createOpportunityThroughApi(request, owner.accessToken, `Harbor deal ${suffix}`);
  await createOpportunityThroughApi(request, owner.accessToken, `Depot refit ${suffix}`);
  await shareOpportunityThroughApi(request, harbor.opportunityId, owner, colleague);
  await sendThroughApi(request, owner.accessToken, harbor.roomId, 'Cranes arrive Monday');

  await signIn(page, owner.email, owner.password);
  await page.goto('/chat/opportunities');
  await expect(roomLink(page, `Harbor deal ${suffix}`)).toContainText('Cranes arrive Monday');
  await expect(roomLink(page, `Depot refit ${suffix}`)).toBeVisible();
  await expect(roomLink(page, 'Opportunity')).toHaveCount(0);

  const sven = await secondPerson(browser, colleague.email, colleague.password);
  await sven.page.goto('/chat/opportunities');
  const svensRoom = roomLink(sven.page, `Harbor deal ${suffix}`);
  await expect(svensRoom).toContainText('Cranes arrive Monday');
  await expect(roomLink(sven.page, `Depot refit ${suffix}`)).toHaveCount(0);
  await svensRoom.click();
  const conversation = new Conversation(sven.page);
  await expect(conversation.region.getByRole('heading', { name: `Harbor deal ${suffix}` })).toBeVisible();

  // Renamed by its owner: both see the new name, in the list and the open room's title, without a reload.
  await renameOpportunityThroughApi(request, owner.accessToken, harbor.opportunityId, `Harbor cold storage ${suffix}`);
  await expect(conversation.region.getByRole('heading', { name: `Harbor cold storage ${suffix}` })).toBeVisible();
  await expect(roomLink(sven.page, `Harbor cold storage ${suffix}`)).toBeVisible();
  await expect(roomLink(page, `Harbor cold storage ${suffix}`)).toBeVisible();
  await expect(roomLink(page, `Harbor deal ${suffix}`)).toHaveCount(0);
  await sven.context.close();
});

/** The chat tabs, or parts of their labels, that do not show whole on the screen, described; empty when all do. */
function cutOffTabs(page: Page): Promise<string[]> {
  return page.getByRole('tablist', { name: 'Chat rooms' }).evaluate((list) => {
    const problems: string[] = [];
    const strip = list.getBoundingClientRect();
    const left = Math.max(0, strip.left) - 0.5;
    const right = Math.min(window.innerWidth, strip.right) + 0.5;
    if (list.scrollWidth > list.clientWidth + 1) {
      problems.push(`the tab strip hides ${list.scrollWidth - list.clientWidth}px with no sign of it`);
    }
    for (const tab of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
      const box = tab.getBoundingClientRect();
      const name = tab.textContent;
      if (box.left < left || box.right > right) {
        problems.push(`the tab "${name}" lies at ${Math.round(box.left)}–${Math.round(box.right)}px`);
      }
      // Every text in the tab within it, and no part of the tab clipping what it holds.
      const texts = document.createTreeWalker(tab, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const text = range.getBoundingClientRect();
        if (text.left < box.left - 0.5 || text.right > box.right + 0.5) {
          problems.push(`"${node.textContent}" runs out of its tab`);
        }
      }
      for (const element of [tab, ...tab.querySelectorAll<HTMLElement>('*')]) {
        if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1) {
          problems.push(`"${element.textContent}" is cut off (${element.scrollWidth}px in ${element.clientWidth}px)`);
        }
      }
    }
    return problems;
  });
}

test.describe("on a phone's screen", () => {
  test.use(PHONE);

  test('the four chat tabs show whole, with their names and unread counts', async ({ page, request }) => {
    const { owner, member, groupId } = await groupWithMember(request);
    const roomId = await groupRoomId(request, owner.accessToken, groupId);
    await sendThroughApi(request, owner.accessToken, roomId, 'Morning, Milo');
    const opportunity = await createOpportunityThroughApi(request, owner.accessToken, 'Harbor deal for Milo');
    await shareOpportunityThroughApi(request, opportunity.opportunityId, owner, member);
    await sendThroughApi(request, owner.accessToken, opportunity.roomId, 'Cranes arrive Monday');

    await signIn(page, member.email, member.password);
    await page.goto('/chat/direct');
    const tabs = page.getByRole('tablist', { name: 'Chat rooms' });
    await expect(tabs.getByRole('tab', { name: /^Groups/ }).getByLabel('1 unread')).toBeVisible();
    await expect(tabs.getByRole('tab', { name: /^Opportunities/ }).getByLabel('1 unread')).toBeVisible();
    for (const name of ['Direct', 'Groups', 'Opportunities', 'Business']) {
      await expect(tabs.getByRole('tab', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    expect(await cutOffTabs(page)).toEqual([]);

    await tabs.getByRole('tab', { name: /^Business/ }).click();
    await expect(page).toHaveURL(/\/chat\/business$/);
    await expect(tabs.getByRole('tab', { name: /^Business/, selected: true })).toBeVisible();
    expect(await cutOffTabs(page)).toEqual([]);
  });

  test("a room's last message that carries a file is marked with the app's icon, named, not an emoji", async ({
    page,
    request,
  }) => {
    const { owner, member, groupId, name } = await groupWithMember(request);
    const roomId = await groupRoomId(request, owner.accessToken, groupId);
    await sendFileThroughApi(request, owner.accessToken, roomId, {
      name: 'storefront.jpg',
      mimeType: 'image/jpeg',
      buffer: fs.readFileSync(PICTURE),
    });

    await signIn(page, member.email, member.password);
    await page.goto('/chat/groups');
    const room = roomLink(page, name);
    await expect(room).toContainText('storefront.jpg');
    const icon = room.getByRole('img', { name: 'Attachment' });
    await expect(icon).toBeVisible();
    expect(await icon.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    expect(await room.innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the room list and the room are two screens; the menu shows the unread count', async ({ page, request }) => {
    const { owner, member, groupId, name } = await groupWithMember(request);
    const roomId = await groupRoomId(request, owner.accessToken, groupId);
    await sendThroughApi(request, owner.accessToken, roomId, 'Morning, Milo');

    await signIn(page, member.email, member.password);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(chatMenuItem(page)).toHaveAccessibleName('Chat, 1 unread');
    await chatMenuItem(page).click();
    await page.getByRole('tab', { name: /Groups/ }).click();
    const room = roomLink(page, name);
    await expect(room.getByLabel('1 unread')).toBeVisible();
    await room.click();

    const conversation = new Conversation(page);
    await expect(conversation.messagesFrom('Olive Rivera')).toContainText('Morning, Milo');
    await expect(page.getByRole('list', { name: /rooms$/ })).toBeHidden();
    await conversation.send('Morning! On my way.');
    await expect(conversation.messagesFrom('Milo Rivera')).toContainText('On my way.');
    // Nothing runs off the side of the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await conversation.region.getByRole('button', { name: 'Back to rooms' }).click();
    await expect(room).toBeVisible();
    await expect(room).toContainText('Morning! On my way.');
    await expect(room.getByLabel(/unread/)).toHaveCount(0);
    await expect(conversation.region).toBeHidden();
  });
});
