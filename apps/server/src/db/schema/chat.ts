import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chatMessages, chatRooms } from './leads.js';
import { users } from './users.js';

// A person's read mark and mute in one room; no row means nothing read and not muted. Membership itself is
// never stored here (it follows groups, businesses, leads and opportunities).
export const chatRoomReads = pgTable(
  'chat_room_reads',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
    // Of the room's messages not deleted, those the person has read (seq <= last_read_seq) or sent:
    // their unread count is chat_rooms.visible_count less this, kept in the transaction that changes either.
    seenCount: integer('seen_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    // A person's read rows with all their list and total read (an index-only read of a person's rooms).
    index('chat_room_reads_user_idx').on(t.userId, t.roomId, t.seenCount, t.muted, t.lastReadSeq),
    check('chat_room_reads_seen_count_check', sql`${t.seenCount} >= 0`),
  ],
);

// A file sent in a message, stored with the file storage under chat/<roomId>/<random>; one per message.
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    // Sniffed from the bytes, never taken from the upload's headers.
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_attachments_message_unique').on(t.messageId)],
);
