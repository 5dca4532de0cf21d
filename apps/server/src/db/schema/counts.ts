import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Sizes of the paged lists, kept in step with every write by triggers in the same transaction
// (migrations 0009_list_count_triggers.sql, 0022_paged_list_counts.sql, 0024_group_activity_counts.sql), so a
// page's totalCount is one primary-key read. list: 'group.leads' (owner = group), 'group.members' (visible
// members; owner = group), 'user.groups' (owner = user), 'room.messages' (owner = chat room),
// 'opportunity.contacts' (owner = opportunity), 'user.opportunities' (owned and shared with; owner = user),
// 'group.activities' and 'group.activities:<TYPE>' (a group's activities, all and of one type; owner = group).
export const listCounts = pgTable(
  'list_counts',
  {
    list: text('list').notNull(),
    ownerId: integer('owner_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.ownerId] })],
);
