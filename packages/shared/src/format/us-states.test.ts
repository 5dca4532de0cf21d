import { describe, expect, it } from 'vitest';
import { STATE_ABBREVIATIONS, toStateAbbreviation, US_STATES } from './us-states.js';

describe('toStateAbbreviation: state names convert to two-letter abbreviations', () => {
  it.each([
    ['New York', 'NY'],
    ['new york', 'NY'],
    ['NEW YORK', 'NY'],
    ['  New   York ', 'NY'],
    ['ny', 'NY'],
    ['NY', 'NY'],
    ['California', 'CA'],
    ['District of Columbia', 'DC'],
    ['Puerto Rico', 'PR'],
    ['U.S. Virgin Islands', 'VI'],
  ])('%s → %s', (input, abbreviation) => {
    expect(toStateAbbreviation(input)).toBe(abbreviation);
  });

  it.each(['Ontario', 'Narnia', 'ZZ', '', 'New'])('%s → undefined', (input) => {
    expect(toStateAbbreviation(input)).toBeUndefined();
  });

  it('converts every listed name back to its abbreviation', () => {
    for (const abbreviation of STATE_ABBREVIATIONS) {
      expect(toStateAbbreviation(US_STATES[abbreviation])).toBe(abbreviation);
    }
    expect(STATE_ABBREVIATIONS).toHaveLength(56);
  });
});
