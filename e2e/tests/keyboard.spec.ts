import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { Conversation } from '../support/chat.js';
import { createGroupThroughApi, createPayingAccount, joinGroupThroughApi, uniqueGroupName } from '../support/groups.js';

// Keyboard alone: every action is reached with Tab, the focused control shows it, dialogs keep the focus
// inside and give it back to the button that opened them.

test.describe.configure({ timeout: 120_000 });

const GROUP_CODE = 'keyboard-circle';

async function groupWithMember(request: Parameters<typeof createPayingAccount>[0]) {
  const owner = await createPayingAccount(request, 'Olive');
  const name = uniqueGroupName('Keys');
  const groupId = await createGroupThroughApi(request, owner.accessToken, { name, privateCode: GROUP_CODE });
  const member = await createPayingAccount(request, 'Milo');
  await joinGroupThroughApi(request, member.accessToken, { name, privateCode: GROUP_CODE });
  return { owner, member, groupId, name };
}

/** What has the focus, as a short description (for the failure's message). */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '(nothing)';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()}> ${name}`;
  });
}

function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab until the target has the focus; fails with the path taken when it never does. */
async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  const path: string[] = [];
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
    path.push(await describeFocus(page));
  }
  throw new Error(`Tab never reached ${target}; it went through:\n${path.join('\n')}`);
}

test('the chat’s people search and composer work with the keyboard alone', async ({ page, browser, request }) => {
  const { owner, member } = await groupWithMember(request);
  const miloContext = await browser.newContext();
  const milo = await miloContext.newPage();
  await signIn(milo, member.email, member.password);

  await signIn(page, owner.email, owner.password);
  await page.goto('/chat/direct');
  // From the top of the page: the menu's Chat item, then NEW ROOM, the search, the person, the composer.
  const newRoom = page.getByRole('button', { name: 'NEW ROOM' });
  await expect(newRoom).toBeVisible();
  await tabTo(page, newRoom);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New conversation' });
  await expect(dialog).toBeVisible();
  const search = dialog.getByLabel('Search people by name');
  if (!(await isFocused(search))) await tabTo(page, search);
  await page.keyboard.type('Mi');
  const person = dialog.getByRole('button', { name: 'Message Milo Rivera' });
  await expect(person).toBeVisible();
  await tabTo(page, person);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const conversation = new Conversation(page);
  await expect(conversation.region.getByRole('heading', { name: 'Milo Rivera' })).toBeVisible();
  if (!(await isFocused(conversation.composer))) await tabTo(page, conversation.composer);
  await page.keyboard.type('Typed without a mouse.');
  await page.keyboard.press('Enter');
  await expect(conversation.messagesFrom('Olive Rivera')).toContainText('Typed without a mouse.');
  await expect(conversation.composer).toHaveValue('');

  // The other person answers with the keyboard too, in the room the message opened.
  await milo.goto('/chat/direct');
  await milo
    .getByRole('list', { name: /rooms$/ })
    .getByRole('link', { name: /^Olive Rivera/ })
    .focus();
  await milo.keyboard.press('Enter');
  const miloRoom = new Conversation(milo);
  await expect(miloRoom.messagesFrom('Olive Rivera')).toContainText('Typed without a mouse.');
  await tabTo(milo, miloRoom.composer);
  await milo.keyboard.type('Got it.');
  await milo.keyboard.press('Enter');
  await expect(conversation.messagesFrom('Milo Rivera')).toContainText('Got it.');
  await miloContext.close();
});

/** Tabs forwards and backwards many times: the focus never leaves the dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator, where: string) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < 15; press += 1) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      expect(inside, `${where}: after ${press + 1} × ${key} the focus is on ${await describeFocus(page)}`).toBe(true);
    }
  }
}

test('dialogs keep the focus inside and give it back to their button on Escape', async ({ page, request }) => {
  const { owner, name } = await groupWithMember(request);
  await signIn(page, owner.email, owner.password);
  await page.goto('/groups');
  await expect(page.getByRole('table', { name: 'Groups' }).getByText(name)).toBeVisible();

  const openers: Array<{ button: Locator; dialog: Locator }> = [
    {
      button: page.getByRole('button', { name: 'CREATE GROUP' }),
      dialog: page.getByRole('dialog', { name: 'Create group' }),
    },
    {
      button: page.getByRole('button', { name: 'JOIN GROUP' }),
      dialog: page.getByRole('dialog', { name: 'Join group' }),
    },
    {
      button: page.getByRole('button', { name: `Edit ${name}` }),
      dialog: page.getByRole('dialog', { name: 'Edit group' }),
    },
    {
      button: page.getByRole('button', { name: `Remove ${name}` }),
      dialog: page.getByRole('dialog', { name: `Delete ${name}?` }),
    },
    {
      button: page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Help' }),
      dialog: page.getByRole('dialog', { name: 'Help' }),
    },
  ];
  for (const { button, dialog } of openers) {
    const where = (await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? 'a button';
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(dialog, where).toBeVisible();
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), {
        message: `${where}: the focus moves into the dialog`,
      })
      .toBe(true);
    await expectFocusTrapped(page, dialog, where);
    await page.keyboard.press('Escape');
    await expect(dialog, where).toBeHidden();
    await expect(button, `${where}: the focus is back on the button that opened the dialog`).toBeFocused();
  }
});

/**
 * The look that shows focus, of the focused element (marked with a probe number) or of a marked element:
 * its outline, shadow and border, and a text field's frame, which shows the focus for its input.
 */
function readStop({ probe, isFocused }: { probe: string; isFocused: boolean }) {
  const element = isFocused ? document.activeElement : document.querySelector(`[data-focus-probe="${probe}"]`);
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  if (isFocused) element.dataset.focusProbe = probe;
  const frame = element.closest('.MuiInputBase-root')?.querySelector('.MuiOutlinedInput-notchedOutline');
  const look = [element, frame]
    .filter((e): e is Element => Boolean(e))
    .map((e) => {
      const style = getComputedStyle(e);
      return [style.outlineStyle, style.outlineWidth, style.outlineColor, style.boxShadow, style.borderColor].join(' ');
    })
    .join(' / ');
  const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
  return { where: `<${element.tagName.toLowerCase()}> ${label}`, look };
}

test('the control that has the focus shows it', async ({ page, request }) => {
  const { owner, groupId, name } = await groupWithMember(request);
  await signIn(page, owner.email, owner.password);
  for (const path of ['/groups', `/groups/${groupId}/users`]) {
    await page.goto(path);
    await expect(page.getByText(name).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Each stop of the page's Tab order, with its look while focused.
    const stops: Array<{ probe: string; where: string; look: string }> = [];
    for (let press = 0; press < 25; press += 1) {
      await page.keyboard.press('Tab');
      const probe = `${path}#${press}`;
      const stop = await page.evaluate(readStop, { probe, isFocused: true });
      if (stop) stops.push({ probe, ...stop });
    }
    expect(stops.length, path).toBeGreaterThan(5);
    // The focus leaves; each stop's look without it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const unchanged: string[] = [];
    for (const stop of stops) {
      const unfocused = await page.evaluate(readStop, { probe: stop.probe, isFocused: false });
      if (unfocused && unfocused.look === stop.look) unchanged.push(`${stop.where}: ${stop.look}`);
    }
    expect(unchanged, `${path}: controls that look the same with and without the focus`).toEqual([]);
  }
});
