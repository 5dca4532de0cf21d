import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema/index.js';
import { retryMailJob } from '../../src/jobs/jobs.js';
import { MINUTE_MS } from '../../src/lib/clock.js';
import { latestLinkTo, mailsTo, post } from '../helpers.js';
import { decodeQuotedPrintable, header, type LocalSmtp, startSmtp } from '../local-smtp.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const clock = createTestClock();

let smtp: LocalSmtp;
let t: TestApp;
let sequence = 0;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

async function signUp() {
  sequence += 1;
  const email = `smtp${sequence}.${Date.now()}@example.com`;
  const res = await post(
    t,
    '/user/email_signup',
    { first_name: 'Sam', last_name: 'Mailer', email, password: 'Smtp-Pass-123' },
    { ip: `10.3.0.${sequence}` },
  );
  expect(res.status).toBe(200);
  await t.deps.mailer.idle();
  return email;
}

async function outboxRowTo(email: string) {
  const [row, ...more] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  expect(more).toHaveLength(0);
  return row!;
}

describe('e-mail delivery by SMTP', () => {
  it('delivers the confirmation e-mail to the SMTP server and marks the outbox row sent', async () => {
    const email = await signUp();
    const mail = smtp.received.find((m) => m.envelopeTo.includes(email));
    expect(mail).toBeDefined();
    expect(header(mail!.raw, 'To')).toBe(email);
    expect(header(mail!.raw, 'From')).toBe('LeadCircle <no-reply@leadcircle.local>');
    expect(header(mail!.raw, 'Subject')).toBe('Confirm your LeadCircle account');
    const link = await latestLinkTo(t, email);
    expect(link.searchParams.get('action')).toBe('SIGNUP_CONFIRMATION');
    const body = decodeQuotedPrintable(mail!.raw);
    expect(body).toContain(link.href);
    expect(body).toContain('Hi Sam,');

    const row = await outboxRowTo(email);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ attempts: 1, lastError: null });
  });

  it('keeps an undelivered e-mail when the server is down, and the retry job delivers it once a server is back', async () => {
    const { port } = smtp;
    await smtp.stop();
    const email = await signUp();

    const failed = await outboxRowTo(email);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Retries back off: nothing is tried again within the first minute.
    await retryMailJob.run(t.deps);
    expect(await outboxRowTo(email)).toMatchObject({ sentAt: null, attempts: 1 });

    // Still down after the back-off: the retry counts another attempt and keeps the row.
    clock.advance(2 * MINUTE_MS);
    await retryMailJob.run(t.deps);
    expect(await outboxRowTo(email)).toMatchObject({ sentAt: null, attempts: 2 });

    smtp = await startSmtp(port);
    clock.advance(4 * MINUTE_MS);
    await retryMailJob.run(t.deps);
    const delivered = await outboxRowTo(email);
    expect(delivered.sentAt).toBeInstanceOf(Date);
    expect(delivered.attempts).toBe(3);

    const mail = smtp.received.find((m) => m.envelopeTo.includes(email));
    expect(mail).toBeDefined();
    expect(header(mail!.raw, 'Subject')).toBe('Confirm your LeadCircle account');
    expect(decodeQuotedPrintable(mail!.raw)).toContain((await latestLinkTo(t, email)).href);

    // Delivered once: a further run sends nothing again.
    await retryMailJob.run(t.deps);
    expect(smtp.received.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
    expect(await mailsTo(t, email)).toHaveLength(1);
  });
});
