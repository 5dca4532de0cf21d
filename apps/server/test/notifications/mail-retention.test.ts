import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, mailOutbox, notificationEmails, unsubscribeLinks } from '../../src/db/schema/index.js';
import { pruneMailJob } from '../../src/jobs/jobs.js';
import { DAY_MS } from '../../src/lib/clock.js';
import { hashToken } from '../../src/lib/secrets.js';
import { pruneMail } from '../../src/modules/notifications/retention.service.js';
import { createMailer } from '../../src/providers/mail/mailer.js';
import { createUser } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

// Retention: sent e-mails, the notification rows they were sent for and spent unsubscribe links are
// kept MAIL_RETENTION_DAYS (30 by default); unused unsubscribe links expire after 90 days. What is
// not sent yet stays, whatever its age.

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

// A mailer that delivers by SMTP (nothing is sent here: the rows are written as they would be).
const smtpDeps = () => ({
  ...t.deps,
  mailer: createMailer({
    db: t.db,
    clock,
    smtpUrl: 'smtp://127.0.0.1:9',
    from: 'x@example.com',
    log: pino({ level: 'silent' }),
  }),
});

async function storeMail(rows: Partial<typeof mailOutbox.$inferInsert>[]) {
  const inserted = await t.db
    .insert(mailOutbox)
    .values(rows.map((r) => ({ to: 'a@example.com', subject: 'S', text: 'link', html: '<p>link</p>', ...r })))
    .returning({ id: mailOutbox.id });
  return inserted.map((r) => r.id);
}
/** Which of these rows are still there, by id in ascending order. */
async function stillThere(
  table: typeof mailOutbox | typeof notificationEmails | typeof unsubscribeLinks,
  ids: number[],
) {
  const rows = await t.db.select({ id: table.id }).from(table).where(inArray(table.id, ids)).orderBy(table.id);
  return rows.map((r) => r.id);
}
const mailLeft = (ids: number[]) => stillThere(mailOutbox, ids);
const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('sent e-mail', () => {
  it('is deleted after the retention window; newer mail and mail not sent yet stay', async () => {
    const [oldSent, newSent, oldRetrying, oldGivenUp, newGivenUp] = await storeMail([
      { createdAt: daysAgo(40), sentAt: daysAgo(31), attempts: 1 },
      { createdAt: daysAgo(40), sentAt: daysAgo(29), attempts: 1 },
      { createdAt: daysAgo(40), attempts: 3, lastAttemptAt: daysAgo(31) },
      { createdAt: daysAgo(40), attempts: 10, lastAttemptAt: daysAgo(31) },
      { createdAt: daysAgo(40), attempts: 10, lastAttemptAt: daysAgo(29) },
    ]);
    await pruneMail(smtpDeps());
    expect(await mailLeft([oldSent!, newSent!, oldRetrying!, oldGivenUp!, newGivenUp!])).toEqual([
      newSent,
      oldRetrying,
      newGivenUp,
    ]);
  });

  it('without SMTP (the outbox is the delivery) is deleted once stored before the window', async () => {
    const [old, recent] = await storeMail([{ createdAt: daysAgo(31) }, { createdAt: daysAgo(29) }]);
    await pruneMailJob.run(t.deps);
    expect(await mailLeft([old!, recent!])).toEqual([recent]);
  });

  it('follows MAIL_RETENTION_DAYS', async () => {
    const [older, newer] = await storeMail([{ createdAt: daysAgo(8) }, { createdAt: daysAgo(6) }]);
    await pruneMail({ ...t.deps, config: { ...t.deps.config, mailRetentionDays: 7 } });
    expect(await mailLeft([older!, newer!])).toEqual([newer]);
  });

  it('is deleted in batches smaller than the rows, all of it', async () => {
    const ids = await storeMail(Array.from({ length: 7 }, () => ({ createdAt: daysAgo(31) })));
    const pruned = await pruneMail(t.deps, 2);
    expect(pruned.mails).toBeGreaterThanOrEqual(7);
    expect(await mailLeft(ids)).toEqual([]);
  });
});

describe('notification e-mail rows', () => {
  it('go once sent before the window; newer and unsent ones stay, in batches smaller than the rows', async () => {
    const user = await createUser(t);
    const made = await t.db
      .insert(activities)
      .values(
        Array.from({ length: 7 }, () => ({
          type: 'NEW_LEAD',
          actorUserId: user.id,
          data: {},
          createdAt: daysAgo(40),
          mailPending: false,
        })),
      )
      .returning({ id: activities.id });
    const sentAt = [31, 32, 33, 34, 29, null, null];
    const rows = await t.db
      .insert(notificationEmails)
      .values(
        made.map((a, i) => ({
          userId: user.id,
          activityId: a.id,
          kind: 'NEW_LEAD',
          switchKey: 'NEW_LEADS',
          dueAt: daysAgo(40),
          sentAt: sentAt[i] === null ? null : daysAgo(sentAt[i]!),
        })),
      )
      .returning({ id: notificationEmails.id });
    await pruneMail(t.deps, 3);
    expect(await stillThere(notificationEmails, idsOf(rows))).toEqual(idsOf(rows.slice(4)));
  });
});

describe('unsubscribe links', () => {
  it('go when spent before the window or unused for 90 days; live ones stay, in batches smaller than the rows', async () => {
    const user = await createUser(t);
    const link = (token: string, made: number, used: number | null) => ({
      tokenHash: hashToken(token),
      userId: user.id,
      switchKey: 'ACCOUNT',
      createdAt: daysAgo(made),
      usedAt: used === null ? null : daysAgo(used),
    });
    const rows = await t.db
      .insert(unsubscribeLinks)
      .values([
        link('spent-long-ago', 60, 31),
        link('spent-long-ago-2', 60, 45),
        link('expired', 91, null),
        link('expired-2', 120, null),
        link('spent-lately', 60, 29),
        link('live', 89, null),
        link('new', 0, null),
      ])
      .returning({ id: unsubscribeLinks.id, tokenHash: unsubscribeLinks.tokenHash });
    await pruneMail(t.deps, 3);
    expect(await stillThere(unsubscribeLinks, idsOf(rows))).toEqual(idsOf(rows.slice(4)));
  });

  it('answers an expired link as not valid, before the clean-up has run', async () => {
    const user = await createUser(t);
    await t.db.insert(unsubscribeLinks).values([
      { tokenHash: hashToken('old-link'), userId: user.id, switchKey: 'ACCOUNT', createdAt: daysAgo(90) },
      { tokenHash: hashToken('young-link'), userId: user.id, switchKey: 'ACCOUNT', createdAt: daysAgo(89) },
    ]);
    const click = (token: string) =>
      t.app.inject({ method: 'POST', url: `/api/notification/unsubscribe?token=${token}` });
    const old = await click('old-link');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({
      code: 'UNSUBSCRIBE_LINK_INVALID',
      message: 'This unsubscribe link is not valid.',
    });
    expect((await click('young-link')).statusCode).toBe(200);
  });
});
