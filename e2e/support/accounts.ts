import crypto from 'node:crypto';
import { STORAGE_KEYS } from '@leadcircle/shared';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { uniqueEmail, waitForMail } from './mailbox.js';

export const PASSWORD = 'Sunny-Leads-42';

// Each account made through the API signs up from an address of its own, as separate people would.
function nextClientAddress(): string {
  const octet = () => crypto.randomInt(1, 255);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** A confirmed account made through the public API, the way a person would (sign up, follow the link). */
export async function createConfirmedAccount(request: APIRequestContext, firstName = 'Dana') {
  const email = uniqueEmail(firstName.toLowerCase());
  const signup = await request.post('/api/user/email_signup', {
    data: { first_name: firstName, last_name: 'Rivera', email, password: PASSWORD },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  if (!signup.ok()) throw new Error(`sign-up failed: ${signup.status()}`);
  const mail = await waitForMail(email, /Confirm your LeadCircle account/);
  const token = new URL(mail.link).searchParams.get('token')!;
  const confirm = await request.post(`/api/user/email_confirmation_action/${token}`, {
    data: { token, action: 'SIGNUP_CONFIRMATION' },
  });
  if (!confirm.ok()) throw new Error(`confirmation failed: ${confirm.status()}`);
  return { email, password: PASSWORD, firstName, lastName: 'Rivera' };
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the sign-in page and waits for the landing page (Activities). */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/activities$/);
}

export async function storedTokens(page: Page) {
  return page.evaluate(
    (keys) => ({ access: localStorage.getItem(keys.accessToken), refresh: localStorage.getItem(keys.refreshToken) }),
    STORAGE_KEYS,
  );
}
