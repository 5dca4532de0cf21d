import {
  IMPORT_DONT_IMPORT_LABEL,
  IMPORT_FIELD_LABELS,
  type IMPORT_KEPT_REASONS,
  type ImportRow,
  LEAD_IMPORT_MAX_BYTES,
  type LeadImport,
} from '@leadcircle/shared';
import { numberFormat } from '../../../lib/intl-format';

// The words of the import screens: counts, what a row will become, an import's status.

export const formatCount = numberFormat('en-US', {});

/** "1 new lead", "1,940 new leads". */
export const counted = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

export const IMPORT_MESSAGES = {
  dialogTitle: 'Import leads',
  wrongType: 'Choose a .csv, .tsv or .txt file.',
  tooLarge: `The file is larger than ${LEAD_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it and import each part.`,
  emptyFile: 'The file is empty.',
  uploadFailed: 'The file could not be uploaded. Try again.',
  previewFailed: 'The rows could not be reviewed. Try again.',
  rowsFailed: 'The rows could not be loaded.',
  startFailed: 'The import could not be started. Try again.',
  downloadFailed: 'The rows with errors could not be downloaded. Try again.',
  historyFailed: 'The import history could not be loaded.',
  undoFailed: 'The import could not be undone. Try again.',
  importFailed:
    'The import stopped with an error. The leads imported so far are kept; undo it from the group settings.',
  nothingToImport: 'Nothing to import: every row is a duplicate or has an error.',
  undoWarning:
    'This removes the leads this import created. Leads a member has changed, rated, commented on, assigned or recorded an outcome on since are kept.',
} as const;

const ACCEPTED_EXTENSIONS = ['.csv', '.tsv', '.txt'];
export const ACCEPT_ATTRIBUTE = `${ACCEPTED_EXTENSIONS.join(',')},text/csv,text/tab-separated-values,text/plain`;

/** Why a file cannot be uploaded (checked before the upload), or null. The server checks its bytes. */
export function fileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return IMPORT_MESSAGES.wrongType;
  if (file.size > LEAD_IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  if (file.size === 0) return IMPORT_MESSAGES.emptyFile;
  return null;
}

/** "1.2 MB", "830 KB". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** "1,940 new leads · 41 duplicates · 19 rows with errors". */
export function reviewSummary(summary: Pick<LeadImport, 'newCount' | 'duplicateCount' | 'errorCount'>): string {
  return [
    counted(summary.newCount, 'new lead', 'new leads'),
    counted(summary.duplicateCount, 'duplicate', 'duplicates'),
    counted(summary.errorCount, 'row with errors', 'rows with errors'),
  ].join(' · ');
}

/** What will happen to a row, in words. */
export function rowOutcome(row: ImportRow, duplicates: 'SKIP' | 'IMPORT'): string {
  if (row.kind === 'NEW') return 'New lead';
  if (row.kind === 'DUPLICATE') {
    const of = row.duplicateOf
      ? `Duplicate of ${row.duplicateOf.fullName}, submitted by ${row.duplicateOf.ownerName}`
      : `Same as row ${formatCount(row.duplicateOfRow ?? 0)}`;
    return `${of} (${duplicates === 'SKIP' ? 'skipped' : 'imported too'})`;
  }
  return row.errors.map((error) => (error.column ? `${error.column}: ${error.message}` : error.message)).join('; ');
}

/** "12,000 of 20,000 rows · 8,000 rows left". */
export function progressText(progress: Pick<LeadImport, 'doneRows' | 'totalRows'>): string {
  const left = Math.max(0, progress.totalRows - progress.doneRows);
  return `${formatCount(progress.doneRows)} of ${counted(progress.totalRows, 'row', 'rows')} · ${counted(left, 'row', 'rows')} left`;
}

/** Whole percent done (0 before the rows are counted). */
export function percentDone(progress: Pick<LeadImport, 'doneRows' | 'totalRows'>): number {
  return progress.totalRows > 0 ? Math.min(100, Math.floor((progress.doneRows / progress.totalRows) * 100)) : 0;
}

export const isRunning = (leadImport: Pick<LeadImport, 'status'>) =>
  leadImport.status === 'QUEUED' || leadImport.status === 'RUNNING';

/** The newer of two states of one import (progress only grows; a finished state wins). */
export function newerImport(current: LeadImport, next: LeadImport): LeadImport {
  const isFinished = (state: LeadImport) => !isRunning(state) && state.status !== 'DRAFT';
  if (next.importId !== current.importId) return current;
  if (isFinished(current) && !isFinished(next)) return current;
  if (isRunning(current) && isRunning(next) && next.doneRows < current.doneRows) return current;
  return next;
}

/** "Importing 12,000 leads… 45%" (the rows to import while it runs). */
export const importingText = (leadImport: LeadImport) =>
  `Importing ${counted(leadImport.totalRows, 'lead', 'leads')}… ${percentDone(leadImport)}%`;

const STATUS_LABELS: Record<LeadImport['status'], string> = {
  DRAFT: 'Not started',
  QUEUED: 'Waiting to start',
  RUNNING: 'Importing',
  DONE: 'Done',
  FAILED: 'Failed',
  UNDONE: 'Undone',
};
export function statusLabel(leadImport: LeadImport): string {
  if (leadImport.status === 'RUNNING') return `Importing ${percentDone(leadImport)}%`;
  return STATUS_LABELS[leadImport.status];
}

const KEPT_REASONS: Record<(typeof IMPORT_KEPT_REASONS)[number], string> = {
  CHANGED: 'changed',
  RATED: 'rated',
  COMMENTED: 'commented on',
  ASSIGNED: 'assigned',
  OUTCOME: 'with an outcome recorded',
};

/** "Removed 1,900 leads; kept 40 that members worked on (25 changed, 15 commented on)." */
export function undoneText(
  leadImport: Pick<LeadImport, 'undoneCount' | 'keptCount'>,
  kept: readonly { reason: (typeof IMPORT_KEPT_REASONS)[number]; count: number }[],
): string {
  const removed = `Removed ${counted(leadImport.undoneCount, 'lead', 'leads')}`;
  if (leadImport.keptCount === 0) return `${removed}.`;
  const reasons = kept
    .filter((entry) => entry.count > 0)
    .map((entry) => `${formatCount(entry.count)} ${KEPT_REASONS[entry.reason]}`)
    .join(', ');
  return `${removed}; kept ${formatCount(leadImport.keptCount)} that members worked on${reasons ? ` (${reasons})` : ''}.`;
}

export const fieldOptions = [
  { value: '', label: IMPORT_DONT_IMPORT_LABEL },
  ...Object.entries(IMPORT_FIELD_LABELS).map(([value, label]) => ({ value, label })),
];
