import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

// Opportunities: owned by their creator, shared by
// invitation; people it is shared with read it, its contacts and its room.

export const opportunities = pgTable(
  'opportunities',
  {
    id: serial('id').primaryKey(),
    // The owner; accounts are erased, never deleted.
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    // The description.
    notes: text('notes').notNull(),
    // The US address (the Location field).
    streetOne: text('street_one').notNull(),
    streetTwo: text('street_two'),
    city: text('city').notNull(),
    stateAbbrv: text('state_abbrv').notNull(),
    postal: text('postal').notNull(),
    placeId: text('place_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Sort CREATED: the owner's opportunities newest first.
  (t) => [index('opportunities_owner_created_idx').on(t.createdBy, t.createdAt.desc().nullsFirst())],
);

export const opportunityShares = pgTable(
  'opportunity_shares',
  {
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The opportunity's own created_at, copied by a trigger on insert, so the list of what is shared
    // with a person pages newest first through an index.
    opportunityCreatedAt: timestamp('opportunity_created_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.opportunityId, t.userId] }),
    index('opportunity_shares_user_idx').on(t.userId, t.opportunityId),
    index('opportunity_shares_user_created_idx').on(
      t.userId,
      t.opportunityCreatedAt.desc().nullsFirst(),
      t.opportunityId.desc().nullsFirst(),
    ),
  ],
);

export const opportunityInvites = pgTable(
  'opportunity_invites',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed like users.email; only this address may accept.
    email: text('email').notNull(),
    // SHA-256 of the random invite code; the code itself is only in the e-mail.
    codeHash: text('code_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('opportunity_invites_code_unique').on(t.codeHash),
    index('opportunity_invites_opportunity_idx').on(t.opportunityId),
  ],
);

// The 'Messages' notification toggle of an opportunity's settings, per person (on when no row).
export const opportunityUserSettings = pgTable(
  'opportunity_user_settings',
  {
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messagesEnabled: boolean('messages_enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.opportunityId, t.userId] })],
);

export const opportunityContacts = pgTable(
  'opportunity_contacts',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title').notNull(),
    company: text('company').notNull(),
    email: text('email'),
    // Ten digits, after +1 when given.
    phone: text('phone'),
    linkedin: text('linkedin'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('opportunity_contacts_opportunity_idx').on(t.opportunityId, t.id.desc().nullsFirst())],
);

// The opportunities module's public face (see db/table-owners.ts): an opportunity's name and owner, whom it
// is shared with, and each person's Messages switch.
export const publicOpportunities = pgView('public_opportunities').as((qb) =>
  qb.select({ id: opportunities.id, name: opportunities.name, createdBy: opportunities.createdBy }).from(opportunities),
);

export const publicOpportunityShares = pgView('public_opportunity_shares').as((qb) =>
  qb
    .select({ opportunityId: opportunityShares.opportunityId, userId: opportunityShares.userId })
    .from(opportunityShares),
);

export const publicOpportunityUserSettings = pgView('public_opportunity_user_settings').as((qb) =>
  qb
    .select({
      opportunityId: opportunityUserSettings.opportunityId,
      userId: opportunityUserSettings.userId,
      messagesEnabled: opportunityUserSettings.messagesEnabled,
    })
    .from(opportunityUserSettings),
);

// A contact as the readers of its opportunity see it in lists of other modules (search).
export const publicOpportunityContacts = pgView('public_opportunity_contacts').as((qb) =>
  qb
    .select({
      id: opportunityContacts.id,
      opportunityId: opportunityContacts.opportunityId,
      firstName: opportunityContacts.firstName,
      lastName: opportunityContacts.lastName,
      title: opportunityContacts.title,
      company: opportunityContacts.company,
      email: opportunityContacts.email,
    })
    .from(opportunityContacts),
);
