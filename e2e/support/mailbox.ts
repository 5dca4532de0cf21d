import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_MAIL_DIR } from './env.js';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

function readAll(): ReceivedMail[] {
  if (!fs.existsSync(E2E_MAIL_DIR)) return [];
  return fs
    .readdirSync(E2E_MAIL_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(E2E_MAIL_DIR, f), 'utf8')) as ReceivedMail);
}

/** Waits for the newest e-mail to an address (matching a subject) to reach the SMTP server. */
export async function waitForMessage(to: string, subject: RegExp, timeout = 15_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readAll()
          .filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))
          .at(-1);
        return found !== undefined;
      },
      { message: `an e-mail to ${to} with subject ${subject}`, timeout },
    )
    .toBe(true);
  return found!;
}

/** The same, for e-mails that carry a link (confirmation, reset); the first link is returned. */
export async function waitForMail(to: string, subject: RegExp): Promise<ReceivedMail & { link: string }> {
  const found = await waitForMessage(to, subject);
  const link = found.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the e-mail to ${to}`);
  return { ...found, link };
}

let sequence = 0;
export function uniqueEmail(prefix = 'seller'): string {
  sequence += 1;
  return `${prefix}.${Date.now()}.${sequence}@example.com`;
}

/** Every e-mail received so far to an address whose subject matches. */
export function messagesTo(to: string, subject: RegExp): ReceivedMail[] {
  return readAll().filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
}
