import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { groups } from './groups.js';
import { users } from './users.js';

// What happened, written in the same transaction as the change it records (a new lead, …).
// opportunity_id has no foreign key (it predates the opportunities table), so an opportunity's activities stay
// when it is deleted.
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    opportunityId: integer('opportunity_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // Not yet looked at by the notification e-mail job (which finds who should hear of it by e-mail).
    mailPending: boolean('mail_pending').notNull().default(true),
  },
  (t) => [
    // A group's activity, newest first.
    index('activities_group_created_idx').on(t.groupId, t.createdAt.desc(), t.id.desc()),
    // The inbox's unread count: a group's new leads above the person's read-all mark, newest id first.
    index('activities_group_new_lead_idx').on(t.groupId, t.id.desc()).where(sql`${t.type} = 'NEW_LEAD'`),
    // The inbox's page: a group's new leads, newest first, never walking its chat and other activity.
    index('activities_group_new_lead_created_idx')
      .on(t.groupId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.type} = 'NEW_LEAD'`),
    index('activities_mail_pending_idx').on(t.id).where(sql`${t.mailPending}`),
    // The feed and the inbox find what a person may see through these (activity/visible-activities.ts).
    index('activities_opportunity_created_idx')
      .on(t.opportunityId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.opportunityId} is not null`),
    index('activities_own_created_idx')
      .on(t.actorUserId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.groupId} is null and ${t.opportunityId} is null`),
    index('activities_business_created_idx')
      .on(sql`(${t.data}->>'businessId')`, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.groupId} is null and ${t.opportunityId} is null`),
  ],
);

// data.recipientUserIds of each activity, one row per person, so what names a person is read newest first
// through an index (the feed and the inbox). Written with the activity.
export const activityRecipients = pgTable(
  'activity_recipients',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.activityId] }),
    index('activity_recipients_user_created_idx').on(t.userId, t.createdAt.desc(), t.activityId.desc()),
  ],
);

// The inbox: activities a person has read, one row each, and a "read everything up to" mark.
export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activityId] })],
);

export const notificationMarks = pgTable('notification_marks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  readUpToActivityId: integer('read_up_to_activity_id').notNull(),
});

// Notification e-mails to send: one row per person and activity, due at once (invites, events), within a
// minute (new leads), at the next digest (daily new leads) or a few minutes on (unread chat). Rows due
// together for a person and switch are sent as one e-mail; sentAt is set in the transaction that stores it.
export const notificationEmails = pgTable(
  'notification_emails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    // NEW_LEAD, CHAT or EVENT.
    kind: text('kind').notNull(),
    // The switch that governs it and that its unsubscribe link turns off: ACCOUNT, NEW_LEADS, GROUP:<id>, OPPORTUNITY:<id>.
    switchKey: text('switch_key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // When a push of the activity reached one of the person's devices: the e-mail then leaves it out.
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_emails_user_activity_unique').on(t.userId, t.activityId),
    index('notification_emails_due_idx').on(t.dueAt).where(sql`${t.sentAt} is null`),
  ],
);

// One-click unsubscribe links: single use, stored hashed, each turning off one switch of one person.
export const unsubscribeLinks = pgTable(
  'unsubscribe_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    switchKey: text('switch_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('unsubscribe_links_token_unique').on(t.tokenHash),
    index('unsubscribe_links_user_idx').on(t.userId),
  ],
);
