import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { userRole, users } from './users.js';

// A user of a business is ACTIVE while users.business_id names it. This table holds the other
// states of an address in a business: INVITED (the link not yet followed), INACTIVE (removed by
// an admin), ACCEPTED (an invite that was followed; kept for the Added At date).
export const businessUserState = pgEnum('business_user_state', ['INVITED', 'INACTIVE', 'ACCEPTED']);

export const businessUsers = pgTable(
  'business_users',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed, as users.email.
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: userRole('role').notNull(),
    state: businessUserState('state').notNull(),
    // The account, once there is one (an existing account, or the one made on acceptance).
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The invite link's token, stored hashed; single use.
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    // When the admin added the person (Added At).
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_users_business_email_unique').on(t.businessId, t.email),
    uniqueIndex('business_users_token_unique').on(t.tokenHash),
    index('business_users_business_state_idx').on(t.businessId, t.state),
    index('business_users_user_idx').on(t.userId),
  ],
);

// Territories of a business (our design): US states and 3-digit ZIP prefixes, and who covers them.
export const territories = pgTable(
  'territories',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Two-letter state codes, upper case.
    states: text('states').array().notNull().default([]),
    // Three digits each: the first three of a ZIP code.
    zipPrefixes: text('zip_prefixes').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Names are unique per business whatever their case ("West" and "west" are one name).
  (t) => [uniqueIndex('territories_business_name_unique').on(t.businessId, sql`lower(${t.name})`)],
);

export const territoryUsers = pgTable(
  'territory_users',
  {
    territoryId: integer('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.territoryId, t.userId] }), index('territory_users_user_idx').on(t.userId)],
);
