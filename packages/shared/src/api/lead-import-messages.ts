import { LEAD_IMPORT_MAX_COLUMNS, LEAD_IMPORT_MAX_ROWS } from './lead-imports-limits.js';

// The lead import's texts: the server's refusals and the file's checks. No zod here.

export const LEAD_IMPORT_MESSAGES = {
  notFound: 'This import does not exist.',
  notMultipart: 'Send the file as multipart/form-data with the fields group_id and file.',
  fileMissing: 'Choose a CSV file to import.',
  tooLarge: 'The file is larger than 10 MB. Split it into smaller files.',
  empty: 'The file is empty.',
  headerOnly: 'The file has a header row but no leads under it.',
  binary: 'This is not a text file. Save it as CSV (comma, semicolon or tab separated) and try again.',
  tooManyRows: `The file has more than ${LEAD_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`,
  tooManyColumns: (row: number) =>
    `Row ${row} has more than ${LEAD_IMPORT_MAX_COLUMNS} columns. Check that it is a CSV file of leads.`,
  unreadable: (line: number) => `Line ${line} of the file could not be read: check its quotes.`,
  mappingNoName: 'Match a column to First Name and Last Name, or to Full Name.',
  mappingTwice: (label: string) => `${label} is chosen for more than one column. Choose it for one column only.`,
  mappingIndex: (index: number) => `The file has no column ${index + 1}.`,
  mappingColumnTwice: (index: number) => `Column ${index + 1} is matched more than once.`,
  notDraft: 'This import has started already.',
  notReviewed: 'Review the file before importing it.',
  running: 'Another import of this group is running. Wait for it to finish, then try again.',
  undoNotAllowed: 'Only the member who ran this import or the group owner can undo it.',
  undoNotDone: 'Only a finished import can be undone.',
  rowError: 'Error',
} as const;
