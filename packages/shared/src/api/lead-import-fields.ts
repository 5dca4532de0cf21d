// The lead import's fields, row kinds and statuses, zod-free: the import's progress and texts show them
// without loading the contract's schemas.

/** Our fields a column can be matched to (null: "Don't import"). */
export const IMPORT_FIELDS = [
  'FIRST_NAME',
  'LAST_NAME',
  'FULL_NAME',
  'TITLE',
  'COMPANY',
  'EMAIL',
  'PHONE',
  'LINKEDIN',
  'STREET',
  'STREET2',
  'CITY',
  'STATE',
  'ZIP',
  'ADDRESS',
  'NOTES',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  FIRST_NAME: 'First Name',
  LAST_NAME: 'Last Name',
  FULL_NAME: 'Full Name',
  TITLE: 'Title',
  COMPANY: 'Company',
  EMAIL: 'Email',
  PHONE: 'Phone Number',
  LINKEDIN: 'LinkedIn',
  STREET: 'Street',
  STREET2: 'Street 2',
  CITY: 'City',
  STATE: 'State',
  ZIP: 'ZIP',
  ADDRESS: 'Address',
  NOTES: 'Notes',
};
export const IMPORT_DONT_IMPORT_LABEL = "Don't import";

/** What will happen (or happened) to a row. */
export const IMPORT_ROW_KINDS = ['NEW', 'DUPLICATE', 'ERROR'] as const;
export type ImportRowKind = (typeof IMPORT_ROW_KINDS)[number];
/** Duplicates: skipped (default) or imported too. Rows with errors are never imported. */
export const IMPORT_DUPLICATE_CHOICES = ['SKIP', 'IMPORT'] as const;
export const IMPORT_STATUSES = ['DRAFT', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'UNDONE'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** Why an undone import kept a lead (the first reason that kept it). */
export const IMPORT_KEPT_REASONS = ['CHANGED', 'RATED', 'COMMENTED', 'ASSIGNED', 'OUTCOME'] as const;
