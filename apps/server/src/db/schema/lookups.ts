import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const targets = pgTable('targets', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const productCategories = pgTable('product_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id),
    name: text('name').notNull().unique(),
  },
  (t) => [index('products_category_idx').on(t.categoryId)],
);
