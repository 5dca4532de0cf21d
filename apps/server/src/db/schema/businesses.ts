import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// A business is the billing account.
export const businesses = pgTable('businesses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
