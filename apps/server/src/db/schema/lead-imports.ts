import { IMPORT_DUPLICATE_CHOICES, IMPORT_ROW_KINDS, IMPORT_STATUSES, type ImportField } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { groups } from './groups.js';
import { leads } from './leads.js';
import { users } from './users.js';

// CSV lead imports: the uploaded file (kept in PostgreSQL so any instance can run the job), its review
// and progress; and one row per data row of the file with what happens to it.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const leadImportStatus = pgEnum('lead_import_status', IMPORT_STATUSES);
export const leadImportRowKind = pgEnum('lead_import_row_kind', IMPORT_ROW_KINDS);
export const leadImportDuplicates = pgEnum('lead_import_duplicates', IMPORT_DUPLICATE_CHOICES);

export const leadImports = pgTable(
  'lead_imports',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    // Who ran it; accounts are erased, never deleted.
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    // The file as uploaded, with how it was read (encoding, separator) and its header row.
    file: bytea('file').notNull(),
    encoding: text('encoding').notNull(),
    separator: text('separator').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    // Where the header and every 1,000th data row end in the text (UTF-8 bytes), to read rows far into the
    // file without reading all before them; [] for a file uploaded before they were kept.
    bookmarks: jsonb('bookmarks').$type<number[]>().notNull().default([]),
    // The latest preview's mapping (column index → field), null before the first.
    mapping: jsonb('mapping').$type<{ index: number; field: ImportField | null }[]>(),
    status: leadImportStatus('status').notNull().default('DRAFT'),
    duplicates: leadImportDuplicates('duplicates').notNull().default('SKIP'),
    newCount: integer('new_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    totalRows: integer('total_rows').notNull().default(0),
    doneRows: integer('done_rows').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    undoneCount: integer('undone_count').notNull().default(0),
    keptCount: integer('kept_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The import history, newest first.
    index('lead_imports_group_idx').on(t.groupId, t.id.desc().nullsFirst()),
    // One import per group at a time: a second start conflicts here.
    uniqueIndex('lead_imports_one_running').on(t.groupId).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
  ],
);

export const leadImportRows = pgTable(
  'lead_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => leadImports.id, { onDelete: 'cascade' }),
    // 1 = the first row under the header.
    rowNumber: integer('row_number').notNull(),
    kind: leadImportRowKind('kind').notNull(),
    // The file's cells as read, for a row with errors (the errors CSV writes them back); [] for the others.
    cells: jsonb('cells').$type<string[]>().notNull(),
    // The lead it becomes (the shared lead fields), kept for duplicates and errors; null for a new row,
    // whose lead is read from the file again (the review's page and the job), so a preview stores little.
    lead: jsonb('lead').$type<Record<string, unknown>>(),
    errors: jsonb('errors').$type<{ column: string; message: string }[]>().notNull().default([]),
    duplicateOfLeadId: integer('duplicate_of_lead_id'),
    duplicateOfRow: integer('duplicate_of_row'),
    // Handled by the job (in the transaction that created its lead), and the lead it created.
    done: boolean('done').notNull().default(false),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    index('lead_import_rows_kind_idx').on(t.importId, t.kind, t.rowNumber),
    index('lead_import_rows_lead_idx').on(t.leadId).where(sql`${t.leadId} is not null`),
  ],
);
