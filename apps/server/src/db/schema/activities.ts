import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
