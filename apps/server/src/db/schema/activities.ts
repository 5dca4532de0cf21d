import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.js';
import { users } from './users.js';

// What happened, written in the same transaction as the change it records (a new lead, …).
// opportunity_id has no foreign key: the opportunities table comes later.
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
  },
  // A group's activity, newest first.
  (t) => [index('activities_group_created_idx').on(t.groupId, t.createdAt.desc(), t.id.desc())],
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
