import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activities } from './activities.js';
import { users } from './users.js';

// Web Push: each device (browser) a person turned push on for, the pushes waiting to go to it, and the
// person's push switch per kind of notification (on unless turned off).
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    // What the device list shows: the browser and system the person subscribed from.
    label: text('label').notNull(),
    // The app is open and visible on this device until then (renewed by the page while it is).
    visibleUntil: timestamp('visible_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    // The activity it tells of; none for an invitation's push (an opportunity invitation records no activity).
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    // Pushes of one subscription with the same tag due together go as one.
    tag: text('tag').notNull(),
    // What the notification shows: { title, body, url, tag }.
    payload: jsonb('payload').$type<{ title: string; body: string; url: string; tag: string }>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_deliveries_subscription_activity_idx').on(t.subscriptionId, t.activityId),
    index('push_deliveries_due_idx').on(t.dueAt),
  ],
);

export const pushSwitches = pgTable(
  'push_switches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(sql`true`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
