import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// One row per counted attempt (a failed sign-in, a sign-up, a reset request), so limits hold
// across instances and restarts. Old rows are pruned by a job.
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.createdAt)],
);
