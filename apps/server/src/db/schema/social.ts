import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const socialProvider = pgEnum('social_provider', ['GOOGLE', 'APPLE', 'LINKEDIN']);

// A Google, Apple or LinkedIn account signed in with: the provider's subject is the key, never the
// e-mail address (an address can change hands at the provider; the subject does not).
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: socialProvider('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject_unique').on(t.provider, t.subject),
    index('social_identities_user_idx').on(t.userId),
  ],
);

// The server side of an authorization-code sign-in (LinkedIn): only a hash of the state sent to
// the provider is kept, so a changed state matches nothing; single use, expiring.
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: serial('id').primaryKey(),
    provider: socialProvider('provider').notNull(),
    stateHash: text('state_hash').notNull().unique(),
    // PKCE verifier and nonce of this sign-in; useless without the code the provider gives the browser.
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

// Identity tokens (Google, Apple) that have signed someone in, by hash, until they expire:
// the same token presented again is a replay.
export const usedIdentityTokens = pgTable(
  'used_identity_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    provider: socialProvider('provider').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_identity_tokens_expires_idx').on(t.expiresAt)],
);
