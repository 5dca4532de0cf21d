import { describe, expect, it } from 'vitest';
import { chooseField, initialMapping, mappingBody, mappingProblem, NO_NAME_REASON } from './mapping';
import { testColumns } from './test-import';

describe('the column mapping', () => {
  it("starts from the server's matches, a field twice kept by its first column", () => {
    const columns = [...testColumns, { index: 5, header: 'Email 2', samples: [], field: 'EMAIL' as const }];
    expect(mappingBody(initialMapping(columns))).toEqual([
      { index: 0, field: 'FIRST_NAME' },
      { index: 1, field: 'LAST_NAME' },
      { index: 2, field: 'EMAIL' },
      { index: 3, field: null },
      { index: 4, field: 'COMPANY' },
      { index: 5, field: null },
    ]);
  });

  it('gives a field to one column only: choosing it elsewhere clears the column that held it', () => {
    const change = chooseField(initialMapping(testColumns), 3, 'EMAIL');
    expect(change.clearedIndex).toBe(2);
    expect(change.mapping.get(3)).toBe('EMAIL');
    expect(change.mapping.get(2)).toBeNull();
  });

  it("clears nothing for a field nobody held, or for Don't import", () => {
    const mapping = initialMapping(testColumns);
    expect(chooseField(mapping, 3, 'PHONE').clearedIndex).toBeNull();
    const none = chooseField(mapping, 2, null);
    expect(none.clearedIndex).toBeNull();
    expect(none.mapping.get(2)).toBeNull();
  });

  it('needs a name: a full name, or both first and last names', () => {
    const mapping = initialMapping(testColumns);
    expect(mappingProblem(mapping)).toBeNull();
    const firstOnly = chooseField(mapping, 1, null).mapping;
    expect(mappingProblem(firstOnly)).toBe(NO_NAME_REASON);
    expect(mappingProblem(chooseField(firstOnly, 4, 'FULL_NAME').mapping)).toBeNull();
    expect(mappingProblem(new Map())).toBe(NO_NAME_REASON);
  });
});
