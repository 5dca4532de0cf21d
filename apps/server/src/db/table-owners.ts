// Who owns each table: only the owner's files name it, in a Drizzle import or in SQL. Another module
// reads or writes it through the owner's service or access functions, or reads a public face: a view
// the owner declares beside its tables for joins a function call would turn into a query per row.
// An owner is a module (`modules/<name>`) or a lower layer (`activity`, `http`, `providers/<x>`, `db`);
// the modules sit above the lower layers and may name their tables, as they may call their functions.
// `npm run check:imports` reads both maps and refuses a server file naming a table it does not own, or
// writing a public face; db/ itself (the schema, the seed, the list counts) declares them and is not checked.

export const TABLE_OWNERS = {
  // the account records
  users: 'accounts',
  refresh_tokens: 'auth',
  email_tokens: 'auth',
  social_identities: 'auth',
  oauth_states: 'auth',
  used_identity_tokens: 'auth',
  billing_accounts: 'billing',
  billing_subscriptions: 'billing',
  billing_invoices: 'billing',
  billing_webhook_events: 'billing',
  businesses: 'business',
  business_users: 'business-users',
  crm_integrations: 'crm',
  crm_pushes: 'crm',
  territories: 'territories',
  territory_users: 'territories',
  groups: 'groups',
  group_members: 'groups',
  group_invites: 'groups',
  leads: 'leads',
  lead_outcome_steps: 'leads',
  lead_stats_totals: 'leads',
  lead_stats_months: 'leads',
  lead_stats_days: 'leads',
  lead_ratings: 'ratings',
  lead_imports: 'lead-imports',
  lead_import_rows: 'lead-imports',
  chat_rooms: 'chat',
  chat_messages: 'chat',
  chat_room_reads: 'chat',
  chat_attachments: 'chat',
  opportunities: 'opportunities',
  opportunity_shares: 'opportunities',
  opportunity_invites: 'opportunities',
  opportunity_user_settings: 'opportunities',
  opportunity_contacts: 'opportunities',
  notification_reads: 'notifications',
  notification_marks: 'notifications',
  notification_emails: 'notifications',
  unsubscribe_links: 'notifications',
  push_subscriptions: 'notifications',
  push_deliveries: 'notifications',
  push_switches: 'notifications',
  feedback: 'feedback',
  targets: 'lookups',
  product_categories: 'lookups',
  products: 'lookups',
  // lower layers: the activity log, rate limits, the mail outbox, the local payment provider, list counts
  activities: 'activity',
  activity_recipients: 'activity',
  rate_limit_hits: 'http',
  mail_outbox: 'providers/mail',
  local_billing_customers: 'providers/billing',
  local_billing_payment_methods: 'providers/billing',
  local_billing_subscriptions: 'providers/billing',
  local_billing_invoices: 'providers/billing',
  list_counts: 'db',
} as const;

// Public faces: views any file may read, each a plain projection of its owner's table (PostgreSQL
// inlines it, so a join through it costs what a join to the table does).
export const PUBLIC_FACES = {
  // an account as others see it: no password hash
  public_users: 'accounts',
  public_businesses: 'business',
  public_groups: 'groups',
  public_group_members: 'groups',
  public_leads: 'leads',
  public_lead_ratings: 'ratings',
  public_chat_rooms: 'chat',
  public_chat_messages: 'chat',
  public_opportunities: 'opportunities',
  public_opportunity_shares: 'opportunities',
  public_opportunity_user_settings: 'opportunities',
  public_opportunity_contacts: 'opportunities',
} as const;
