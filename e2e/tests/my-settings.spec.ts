import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@leadcircle/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { createConfirmedAccount, signInThroughForm } from '../support/accounts.js';
import {
  callAs,
  createGroupThroughApi,
  createPayingAccount,
  signInThroughApi,
  uniqueGroupName,
} from '../support/groups.js';
import { expectFits, PHONE } from '../support/phone.js';

const portrait = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/portrait.jpg');

async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.goto('/signin');
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/activities$/);
}

const shell = (page: Page) => page.getByRole('banner');

test('a person edits their profile and sees the new name in the shell', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Dana');
  await signInAs(page, account);
  await expect(shell(page).getByText('Dana Rivera')).toBeVisible();

  await page.getByRole('link', { name: 'My Settings' }).click();
  await expect(page).toHaveURL(/\/my-settings\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile information' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');

  // A rule first: the spec's message, nothing sent.
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(MESSAGES.firstNameRequired)).toBeVisible();

  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Hart');
  await page.getByLabel('Company').fill('Northwind Traders');
  await page.getByLabel('Title').fill('Account Executive');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(MESSAGES.profileUpdated)).toBeVisible();
  await expect(shell(page).getByText('Robin Hart')).toBeVisible();
  await expect(shell(page).getByRole('img', { name: 'Robin Hart' })).toHaveText('R');

  // Stored: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('Company')).toHaveValue('Northwind Traders');
  await expect(shell(page).getByText('Robin Hart')).toBeVisible();
});

test('a person uploads a picture and sees it in the shell', async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const account = await createConfirmedAccount(request, 'Avery');
  await signInAs(page, account);
  await expect(shell(page).getByRole('img', { name: 'Avery Rivera' })).toHaveText('A');

  await page.goto('/my-settings/profile');
  await page.locator('input[type=file]').setInputFiles(portrait);
  await expect(page.getByText(MESSAGES.avatarUploaded)).toBeVisible();

  const inShell = shell(page).getByRole('img', { name: 'Avery Rivera' });
  await expect(inShell).toHaveAttribute('src', /^\/api\/avatars\/\d+\/[A-Za-z0-9_-]+\.webp$/);
  // Loaded (same origin, allowed by the CSP), and re-encoded to 256 × 256.
  await expect
    .poll(() => inShell.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`))
    .toBe('256x256');
  await expect(page.getByRole('main').getByRole('img', { name: 'Avery Rivera' })).toHaveAttribute(
    'src',
    (await inShell.getAttribute('src'))!,
  );

  // After a reload too, and the picture can be removed again.
  await page.reload();
  await expect(shell(page).getByRole('img', { name: 'Avery Rivera' })).toHaveAttribute('src', /\/api\/avatars\//);
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText(MESSAGES.avatarRemoved)).toBeVisible();
  await expect(shell(page).getByRole('img', { name: 'Avery Rivera' })).toHaveText('A');
  expect(violations).toEqual([]);
});

test('a file that is not a picture is refused with a clear message', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Casey');
  await signInAs(page, account);
  await page.goto('/my-settings/profile');
  await page.locator('input[type=file]').setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByText(MESSAGES.avatarUnsupportedType)).toBeVisible();
  await expect(shell(page).getByRole('img', { name: 'Casey Rivera' })).toHaveText('C');
});

test('the settings dialog at /settings changes the name and says so', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Jordan');
  await signInAs(page, account);
  await page.goto('/settings');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Jordan Rivera');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly', '');
  await dialog.getByLabel('Name').fill('Jordan Lee Parker');
  await dialog.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(MESSAGES.settingsUpdated)).toBeVisible();
  await expect(shell(page).getByText('Jordan Lee Parker')).toBeVisible();
});

test('the notifications page keeps the e-mail switch', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Riley');
  await signInAs(page, account);
  await page.goto('/my-settings/notifications');
  // On for a new account; turned off, the new-lead choice greys out; both kept across a reload.
  const emailSwitch = page.getByRole('switch', { name: 'Email notifications' });
  await expect(emailSwitch).toBeChecked();
  await page.getByRole('radio', { name: 'Once a day, in a digest' }).check();
  await expect(page.getByText(MESSAGES.notificationsUpdated)).toBeVisible();
  await emailSwitch.click();
  await expect(page.getByRole('radio', { name: 'Never' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Once a day, in a digest' })).toBeChecked();
  await expect(page.getByText('You are not in any group yet')).toBeVisible();
  await expect(page.getByText('No opportunity yet')).toBeVisible();

  await page.getByRole('link', { name: 'Privacy', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Privacy Policy', selected: true })).toBeVisible();
  await expect(page.getByText(/Card payments are processed by Stripe/)).toBeVisible();
  await page.getByRole('tab', { name: 'User Agreement' }).click();
  await expect(page).toHaveURL(/\/my-settings\/terms-of-use$/);
});

test('a person requests account deletion, is signed out, and cannot sign in again', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Morgan');
  await signInAs(page, account);
  await page.goto('/my-settings/profile');

  await page.getByRole('button', { name: 'REQUEST ACCOUNT DELETION' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm.getByText(MESSAGES.accountDeletionWarning)).toBeVisible();
  await confirm.getByRole('button', { name: 'DELETE MY ACCOUNT' }).click();

  await expect(page.getByText(MESSAGES.accountDeletionRequested)).toBeVisible();
  // Signed out a moment later (SIGNOUT_AFTER_DELETION_MS), not at once.
  await expect(page).toHaveURL(/\/my-settings\/profile$/);
  await expect(page).toHaveURL(/\/signin$/, { timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  await signInThroughForm(page, account.email, account.password);
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

// The account-wide new-lead choice and each group's switch (its messages and its new leads) side by side; the
// time zone of the daily digest comes from the browser for an account that never chose one, and can be changed.
async function notificationsAndTimeZone(page: Page, request: APIRequestContext, phone: boolean) {
  const account = await createPayingAccount(request, 'Zoe');
  const group = { name: uniqueGroupName('Zones'), privateCode: 'zones-circle-code' };
  await createGroupThroughApi(request, account.accessToken, group);
  // Made through the API, the account is on the default zone: signing in from California sets California's.
  await signInAs(page, account);
  await page.goto('/my-settings/notifications');

  await expect(page.getByRole('radiogroup', { name: 'New leads in my groups' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'As they arrive' })).toBeChecked();
  await expect(page.getByText("Each group's own switch, below, can turn its new leads off too.")).toBeVisible();
  await expect(page.getByText(/A group's switch covers its messages and its new leads/)).toBeVisible();
  const groupSwitch = page.getByRole('switch', { name: `Messages in ${group.name}` });
  await expect(groupSwitch).toBeChecked();
  await expect(page.getByRole('listitem').filter({ hasText: group.name })).toContainText('Messages and new leads');

  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('America/Los Angeles');
  await expect(page.getByText('The daily digest arrives at 07:00 in this time zone.')).toBeVisible();
  if (phone) await expectFits(page, 'My settings → Notifications at 390 px');

  await zone.click();
  await zone.fill('Paris');
  await page.getByRole('option', { name: 'Europe/Paris' }).click();
  await expect(page.getByText(MESSAGES.notificationsUpdated)).toBeVisible();
  await expect(zone).toHaveValue('Europe/Paris');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Paris');
  const me = (await callAs(request, account.accessToken, '/user/get')) as { timeZone: string };
  expect(me.timeZone).toBe('Europe/Paris');
}

test.describe('notifications and time zone', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('My settings → Notifications shows the new-lead choice and each group’s switch, and changes the time zone', async ({
    page,
    request,
  }) => {
    await notificationsAndTimeZone(page, request, false);
  });

  test.describe('at 390 px', () => {
    test.use(PHONE);
    test('the same on a phone', async ({ page, request }) => {
      await notificationsAndTimeZone(page, request, true);
    });
  });
});

// Kind by kind, the push switch beside the e-mail control: side by side under "Email | Push" on a desk, under it on a
// phone; greyed out, saying why, until one of the person's devices has push on (here one made through the API).
const PUSH_KINDS_SHOWN = ['New leads', 'Messages', 'Events'];
const NO_DEVICE_HINT = 'Turn on Push on this device, below, to choose what is pushed to your devices.';

async function pushBesideEmail(page: Page, request: APIRequestContext, phone: boolean) {
  const account = await createConfirmedAccount(request, 'Paz');
  await signInAs(page, account);
  await page.goto('/my-settings/notifications');
  await expect(page.getByText(NO_DEVICE_HINT)).toBeVisible();
  for (const kind of PUSH_KINDS_SHOWN) {
    await expect(page.getByRole('switch', { name: `Push: ${kind}` })).toBeDisabled();
  }
  await expect(page.getByRole('switch', { name: 'Push on this device' })).toBeVisible();
  await expect(page.getByText('Push is not on for any of your devices.')).toBeVisible();

  const accessToken = await signInThroughApi(request, account.email, account.password);
  await callAs(request, accessToken, '/push/subscribe', {
    endpoint: `https://push.example.com/send/e2e-${Date.now()}`,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
    label: 'Chrome on Android',
  });
  await page.reload();
  await expect(page.getByRole('list', { name: 'My devices' })).toContainText('Chrome on Android');
  await expect(page.getByRole('button', { name: 'Remove Chrome on Android' })).toBeVisible();
  await expect(page.getByText(NO_DEVICE_HINT)).toBeHidden();
  for (const kind of PUSH_KINDS_SHOWN) {
    const push = page.getByRole('group', { name: kind }).getByRole('switch', { name: `Push: ${kind}` });
    await expect(push).toBeEnabled();
    await expect(push).toBeChecked();
  }

  // New leads: the push switch beside the e-mail choice on a desk, under it on a phone.
  const email = (await page.getByRole('radiogroup', { name: 'New leads in my groups' }).boundingBox())!;
  const push = (await page.getByRole('switch', { name: 'Push: New leads' }).boundingBox())!;
  if (phone) {
    expect(push.y).toBeGreaterThanOrEqual(email.y + email.height);
  } else {
    expect(push.x).toBeGreaterThanOrEqual(email.x + email.width);
    expect(push.y).toBeLessThan(email.y + email.height);
  }
  await expectAccessible(page, `My settings → Notifications with push at ${phone ? 390 : 1366} px`);
  if (phone) await expectFits(page, 'My settings → Notifications with push at 390 px');

  // From the keyboard; kept across a reload.
  await page.getByRole('switch', { name: 'Push: Messages' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(MESSAGES.notificationsUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Push: Messages' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Push: Events' })).toBeChecked();
}

test.describe('push beside e-mail', () => {
  test.describe('at 1366 px', () => {
    test.use({ viewport: { width: 1366, height: 768 } });
    test('each kind’s push switch sits beside its e-mail control, greyed out until a device has push', async ({
      page,
      request,
    }) => {
      await pushBesideEmail(page, request, false);
    });
  });

  test.describe('at 390 px', () => {
    test.use(PHONE);
    test('the same on a phone, each push switch under its e-mail control, nothing cut off', async ({
      page,
      request,
    }) => {
      await pushBesideEmail(page, request, true);
    });
  });
});

test.describe('a browser in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('signs up with its time zone', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Kei');
    await page.getByLabel('Last name').fill('Sato');
    await page.getByLabel('Email').fill(`kei.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Sunny-Leads-42');
    await page.getByLabel('Password confirmation').fill('Sunny-Leads-42');
    const sent = page.waitForRequest('**/api/user/email_signup');
    await page.getByRole('button', { name: 'Create my account' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ time_zone: 'Asia/Tokyo' });
    await expect(page.getByText(MESSAGES.signupSuccess).first()).toBeVisible();
  });
});
