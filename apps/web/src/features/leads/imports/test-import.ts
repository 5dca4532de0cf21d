import type { ImportColumn, ImportRow, LeadImport } from '@leadcircle/shared';

// An import as the server answers it, for unit tests: uploaded (a draft), 2,000 rows of leads.csv into group 4.
export const testImport: LeadImport = {
  importId: 31,
  groupId: 4,
  fileName: 'leads.csv',
  status: 'DRAFT',
  createdBy: 7,
  createdByName: 'Dana Rivera',
  createdAt: '2026-11-20T15:30:00.000Z',
  finishedAt: null,
  rowCount: 2000,
  newCount: 0,
  duplicateCount: 0,
  errorCount: 0,
  duplicates: 'SKIP',
  doneRows: 0,
  totalRows: 0,
  importedCount: 0,
  skippedCount: 0,
  undoneCount: 0,
  keptCount: 0,
  canUndo: false,
};

/** The columns of leads.csv, matched by the server: the second e-mail column is left to the member. */
export const testColumns: ImportColumn[] = [
  { index: 0, header: 'Given name', samples: ['Zoë', 'André', 'Renée'], field: 'FIRST_NAME' },
  { index: 1, header: 'Surname', samples: ['Martín', 'Côté', 'O’Neil'], field: 'LAST_NAME' },
  { index: 2, header: 'E-mail', samples: ['zoe@acme.example', 'andre@acme.example', ''], field: 'EMAIL' },
  { index: 3, header: 'Work mail', samples: ['zm@work.example', '', ''], field: null },
  { index: 4, header: 'Organisation', samples: ['Acme', 'Acme', 'Globex'], field: 'COMPANY' },
];

/** The import after its review: 1,940 new, 41 duplicates, 19 rows with errors. */
export const reviewedImport: LeadImport = { ...testImport, newCount: 1940, duplicateCount: 41, errorCount: 19 };

const row: ImportRow = {
  rowNumber: 1,
  kind: 'NEW',
  firstName: 'Zoë',
  lastName: 'Martín',
  company: 'Acme',
  title: '',
  email: 'zoe@acme.example',
  phone: '',
  city: '',
  state: '',
  duplicateOf: null,
  duplicateOfRow: null,
  errors: [],
};
export const testRows: ImportRow[] = [
  row,
  {
    ...row,
    rowNumber: 2,
    kind: 'DUPLICATE',
    firstName: 'André',
    lastName: 'Côté',
    email: 'andre@acme.example',
    duplicateOf: { leadId: 88, fullName: 'Andre Cote', ownerName: 'Sam Lee' },
  },
  { ...row, rowNumber: 3, kind: 'DUPLICATE', duplicateOfRow: 1 },
  {
    ...row,
    rowNumber: 12,
    kind: 'ERROR',
    firstName: '',
    lastName: 'O’Neil',
    email: '',
    errors: [{ column: 'Given name', message: 'First name is required' }],
  },
];
