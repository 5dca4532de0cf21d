import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { leads } from './leads.js';
import { users } from './users.js';

// A business's CRM connection: one per business. The tokens are one AES-256-GCM box (modules/crm/token-box.ts),
// never readable without CRM_TOKEN_KEY; a row without them is an integration set up with support.
export const crmIntegrations = pgTable('crm_integrations', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  // SALESFORCE or HUBSPOT.
  provider: text('provider').notNull(),
  // Who the connection acts as in the CRM, as the CRM names it.
  accountName: text('account_name').notNull().default(''),
  // Where later calls go (Salesforce's token answer); null for HubSpot (its API address is configured).
  instanceUrl: text('instance_url'),
  tokens: text('tokens'),
  // CONNECTED, or RECONNECT_NEEDED when the CRM refused the refresh token (pushes wait).
  status: text('status').notNull().default('CONNECTED'),
  connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
  lastWorkedAt: timestamp('last_worked_at', { withTimezone: true }),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  // Send every lead a member of the business takes or is assigned, since autoSendSince.
  autoSend: boolean('auto_send').notNull().default(false),
  autoSendSince: timestamp('auto_send_since', { withTimezone: true }),
  // CRM status → outcome step; empty: the provider's default.
  statusMapping: jsonb('status_mapping').$type<Record<string, string>>(),
  // Salesforce: the Lead field (API name) holding LeadCircle's lead id; null: records matched by stored id only.
  externalIdField: text('external_id_field'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// A lead sent to a business's CRM: one row per (lead, business), claimed before the first call so two clicks,
// two instances or a restart make one record.
export const crmPushes = pgTable(
  'crm_pushes',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    // The member who sent it (or whose take sent it): the outcome steps coming back are theirs.
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    // SENDING, SENT, FAILED, WAITING.
    state: text('state').notNull(),
    // SENDING: when to try (again); a 429 or 5xx moves it on by its Retry-After or a backoff, up to a day after queuedAt.
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    recordId: text('record_id'),
    recordUrl: text('record_url'),
    // The CRM's own words when it refused the lead.
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // The lead's updated_at that was sent: a later edit sends it again.
    leadVersion: timestamp('lead_version', { withTimezone: true }),
    // The last CRM status read back, and the outcome step recorded for it.
    crmStatus: text('crm_status'),
    lastStage: text('last_stage'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_pushes_lead_business_unique').on(t.leadId, t.businessId),
    index('crm_pushes_business_sent_idx').on(t.businessId).where(sql`${t.state} = 'SENT'`),
    index('crm_pushes_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'SENDING'`),
  ],
);
