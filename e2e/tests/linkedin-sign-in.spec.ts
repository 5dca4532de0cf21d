import { encodeOAuthState, MESSAGES } from '@leadcircle/shared';
import { expect, test } from '@playwright/test';
import { storedTokens } from '../support/accounts.js';
import { uniqueEmail } from '../support/mailbox.js';

// Sign in with LinkedIn end to end: the local OpenID provider started by the global setup plays
// LinkedIn, with its own sign-in and consent pages.

test('a person invited to a group signs in with LinkedIn on its pages, and the invite comes back through state', async ({
  page,
}) => {
  // The provider names the member after the first two words of the address: Morgan Lee.
  const email = uniqueEmail('morgan.lee');
  await page.goto(
    `/group/user_invited?action=GROUP_INVITE&user_id=0&group_id=4242&email=${encodeURIComponent(email)}&invite_code=welcome-4242`,
  );
  await expect(page).toHaveURL(/\/signin$/);

  const inviteAccepted = page.waitForRequest((request) => request.url().endsWith('/api/group/add_invited'));
  await page.getByRole('button', { name: 'Sign in with LinkedIn' }).click();

  // LinkedIn's pages (here the local provider's): sign in, then allow LeadCircle.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByPlaceholder('Enter any login').fill(email);
  await page.getByPlaceholder('and password').fill('linkedin password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back through /oauth_login: signed in, and the redirect screen accepts the invite the state carried.
  expect((await inviteAccepted).postDataJSON()).toEqual({ group_id: 4242, invite_code: 'welcome-4242' });
  await expect(page).toHaveURL(/\/activities$/);
  await expect(page.getByText('Morgan Lee')).toBeVisible();
  const tokens = await storedTokens(page);
  const userId = await page.evaluate(() => localStorage.getItem('user_id'));
  expect(tokens.access).toBeTruthy();
  expect(tokens.refresh).toBeTruthy();
  // The invite is cleared once handled.
  expect(await page.evaluate(() => localStorage.getItem('inviteId'))).toBeNull();

  // Signed out and back in with LinkedIn, which remembers the member and the consent: straight back in,
  // to the same account, with no invite this time.
  await page.getByRole('link', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('button', { name: 'Sign in with LinkedIn' }).click();
  await expect(page).toHaveURL(/\/activities$/);
  expect((await storedTokens(page)).access).not.toBe(tokens.access);
  expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBe(userId);
  await expect(page.getByText('Morgan Lee')).toBeVisible();
});

test('a LinkedIn answer with a state this server did not issue goes back to sign in with the error, invite kept', async ({
  page,
}) => {
  const state = encodeOAuthState(
    { inviteId: '4242', inviteCode: 'welcome-4242', inviteAction: 'GROUP_INVITE' },
    { key: 'made-up' },
  );
  await page.goto(`/oauth_login?code=made-up-code&state=${state}`);

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText(MESSAGES.linkedInLoginFailed)).toBeVisible();
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });

  // The invite is still there for the next try: it goes on to sign up too.
  await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  expect(await page.evaluate(() => history.state?.usr)).toMatchObject({
    inviteId: '4242',
    inviteAction: 'GROUP_INVITE',
  });
});
