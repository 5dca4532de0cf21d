import { LEAD_LOST_REASONS, LEAD_OUTCOME_STAGES, RATING_KINDS } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { groups } from './groups.js';
import { opportunities, opportunityContacts } from './opportunities.js';
import { users } from './users.js';

// Leads: submitted to a group by a member, who owns it.

export const leadOutcomeStage = pgEnum('lead_outcome_stage', LEAD_OUTCOME_STAGES);
export const leadLostReason = pgEnum('lead_lost_reason', LEAD_LOST_REASONS);

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    // The submitter; accounts are erased, never deleted, so their leads stay.
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    // When it was last assigned (the follow-up reminder counts from here or the latest step).
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title').notNull(),
    company: text('company').notNull(),
    email: text('email'),
    // Ten digits, after +1 when the submitter gave the country code.
    phone: text('phone'),
    linkedin: text('linkedin'),
    notes: text('notes'),
    // The US address.
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
    // The latest outcome step, kept with the lead so lists, stats and ratings need no join: its stage
    // and time, the amount while it is Won (integer cents, credited to the submitter), since when it is
    // Won, and the reason while it is Lost.
    outcomeStage: leadOutcomeStage('outcome_stage'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    wonAmountCents: bigint('won_amount_cents', { mode: 'number' }),
    wonAt: timestamp('won_at', { withTimezone: true }),
    lostReason: leadLostReason('lost_reason'),
    // The latest step was reported by the submitter and nobody has confirmed it yet: a Won reported that
    // way is not closed business (scoreboard, member card) until the assignee or a group owner confirms it.
    outcomeUnconfirmed: boolean('outcome_unconfirmed').notNull().default(false),
    // The follow-up reminder of the current quiet spell was sent at this time.
    followUpNudgedAt: timestamp('follow_up_nudged_at', { withTimezone: true }),
    // Normalised duplicate keys (format/match-keys.ts), written with the lead's fields.
    emailKey: text('email_key'),
    phoneKey: text('phone_key'),
    linkedinKey: text('linkedin_key'),
    nameKey: text('name_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Sort ACTIVITY: moved by creation, edits, ratings and comments.
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    // The list's search (lead-search.ts): every searched field folded (lc_fold: lower case, no accents),
    // non-letters as spaces, with a space in front so a word's prefix is '% word%'. Kept by PostgreSQL.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`' ' || regexp_replace(lc_fold(first_name || ' ' || last_name || ' ' || company || ' ' || title || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || city), '[^[:alnum:]]+', ' ', 'g')`,
      ),
    // Sort NAME and COMPANY: the folded full name and company.
    nameFold: text('name_fold').notNull().generatedAlwaysAs(sql`lc_fold(first_name || ' ' || last_name)`),
    companyFold: text('company_fold').notNull().generatedAlwaysAs(sql`lc_fold(company)`),
    // Sort RATING and the Rating filter: the average quality rating × 1000, 0 while nobody has rated.
    ratingKey: integer('rating_key')
      .notNull()
      .generatedAlwaysAs(sql`case when rating_count > 0 then rating_sum * 1000 / rating_count else 0 end`),
  },
  (t) => {
    // The list's filters (state, assignee, submitter, outcome, rating, added) ride after the id in the
    // activity and outcome indexes, so a combination of them is checked on index entries and neither the
    // page nor the capped count reads a lead's row (Index Only Scan). After the unique id they order
    // nothing: they stand for an INCLUDE, which Drizzle cannot write.
    const filterColumns = [t.stateAbbrv, t.assignedTo, t.createdBy, t.ratingKey, t.createdAt] as const;
    return [
      // Search: words, prefixes (LIKE '% acm%') and typos (<%) through one trigram index.
      index('leads_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
      // Sorts NEWEST, NAME, COMPANY and RATING of a group, keyset-paged like ACTIVITY.
      index('leads_group_newest_idx').on(t.groupId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
      index('leads_group_name_idx').on(t.groupId, t.nameFold, t.id),
      // Search: the exact rank's first and last name, folded (the full name reads leads_group_name_idx).
      index('leads_group_first_name_fold_idx').on(t.groupId, sql`lc_fold(${t.firstName})`),
      index('leads_group_last_name_fold_idx').on(t.groupId, sql`lc_fold(${t.lastName})`),
      index('leads_group_company_idx').on(t.groupId, t.companyFold, t.id),
      index('leads_group_rating_idx').on(t.groupId, t.ratingKey.desc().nullsFirst(), t.id.desc().nullsFirst()),
      // Filters Outcome (with a sort's index, or alone), in the default sort's order.
      index('leads_group_outcome_idx').on(
        t.groupId,
        t.outcomeStage,
        t.lastActivityAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        ...filterColumns,
      ),
      // /lead/list pages a group's leads, most recently active first, through this index. NULLS FIRST is
      // what a plain ORDER BY … DESC means, so the planner can walk the index for it.
      index('leads_group_activity_idx').on(
        t.groupId,
        t.lastActivityAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        ...filterColumns,
        t.outcomeStage,
      ),
      // Member ratings and per-member counts.
      index('leads_created_by_idx').on(t.createdBy, t.groupId),
      // Leads received per member.
      index('leads_assigned_to_idx').on(t.assignedTo, t.groupId).where(sql`${t.assignedTo} is not null`),
      // Duplicates: the oldest match of a key in a group is the first entry of its index range.
      // text_pattern_ops: also the list's e-mail search, a LIKE 'prefix%' range in any collation.
      index('leads_email_key_idx')
        .on(t.groupId, t.emailKey.op('text_pattern_ops'), t.id)
        .where(sql`${t.emailKey} is not null`),
      index('leads_phone_key_idx').on(t.groupId, t.phoneKey, t.id).where(sql`${t.phoneKey} is not null`),
      index('leads_linkedin_key_idx').on(t.groupId, t.linkedinKey, t.id).where(sql`${t.linkedinKey} is not null`),
      index('leads_name_key_idx').on(t.groupId, t.nameKey, t.id).where(sql`${t.nameKey} is not null`),
      // /territory/mine: a group's newest leads in one state, and in one ZIP prefix (first three digits).
      index('leads_group_state_created_idx').on(
        t.groupId,
        t.stateAbbrv,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      ),
      index('leads_group_zip3_created_idx').on(
        t.groupId,
        sql`left(${t.postal}, 3)`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      ),
      // The scoreboard's windows: the leads of a group given on the window's first, partial day.
      index('leads_group_created_idx').on(t.groupId, t.createdAt),
      // The scoreboard's windows: the wins of a group on the window's first, partial day.
      index('leads_group_won_idx').on(t.groupId, t.wonAt).where(sql`${t.outcomeStage} = 'WON'`),
      // The follow-up job: open leads with an assignee.
      index('leads_follow_up_idx')
        .on(t.assignedAt)
        .where(
          sql`${t.assignedTo} is not null and (${t.outcomeStage} is null or ${t.outcomeStage} not in ('WON', 'LOST'))`,
        ),
    ];
  },
);

// The scoreboard's kept totals, in step with every write to leads through triggers in the writing
// transaction (migration 0024_lead_stats_counters.sql), so a stats call reads members × periods, never
// the leads. Won = Won now and confirmed (outcome_unconfirmed false); won_cents are credited to the
// submitter. Per group and member: leads given (as submitter), their wins and amounts, leads received
// (as assignee) and how many of those are Won.
export const leadStatsTotals = pgTable(
  'lead_stats_totals',
  {
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    given: integer('given').notNull().default(0),
    won: integer('won').notNull().default(0),
    wonCents: bigint('won_cents', { mode: 'number' }).notNull().default(0),
    received: integer('received').notNull().default(0),
    receivedWon: integer('received_won').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

// Per group, UTC month and submitter: leads given that month (created_at), and leads Won now whose
// won_at falls in it with their amounts.
export const leadStatsMonths = pgTable(
  'lead_stats_months',
  {
    groupId: integer('group_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    given: integer('given').notNull().default(0),
    won: integer('won').notNull().default(0),
    wonCents: bigint('won_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.month, t.userId] })],
);

// The same per UTC day, for the top givers' 30- and 90-day windows.
export const leadStatsDays = pgTable(
  'lead_stats_days',
  {
    groupId: integer('group_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    given: integer('given').notNull().default(0),
    won: integer('won').notNull().default(0),
    wonCents: bigint('won_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.day, t.userId] })],
);

// Every outcome step of a lead as recorded (the timeline): the latest one is copied to the lead.
export const leadOutcomeSteps = pgTable(
  'lead_outcome_steps',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    // Who recorded it: the assignee, or the submitter correcting.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    stage: leadOutcomeStage('stage').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    lostReason: leadLostReason('lost_reason'),
    note: text('note'),
    // Recorded by the submitter rather than the assignee; confirmedBy/confirmedAt once the assignee (or,
    // with nobody assigned, a group owner) confirms it.
    reportedBySubmitter: boolean('reported_by_submitter').notNull().default(false),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_outcome_steps_lead_idx').on(t.leadId, t.id)],
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

// Chat rooms: one per lead (its comments), opportunity contact (its comments), group, business and
// opportunity, and one per pair of people (DIRECT). Who is in a room is read from its source (group members,
// business users, the lead's group, the opportunity's shares), never stored here.
export const chatRoomKind = pgEnum('chat_room_kind', ['LEAD', 'GROUP', 'OPPORTUNITY', 'DIRECT', 'BUSINESS', 'CONTACT']);

export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    kind: chatRoomKind('kind').notNull(),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    businessId: integer('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    // An OPPORTUNITY room, made with its opportunity; a CONTACT room names its contact's opportunity too.
    opportunityId: integer('opportunity_id').references(() => opportunities.id, { onDelete: 'cascade' }),
    // A CONTACT room (the contact's comments), made with its contact.
    contactId: integer('contact_id').references(() => opportunityContacts.id, { onDelete: 'cascade' }),
    // DIRECT rooms: the two people, lower id first.
    directUserLow: integer('direct_user_low').references(() => users.id),
    directUserHigh: integer('direct_user_high').references(() => users.id),
    // The highest message seq (1, 2, 3 … per room) and the room's change counter (send, edit, delete).
    lastSeq: integer('last_seq').notNull().default(0),
    lastVersion: integer('last_version').notNull().default(0),
    // Kept unread counts: the room's messages not deleted (a person's unread is this less their seen_count).
    visibleCount: integer('visible_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_lead_unique').on(t.leadId).where(sql`${t.leadId} is not null`),
    uniqueIndex('chat_rooms_group_unique').on(t.groupId).where(sql`${t.kind} = 'GROUP'`),
    uniqueIndex('chat_rooms_business_unique').on(t.businessId).where(sql`${t.kind} = 'BUSINESS'`),
    uniqueIndex('chat_rooms_opportunity_unique').on(t.opportunityId).where(sql`${t.kind} = 'OPPORTUNITY'`),
    uniqueIndex('chat_rooms_contact_unique').on(t.contactId).where(sql`${t.kind} = 'CONTACT'`),
    uniqueIndex('chat_rooms_direct_unique').on(t.directUserLow, t.directUserHigh).where(sql`${t.kind} = 'DIRECT'`),
    index('chat_rooms_direct_high_idx').on(t.directUserHigh).where(sql`${t.kind} = 'DIRECT'`),
    check('chat_rooms_visible_count_check', sql`${t.visibleCount} >= 0`),
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
    // '' once deleted (the message stays as a tombstone so catch-up and paging see it).
    message: text('message').notNull(),
    // Position in the room and the room's change counter at the last change (chat_rooms.last_seq / last_version).
    seq: integer('seq').notNull().default(0),
    version: integer('version').notNull().default(0),
    // The sender's own id: sending it twice stores one message.
    clientMessageId: text('client_message_id'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A room's messages page newest first.
    index('chat_messages_room_idx').on(t.roomId, t.id.desc().nullsFirst()),
    // A room's page, newest first (seq, then id for rows that share one), read backwards from the index.
    index('chat_messages_room_seq_idx').on(t.roomId, t.seq, t.id),
    index('chat_messages_room_version_idx').on(t.roomId, t.version),
    uniqueIndex('chat_messages_client_id_unique')
      .on(t.roomId, t.userId, t.clientMessageId)
      .where(sql`${t.clientMessageId} is not null`),
  ],
);

// The leads module's public face (see db/table-owners.ts): who a lead is and where, for lists of other modules.
export const publicLeads = pgView('public_leads').as((qb) =>
  qb
    .select({
      id: leads.id,
      groupId: leads.groupId,
      createdBy: leads.createdBy,
      firstName: leads.firstName,
      lastName: leads.lastName,
      company: leads.company,
      email: leads.email,
      city: leads.city,
      stateAbbrv: leads.stateAbbrv,
      postal: leads.postal,
      latitude: leads.latitude,
      longitude: leads.longitude,
      createdAt: leads.createdAt,
    })
    .from(leads),
);

// The ratings module's public face: one person's rating of a lead.
export const publicLeadRatings = pgView('public_lead_ratings').as((qb) =>
  qb
    .select({
      leadId: leadRatings.leadId,
      userId: leadRatings.userId,
      kind: leadRatings.kind,
      rating: leadRatings.rating,
    })
    .from(leadRatings),
);

// The chat module's public face: which room is whose.
export const publicChatRooms = pgView('public_chat_rooms').as((qb) =>
  qb
    .select({
      id: chatRooms.id,
      kind: chatRooms.kind,
      leadId: chatRooms.leadId,
      groupId: chatRooms.groupId,
      businessId: chatRooms.businessId,
      opportunityId: chatRooms.opportunityId,
      contactId: chatRooms.contactId,
      directUserLow: chatRooms.directUserLow,
      directUserHigh: chatRooms.directUserHigh,
    })
    .from(chatRooms),
);

// The chat module's public face of a message: its text and where it was said (search reads it).
export const publicChatMessages = pgView('public_chat_messages').as((qb) =>
  qb
    .select({
      id: chatMessages.id,
      roomId: chatMessages.roomId,
      userId: chatMessages.userId,
      message: chatMessages.message,
      deletedAt: chatMessages.deletedAt,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages),
);
