import { describe, expect, it } from 'vitest';
import { groupThousands } from './numbers.js';

describe('groupThousands', () => {
  it('groups the thousands the US way, as Intl does for en-US', () => {
    for (const value of [0, 7, 999, 1000, 12_000, 123_456, 1_000_000, 1_234_567_890, -4_500]) {
      expect(groupThousands(value)).toBe(new Intl.NumberFormat('en-US').format(value));
    }
  });
});
