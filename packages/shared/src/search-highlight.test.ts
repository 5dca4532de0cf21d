import { describe, expect, it } from 'vitest';
import { foldSearchText, searchMatchRanges, searchWords } from './search-highlight.js';

describe('search highlighting', () => {
  it('folds case and accents as the server does', () => {
    expect(foldSearchText('José Müller Straße')).toBe('jose muller strasse');
  });

  it('splits the query into at most five folded words', () => {
    expect(searchWords('  Acme   CORP ')).toEqual(['acme', 'corp']);
    expect(searchWords('a b c d e f g')).toHaveLength(5);
  });

  it('marks each word where it begins a word, accents and all', () => {
    const text = 'José García, Acme Corp';
    const ranges = searchMatchRanges(text, 'jose acm');
    expect(ranges.map(([s, e]) => text.slice(s, e))).toEqual(['José', 'Acm']);
  });

  it('does not mark the inside of a word', () => {
    expect(searchMatchRanges('Panacme', 'acme')).toEqual([]);
  });

  it('merges overlapping matches', () => {
    const text = 'Acme';
    expect(searchMatchRanges(text, 'ac acm')).toEqual([[0, 3]]);
  });
});
