import { describe, expect, it } from 'vitest';
import { dayHeading, groupByDay } from './day-groups';

describe('groupByDay', () => {
  const now = new Date(2026, 10, 23, 12, 0);
  it('puts consecutive messages of one day under one heading', () => {
    const items = [
      new Date(2026, 10, 21, 9).toISOString(),
      new Date(2026, 10, 22, 9).toISOString(),
      new Date(2026, 10, 22, 18).toISOString(),
      new Date(2026, 10, 23, 8).toISOString(),
    ];
    const groups = groupByDay(items, (item) => item, now);
    expect(groups.map((group) => [group.heading, group.items.length])).toEqual([
      [dayHeading(new Date(2026, 10, 21), now), 1],
      ['Yesterday', 2],
      ['Today', 1],
    ]);
  });
});
