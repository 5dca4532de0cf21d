import { FEEDBACK_CONTENT_MAX, FEEDBACK_SUBJECT_MAX, MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, mailOutbox } from '../../src/db/schema/index.js';
import { eraseAccountsJob } from '../../src/jobs/jobs.js';
import { HOUR_MS } from '../../src/lib/clock.js';
import { createSignedInUser, mailsTo, post, signIn } from '../helpers.js';
import { decodeQuotedPrintable, header, type LocalSmtp, startSmtp } from '../local-smtp.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const SUPPORT = 'help-desk@leadcircle.example';
const clock = createTestClock();
let smtp: LocalSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SUPPORT_EMAIL: SUPPORT, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const feedbackRowsOf = (userId: number) => t.db.select().from(feedback).where(eq(feedback.userId, userId));

describe('/feedback/submit', () => {
  it("answers the spec's thanks, stores the feedback and e-mails it to the support address", async () => {
    const { user, accessToken } = await createSignedInUser(t, { company: 'Northwind', title: 'Sales lead' });
    const res = await post(
      t,
      '/feedback/submit',
      { subject: '  Lead export ', content: 'Please add a CSV export of my leads.\nThanks!' },
      { token: accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Thanks! We may reach out to discuss further.' });

    const rows = await feedbackRowsOf(user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        userId: user.id,
        subject: 'Lead export',
        content: 'Please add a CSV export of my leads.\nThanks!',
        createdAt: clock.now(),
      }),
    ]);

    const [mail, ...more] = await mailsTo(t, SUPPORT);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ subject: 'Feedback: Lead export', replyTo: user.email });
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain(user.email);
      expect(part).toContain(`${user.firstName} ${user.lastName}`);
      expect(part).toContain('Northwind');
      expect(part).toContain('Please add a CSV export of my leads.');
    }

    // It reaches the SMTP server, with Reply-To set so support can answer the user directly.
    await t.deps.mailer.idle();
    const delivered = smtp.received.find((m) => m.envelopeTo.includes(SUPPORT));
    expect(delivered).toBeDefined();
    expect(header(delivered!.raw, 'Subject')).toBe('Feedback: Lead export');
    expect(header(delivered!.raw, 'Reply-To')).toContain(user.email);
    expect(decodeQuotedPrintable(delivered!.raw)).toContain('Please add a CSV export of my leads.');
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(sent!.sentAt).not.toBeNull();
  });

  it("never renders the user's text as markup in the e-mail, and keeps the subject on one line", async () => {
    const { user, accessToken } = await createSignedInUser(t);
    // A line break in the subject (a header injection) is refused: the subject is one line of text.
    const injected = await post(
      t,
      '/feedback/submit',
      { subject: 'Broken <b>page</b>\r\nBcc: victim@example.com', content: 'x' },
      { token: accessToken },
    );
    expect(injected.status).toBe(400);
    expect(injected.body.message).toBe('The field "subject" must be a single line.');
    expect(await feedbackRowsOf(user.id)).toHaveLength(0);

    const res = await post(
      t,
      '/feedback/submit',
      { subject: 'Broken <b>page</b> Bcc: victim@example.com', content: '<script>alert(1)</script> & <img src=x>' },
      { token: accessToken },
    );
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(t, SUPPORT);
    expect(mail!.subject).toBe('Feedback: Broken <b>page</b> Bcc: victim@example.com');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x&gt;');
    await t.deps.mailer.idle();
    const delivered = smtp.received.filter((m) => m.envelopeTo.includes(SUPPORT)).at(-1)!;
    expect(delivered.envelopeTo).toEqual([SUPPORT]);
  });

  describe('answers 400 with a clear message and stores nothing when', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['the subject is missing', { subject: undefined }, 'subject', MESSAGES.feedbackSubjectRequired],
      ['the subject is blank', { subject: '   ' }, 'subject', 'Subject is required'],
      ['the content is missing', { content: undefined }, 'content', MESSAGES.feedbackContentRequired],
      ['the content is blank', { content: '\n  ' }, 'content', 'Message is required'],
      [
        `the subject is longer than ${FEEDBACK_SUBJECT_MAX}`,
        { subject: 's'.repeat(FEEDBACK_SUBJECT_MAX + 1) },
        'subject',
        MESSAGES.lessThan(FEEDBACK_SUBJECT_MAX),
      ],
      [
        `the content is longer than ${FEEDBACK_CONTENT_MAX}`,
        { content: 'c'.repeat(FEEDBACK_CONTENT_MAX + 1) },
        'content',
        MESSAGES.lessThan(FEEDBACK_CONTENT_MAX),
      ],
      ['the subject is not text', { subject: 42 }, 'subject', 'Subject is required'],
    ];
    it.each(cases)('%s', async (_name, change, path, message) => {
      const { user, accessToken } = await createSignedInUser(t);
      const res = await post(
        t,
        '/feedback/submit',
        { subject: 'Hello', content: 'Some words', ...change },
        { token: accessToken },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
      expect(res.body.issues).toContainEqual({ path, message });
      expect(await feedbackRowsOf(user.id)).toEqual([]);
    });
  });

  it('accepts the longest subject and content', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await post(
      t,
      '/feedback/submit',
      { subject: 's'.repeat(FEEDBACK_SUBJECT_MAX), content: 'c'.repeat(FEEDBACK_CONTENT_MAX) },
      { token: accessToken },
    );
    expect(res.status).toBe(200);
  });

  it('answers 400 to an unknown field (no way to send it as someone else)', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const res = await post(
      t,
      '/feedback/submit',
      { subject: 'Hi', content: 'There', user_id: 1, email: 'ceo@example.com' },
      { token: accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(await feedbackRowsOf(user.id)).toEqual([]);
  });

  it('answers 401 to an anonymous caller and stores nothing', async () => {
    const before = await t.db.select().from(feedback);
    const res = await post(t, '/feedback/submit', { subject: 'Hi', content: 'There' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.notSignedIn, code: 'AUTH_REQUIRED' });
    expect(await t.db.select().from(feedback)).toHaveLength(before.length);
  });

  it('limits each user to 10 in an hour (429), then accepts again', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    for (let i = 1; i <= 10; i += 1) {
      const res = await post(t, '/feedback/submit', { subject: `Idea ${i}`, content: 'More' }, { token: accessToken });
      expect(res.status).toBe(200);
    }
    const limited = await post(t, '/feedback/submit', { subject: 'Idea 11', content: 'More' }, { token: accessToken });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' });
    expect(await feedbackRowsOf(user.id)).toHaveLength(10);
    // Another user is not affected.
    expect(
      (await post(t, '/feedback/submit', { subject: 'Mine', content: 'Too' }, { token: other.accessToken })).status,
    ).toBe(200);

    clock.advance(HOUR_MS);
    // A new session: access tokens last 15 minutes.
    const session = await signIn(t, user.email, user.password);
    const later = await post(
      t,
      '/feedback/submit',
      { subject: 'Idea 12', content: 'More' },
      { token: session.accessToken },
    );
    expect(later.status).toBe(200);
  });

  it("forgets the feedback and its e-mail when the account's data is erased", async () => {
    const { user, accessToken } = await createSignedInUser(t);
    await post(t, '/feedback/submit', { subject: 'Bye', content: 'Leaving soon' }, { token: accessToken });
    expect(await feedbackRowsOf(user.id)).toHaveLength(1);
    expect((await post(t, '/user/schedule_delete', {}, { token: accessToken })).status).toBe(200);

    clock.advance(24 * HOUR_MS);
    await eraseAccountsJob.run(t.deps);
    expect(await feedbackRowsOf(user.id)).toEqual([]);
    const outbox = await t.db.select().from(mailOutbox);
    expect(outbox.filter((m) => m.replyTo === user.email || m.text.includes(user.email))).toEqual([]);
  });
});
