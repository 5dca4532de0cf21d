import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  pgView,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';

export const userRole = pgEnum('user_role', ['ADMIN', 'SALES']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    // Stored lower-cased and trimmed; one account per address.
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    title: text('title'),
    role: userRole('role').notNull().default('SALES'),
    businessId: integer('business_id').references(() => businesses.id),
    // The account-wide e-mail switch: on for new accounts; account e-mails (resets, invites) ignore it.
    enableEmailNotifications: boolean('enable_email_notifications').notNull().default(true),
    // New leads in the person's groups by e-mail: IMMEDIATE (batched within a minute), DAILY (a digest) or OFF.
    leadEmails: text('lead_emails').notNull().default('IMMEDIATE'),
    // IANA time zone (from the browser at sign-up, changeable in My settings): the daily digest goes out at 07:00 in it.
    timeZone: text('time_zone').notNull().default('UTC'),
    // Storage key of the profile picture (avatars/<id>/<random>.webp), null for the initial letter.
    avatarKey: text('avatar_key'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    // Set by /user/schedule_delete: the account is hidden at once and erased after 24 h.
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_business_idx').on(t.businessId),
    index('users_pending_erasure_idx').on(t.deletionRequestedAt).where(sql`${t.erasedAt} is null`),
  ],
);

// The accounts' public face (see db/table-owners.ts): what other modules read of an account, no password hash.
export const publicUsers = pgView('public_users').as((qb) =>
  qb
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
      title: users.title,
      role: users.role,
      businessId: users.businessId,
      enableEmailNotifications: users.enableEmailNotifications,
      leadEmails: users.leadEmails,
      timeZone: users.timeZone,
      avatarKey: users.avatarKey,
      deletionRequestedAt: users.deletionRequestedAt,
      erasedAt: users.erasedAt,
      createdAt: users.createdAt,
    })
    .from(users),
);
