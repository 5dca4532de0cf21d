import { IMPORT_FIELD_LABELS, type ImportColumn, type ImportField } from '@leadcircle/shared';

// The "Match columns" step's rules: each column names one of our fields or none, a field is taken by one
// column only, and an import needs a name (First/Last Name or Full Name).

/** Column index → field (null: "Don't import"). */
export type ColumnMapping = ReadonlyMap<number, ImportField | null>;

/** The server's matches, as the step first shows them. */
export function initialMapping(columns: readonly ImportColumn[]): ColumnMapping {
  const mapping = new Map<number, ImportField | null>();
  const taken = new Set<ImportField>();
  for (const column of columns) {
    // A field the server matched twice stays with its first column.
    const field = column.field && !taken.has(column.field) ? column.field : null;
    if (field) taken.add(field);
    mapping.set(column.index, field);
  }
  return mapping;
}

export interface MappingChange {
  mapping: ColumnMapping;
  /** The column that held the field before, now "Don't import" (null when none did). */
  clearedIndex: number | null;
}

/** Chooses `field` for one column; a column that held it before lets it go. */
export function chooseField(mapping: ColumnMapping, index: number, field: ImportField | null): MappingChange {
  const next = new Map(mapping);
  let clearedIndex: number | null = null;
  if (field) {
    for (const [other, otherField] of mapping) {
      if (other !== index && otherField === field) {
        next.set(other, null);
        clearedIndex = other;
      }
    }
  }
  next.set(index, field);
  return { mapping: next, clearedIndex };
}

export const NO_NAME_REASON = 'Match a column to First Name and Last Name, or to Full Name, to go on.';

/** Why NEXT waits (null when the mapping names a lead): a full name, or both first and last names. */
export function mappingProblem(mapping: ColumnMapping): string | null {
  const fields = new Set(mapping.values());
  const hasName = fields.has('FULL_NAME') || (fields.has('FIRST_NAME') && fields.has('LAST_NAME'));
  return hasName ? null : NO_NAME_REASON;
}

/** The mapping as the preview call takes it. */
export function mappingBody(mapping: ColumnMapping): { index: number; field: ImportField | null }[] {
  return [...mapping].map(([index, field]) => ({ index, field }));
}

export const fieldLabel = (field: ImportField) => IMPORT_FIELD_LABELS[field];
