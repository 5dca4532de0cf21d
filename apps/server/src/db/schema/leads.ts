import { RATING_KINDS } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { groups } from './groups.js';
import { opportunities } from './opportunities.js';
import { users } from './users.js';

// Leads (issue 6; spec 001 §3, §6): submitted to a group by a member, who owns it.

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    // The submitter; accounts are erased, never deleted, so their leads stay (ARCHITECTURE §5).
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title').notNull(),
    company: text('company').notNull(),
    email: text('email'),
    // Ten digits, after +1 when the submitter gave the country code.
    phone: text('phone'),
    linkedin: text('linkedin'),
    notes: text('notes'),
    // The US address (spec 001 §3).
    streetOne: text('street_one').notNull(),
    streetTwo: text('street_two'),
    city: text('city').notNull(),
    stateAbbrv: text('state_abbrv').notNull(),
    postal: text('postal').notNull(),
    placeId: text('place_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    // The quality ratings' sum and count, kept with each rating so lists need no aggregate.
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Sort ACTIVITY (spec 001 §9): moved by creation, edits, ratings and comments.
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // /lead/list pages a group's leads, most recently active first, through this index. NULLS FIRST is
    // what a plain ORDER BY … DESC means, so the planner can walk the index for it.
    index('leads_group_activity_idx').on(t.groupId, t.lastActivityAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Member ratings and per-member counts.
    index('leads_created_by_idx').on(t.createdBy, t.groupId),
  ],
);

export const ratingKind = pgEnum('rating_kind', RATING_KINDS);

export const leadRatings = pgTable(
  'lead_ratings',
  {
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: ratingKind('kind').notNull(),
    // 1 to 5; a rating taken back (0) is deleted.
    rating: smallint('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.kind, t.userId] })],
);

// Chat rooms (spec 001 §3): a lead's comments are its room's messages. The chat issue adds the
// other kinds' rooms (direct, group, opportunity, business).
export const chatRoomKind = pgEnum('chat_room_kind', ['LEAD', 'GROUP', 'OPPORTUNITY', 'DIRECT', 'BUSINESS']);

export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    kind: chatRoomKind('kind').notNull(),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    // An OPPORTUNITY room, made with its opportunity.
    opportunityId: integer('opportunity_id').references(() => opportunities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_lead_unique').on(t.leadId).where(sql`${t.leadId} is not null`),
    uniqueIndex('chat_rooms_opportunity_unique').on(t.opportunityId).where(sql`${t.opportunityId} is not null`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A room's messages page newest first.
  (t) => [index('chat_messages_room_idx').on(t.roomId, t.id.desc().nullsFirst())],
);
