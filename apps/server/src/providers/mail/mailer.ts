import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client.js';
import { deleteFirstRows } from '../../db/delete-in-batches.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go (feedback: the user who wrote it). */
  replyTo?: string | null;
  /** Extra headers (List-Unsubscribe on notification e-mails). */
  headers?: Record<string, string> | null;
}

export interface Mailer {
  /** Stores the message in the outbox, then delivers it by SMTP when configured (without waiting). */
  send(message: MailMessage): Promise<void>;
  /** Stores the message with the caller's transaction, so it exists exactly when the change does; deliver it after commit. */
  store(tx: DbOrTx, message: MailMessage): Promise<number>;
  /** Starts delivering stored messages (without waiting); ones it misses are taken up by the retry job. */
  deliver(ids: number[]): void;
  /** Retries undelivered messages; the e-mail retry job calls it. */
  retryPending(): Promise<void>;
  /**
   * Deletes up to `limit` messages delivered before a time (stored, when the outbox is the delivery),
   * or given up before it; answers how many. Undelivered messages still being retried stay.
   */
  pruneDelivered(before: Date, limit: number): Promise<number>;
  /** Deletes every stored message to or answerable to an address (its account is erased). */
  forgetRecipient(to: string): Promise<void>;
  /** Resolves when deliveries started so far have finished (shutdown, tests). */
  idle(): Promise<void>;
  readonly delivers: boolean;
}

// Retries back off exponentially from one minute: ten attempts span about seventeen hours,
// so an SMTP outage of a few hours loses nothing.
const MAX_ATTEMPTS = 10;

export function createMailer(options: { db: Db; clock: Clock; smtpUrl?: string; from: string; log: Logger }): Mailer {
  const { db, clock, from, log } = options;
  // The SMTP library loads with the first delivery, not at start.
  const { smtpUrl } = options;
  let transporter: Promise<Transporter> | undefined;
  const transport = smtpUrl
    ? {
        async sendMail(mail: Parameters<Transporter['sendMail']>[0]) {
          transporter ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
          return (await transporter).sendMail(mail);
        },
      }
    : undefined;
  const inFlight = new Set<Promise<void>>();

  async function deliver(id: number, message: MailMessage, attempts: number): Promise<void> {
    if (!transport) return;
    const tried = { attempts: attempts + 1, lastAttemptAt: clock.now() };
    try {
      const { to, subject, text, html, replyTo, headers } = message;
      await transport.sendMail({
        from,
        to,
        subject,
        text,
        html,
        ...(replyTo && { replyTo }),
        ...(headers && { headers }),
      });
      await db
        .update(mailOutbox)
        .set({ ...tried, sentAt: clock.now() })
        .where(eq(mailOutbox.id, id));
    } catch (error) {
      log.warn({ mailId: id, err: error }, 'e-mail delivery failed; it will be retried');
      await db
        .update(mailOutbox)
        .set({ ...tried, lastError: String((error as Error).message).slice(0, 500) })
        .where(eq(mailOutbox.id, id));
    }
  }

  function track(p: Promise<void>) {
    inFlight.add(p);
    p.finally(() => inFlight.delete(p)).catch(() => {});
  }

  return {
    delivers: transport !== undefined,
    async send(message) {
      const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      // Only the first try happens here; the retry job takes the rest.
      // Never log the body: it carries single-use links.
      log.info(
        { mailId: row!.id, subject: message.subject },
        transport ? 'e-mail queued' : 'e-mail stored in the outbox (/dev/mail)',
      );
      track(deliver(row!.id, message, 0));
    },
    async store(tx, message) {
      const [row] = await tx.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      log.info({ mailId: row!.id, subject: message.subject }, 'e-mail stored in the outbox');
      return row!.id;
    },
    deliver(ids) {
      if (!transport || ids.length === 0) return;
      track(
        (async () => {
          const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
          for (const m of rows) if (m.attempts === 0 && m.sentAt === null) await deliver(m.id, m, 0);
        })(),
      );
    },
    async retryPending() {
      if (!transport) return;
      const pending = await db
        .select()
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            lt(mailOutbox.attempts, MAX_ATTEMPTS),
            or(
              lte(
                sql`${mailOutbox.lastAttemptAt} + interval '1 minute' * power(2, ${mailOutbox.attempts} - 1)`,
                clock.now(),
              ),
              // Never tried: its first delivery was lost (the process stopped after storing it).
              and(eq(mailOutbox.attempts, 0), lte(mailOutbox.createdAt, new Date(clock.now().getTime() - 2 * 60_000))),
            ),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(50);
      for (const m of pending) await deliver(m.id, m, m.attempts);
    },
    async pruneDelivered(before, limit) {
      const delivered = transport
        ? or(
            lt(mailOutbox.sentAt, before),
            and(gte(mailOutbox.attempts, MAX_ATTEMPTS), lt(mailOutbox.lastAttemptAt, before)),
          )
        : lt(mailOutbox.createdAt, before);
      return deleteFirstRows(db, mailOutbox, mailOutbox.id, delivered, limit);
    },
    async forgetRecipient(to) {
      await db.delete(mailOutbox).where(or(eq(mailOutbox.to, to), eq(mailOutbox.replyTo, to)));
    },
    async idle() {
      await Promise.allSettled([...inFlight]);
    },
  };
}

export async function listRecentMail(db: Db, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}
