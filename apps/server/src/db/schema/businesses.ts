import { pgTable, pgView, serial, text, timestamp } from 'drizzle-orm/pg-core';

// A business is the billing account.
export const businesses = pgTable('businesses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// The business module's public face (see db/table-owners.ts): a business's name.
export const publicBusinesses = pgView('public_businesses').as((qb) =>
  qb.select({ id: businesses.id, name: businesses.name }).from(businesses),
);
