import { z } from 'zod';
import { defineCall, idField } from './call.js';
import { leadImportCallPaths } from './call-paths.js';
import { pageFields } from './groups.js';
import {
  IMPORT_DUPLICATE_CHOICES,
  IMPORT_FIELDS,
  IMPORT_KEPT_REASONS,
  IMPORT_ROW_KINDS,
  IMPORT_STATUSES,
} from './lead-import-fields.js';

// Importing a CSV file of leads into a group: upload (multipart) → match columns → review → import (a
// background job with progress over the socket) → undo. Members of the group only: every call naming an
// import or a group answers 404 LEAD_IMPORT_NOT_FOUND / 403 GROUP_NOT_MEMBER as the lead calls do.

export * from './lead-import-fields.js';
export { LEAD_IMPORT_MAX_BYTES, LEAD_IMPORT_MAX_COLUMNS, LEAD_IMPORT_MAX_ROWS } from './lead-imports-limits.js';

export const importColumn = z.object({
  index: z.number().int(),
  header: z.string(),
  // The first three values under the header.
  samples: z.array(z.string()),
  // Matched automatically by header name (case, spaces and punctuation ignored, common synonyms); null when none.
  field: z.enum(IMPORT_FIELDS).nullable(),
});
export type ImportColumn = z.infer<typeof importColumn>;

/** One import of a file into a group, from upload to undo. */
export const leadImport = z.object({
  importId: z.number().int(),
  groupId: z.number().int(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  // Who ran it, and their name or 'Deleted user'.
  createdBy: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  // Data rows of the file (the header row not counted).
  rowCount: z.number().int(),
  // The review's counts (after the latest preview).
  newCount: z.number().int(),
  duplicateCount: z.number().int(),
  errorCount: z.number().int(),
  duplicates: z.enum(IMPORT_DUPLICATE_CHOICES),
  // Progress while it runs: rows handled so far of the rows to handle.
  doneRows: z.number().int(),
  totalRows: z.number().int(),
  // Leads created and rows skipped (duplicates skipped and errors).
  importedCount: z.number().int(),
  skippedCount: z.number().int(),
  // After an undo: leads removed and leads kept because someone worked on them.
  undoneCount: z.number().int(),
  keptCount: z.number().int(),
  // The caller may undo it now: it is DONE and they ran it or own the group.
  canUndo: z.boolean(),
});
export type LeadImport = z.infer<typeof leadImport>;

/** The upload's text fields (multipart). */
export const leadImportUploadFields = z.strictObject({ group_id: idField });

export const leadImportUploadResponse = z.object({
  import: leadImport,
  columns: z.array(importColumn),
});

const mappingEntry = z.strictObject({ index: z.number().int().min(0), field: z.enum(IMPORT_FIELDS).nullable() });

// Review against the group as it is now. `mapping` names each column's field; a field for one column only.
export const leadImportPreviewRequest = z.strictObject({
  import_id: idField,
  mapping: z.array(mappingEntry).max(1000),
});

export const importRowError = z.object({
  // The header of the column it came from ('' when it is about the whole row).
  column: z.string(),
  // The lead form's own message, e.g. 'First name is required'.
  message: z.string(),
});
export const importRow = z.object({
  // Line in the file's data (1 = the first row under the header).
  rowNumber: z.number().int(),
  kind: z.enum(IMPORT_ROW_KINDS),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  state: z.string(),
  // DUPLICATE of a lead of the group: which lead and who submitted it.
  duplicateOf: z.object({ leadId: z.number().int(), fullName: z.string(), ownerName: z.string() }).nullable(),
  // DUPLICATE of an earlier row of the file.
  duplicateOfRow: z.number().int().nullable(),
  errors: z.array(importRowError),
});
export type ImportRow = z.infer<typeof importRow>;

export const leadImportRowsRequest = z.strictObject({
  import_id: idField,
  kind: z.enum([...IMPORT_ROW_KINDS, 'ALL']).default('ALL'),
  ...pageFields,
});
export const leadImportRowsResponse = z.object({ rows: z.array(importRow), totalCount: z.number().int() });

// Start the import job; 409 LEAD_IMPORT_RUNNING while another import of the group runs.
export const leadImportStartRequest = z.strictObject({
  import_id: idField,
  duplicates: z.enum(IMPORT_DUPLICATE_CHOICES).default('SKIP'),
});
export const leadImportIdRequest = z.strictObject({ import_id: idField });
// The group's imports, newest first (drafts of other members not listed).
export const leadImportListRequest = z.strictObject({ group_id: idField, ...pageFields });
export const leadImportListResponse = z.object({ imports: z.array(leadImport), totalCount: z.number().int() });

export const leadImportUndoResponse = z.object({
  import: leadImport,
  // Leads kept, by the first reason that kept each.
  kept: z.array(z.object({ reason: z.enum(IMPORT_KEPT_REASONS), count: z.number().int() })),
});

export const leadImportErrorsQuery = z.strictObject({ import_id: idField });

export const leadImportCalls = {
  preview: defineCall({
    ...leadImportCallPaths.preview,
    summary: 'Review an uploaded file with a column mapping: what each row will become (members of the group)',
    request: leadImportPreviewRequest,
    response: leadImport,
  }),
  rows: defineCall({
    ...leadImportCallPaths.rows,
    summary: "The review's rows, by kind, 50 a page",
    request: leadImportRowsRequest,
    response: leadImportRowsResponse,
  }),
  start: defineCall({
    ...leadImportCallPaths.start,
    summary: 'Import the reviewed file as a background job (one import per group at a time)',
    request: leadImportStartRequest,
    response: leadImport,
  }),
  get: defineCall({
    ...leadImportCallPaths.get,
    summary: "An import's state and progress",
    request: leadImportIdRequest,
    response: leadImport,
  }),
  list: defineCall({
    ...leadImportCallPaths.list,
    summary: "A group's import history, newest first",
    request: leadImportListRequest,
    response: leadImportListResponse,
  }),
  undo: defineCall({
    ...leadImportCallPaths.undo,
    summary:
      'Undo a finished import: remove the leads it created that nobody has worked on since (its runner or a group owner)',
    request: leadImportIdRequest,
    response: leadImportUndoResponse,
  }),
};

/** The realtime event of an import's progress, to the members of its group. */
export interface LeadImportProgressEvent {
  groupId: number;
  import: LeadImport;
}
