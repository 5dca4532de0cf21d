import { type ImportRow, LEAD_IMPORT_MAX_BYTES } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import {
  fileProblem,
  IMPORT_MESSAGES,
  importingText,
  newerImport,
  progressText,
  reviewSummary,
  rowOutcome,
  undoneText,
} from './import-text';
import { reviewedImport, testImport, testRows } from './test-import';

const file = (name: string, size: number) => {
  const made = new File(['x'], name);
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('the words of an import', () => {
  it('checks a file before its upload: its type, its size, not empty', () => {
    expect(fileProblem(file('leads.CSV', 10))).toBeNull();
    expect(fileProblem(file('leads.tsv', 10))).toBeNull();
    expect(fileProblem(file('leads.txt', LEAD_IMPORT_MAX_BYTES))).toBeNull();
    expect(fileProblem(file('leads.xlsx', 10))).toBe(IMPORT_MESSAGES.wrongType);
    expect(fileProblem(file('leads.csv', LEAD_IMPORT_MAX_BYTES + 1))).toBe(IMPORT_MESSAGES.tooLarge);
    expect(fileProblem(file('leads.csv', 0))).toBe(IMPORT_MESSAGES.emptyFile);
  });

  it('sums up the review with its numbers formatted', () => {
    expect(reviewSummary(reviewedImport)).toBe('1,940 new leads · 41 duplicates · 19 rows with errors');
    expect(reviewSummary({ newCount: 1, duplicateCount: 1, errorCount: 1 })).toBe(
      '1 new lead · 1 duplicate · 1 row with errors',
    );
  });

  it('says what each row will become', () => {
    const [added, duplicate, sameAsRow, broken] = testRows as [ImportRow, ImportRow, ImportRow, ImportRow];
    expect(rowOutcome(added, 'SKIP')).toBe('New lead');
    expect(rowOutcome(duplicate, 'SKIP')).toBe('Duplicate of Andre Cote, submitted by Sam Lee (skipped)');
    expect(rowOutcome(sameAsRow, 'IMPORT')).toBe('Same as row 1 (imported too)');
    expect(rowOutcome(broken, 'SKIP')).toBe('Given name: First name is required');
  });

  it('tells the progress: rows done, of how many, and rows left', () => {
    const running = { ...testImport, status: 'RUNNING' as const, doneRows: 12_000, totalRows: 20_000 };
    expect(progressText(running)).toBe('12,000 of 20,000 rows · 8,000 rows left');
    expect(importingText({ ...running, doneRows: 9_000 })).toBe('Importing 20,000 leads… 45%');
  });

  it('keeps the newer state of an import: progress only grows, and an end is final', () => {
    const running = { ...testImport, status: 'RUNNING' as const, doneRows: 500, totalRows: 1000 };
    const done = { ...running, status: 'DONE' as const, doneRows: 1000 };
    expect(newerImport(running, { ...running, doneRows: 400 })).toBe(running);
    expect(newerImport(running, done)).toBe(done);
    expect(newerImport(done, running)).toBe(done);
    expect(newerImport(running, { ...done, importId: 99 })).toBe(running);
  });

  it('says what an undo removed and why it kept the rest', () => {
    const undone = { undoneCount: 1900, keptCount: 40 };
    expect(
      undoneText(undone, [
        { reason: 'CHANGED', count: 25 },
        { reason: 'COMMENTED', count: 15 },
      ]),
    ).toBe('Removed 1,900 leads; kept 40 that members worked on (25 changed, 15 commented on).');
    expect(undoneText({ undoneCount: 1, keptCount: 0 }, [])).toBe('Removed 1 lead.');
  });
});
