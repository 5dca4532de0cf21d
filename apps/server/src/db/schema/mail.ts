import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Every e-mail is written here first. With SMTP it is then delivered (and retried by a job);
// without SMTP the outbox is the delivery, readable at /dev/mail outside production.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    // Feedback e-mails are answered straight to the user who wrote them.
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    // Extra headers (List-Unsubscribe on notification e-mails).
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_reply_to_idx').on(t.replyTo)],
);
