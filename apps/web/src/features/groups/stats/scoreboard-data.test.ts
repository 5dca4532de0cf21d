import type { GroupUser, StatsMonth } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { scoreboardOf } from './scoreboard-data';

const months = (counts: number[]): StatsMonth[] =>
  counts.map((submitted, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    submitted,
    wonCount: 0,
    wonAmountCents: 0,
  }));
const member = (userId: number, fullName: string) => ({ userId, fullName }) as GroupUser;
const row = (userId: number, leadsSubmitted: number, closedBusinessCents: number) => ({
  userId,
  leadsSubmitted,
  leadsReceived: 0,
  wonCount: closedBusinessCents > 0 ? 1 : 0,
  closedBusinessCents,
  conversion: leadsSubmitted > 0 ? (closedBusinessCents > 0 ? 1 / leadsSubmitted : 0) : null,
  monthly: months([leadsSubmitted, 0]),
});
const group = {
  groupId: 4,
  leadsCount: 6,
  wonCount: 1,
  wonAmountCents: 500,
  conversion: 0.167,
  monthly: months([6, 0]),
  topGivers: { last30Days: [], last90Days: [] },
};

describe('the scoreboard of one group', () => {
  it('ranks members by business closed, then leads given, then name; a member not listed keeps a name', () => {
    const board = scoreboardOf(
      4,
      {
        groups: [
          { groupId: 9, usersStats: [row(1, 9, 9)] },
          { groupId: 4, usersStats: [row(1, 2, 0), row(2, 1, 500), row(3, 3, 0), row(5, 2, 0)] },
        ],
      },
      { groups: [group] },
      [member(1, 'Olive Rivera'), member(2, 'Milo Rivera'), member(3, 'Ada Park'), member(5, 'Bea Lin')],
    );
    expect(board?.scores.map((s) => s.name)).toEqual(['Milo Rivera', 'Ada Park', 'Bea Lin', 'Olive Rivera']);
    expect(board?.scores[0]).toMatchObject({
      given: 1,
      won: 1,
      wonCents: 500,
      perMonth: { '2026-01': 1, '2026-02': 0 },
    });
    expect(board?.group.leadsCount).toBe(6);

    const unnamed = scoreboardOf(4, { groups: [{ groupId: 4, usersStats: [row(7, 1, 0)] }] }, { groups: [group] }, []);
    expect(unnamed?.scores[0]?.name).toBe('Member 7');
  });

  it('is nothing when the group is not in the answer', () => {
    expect(scoreboardOf(5, { groups: [] }, { groups: [group] }, [])).toBeUndefined();
  });
});
