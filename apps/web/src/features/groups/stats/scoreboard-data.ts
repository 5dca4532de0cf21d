import type { CallResponse, GroupUser, groupCalls, leadCalls, StatsMonth, TopGiver } from '@leadcircle/shared';
import type { MemberScore } from './scoreboard';

type GroupLeadStats = CallResponse<typeof leadCalls.groupStats>['groups'][number];

export interface Scoreboard {
  /** The group's totals and months (/lead/group_stats). */
  group: GroupLeadStats;
  /** One row a member, most business closed first, then most leads given. */
  scores: MemberScore[];
  last30: TopGiver[];
  last90: TopGiver[];
}

const perMonth = (monthly: readonly StatsMonth[]) => Object.fromEntries(monthly.map((m) => [m.month, m.submitted]));

/** /group/stats and /lead/group_stats for one group as the scoreboard shows them (names from the members list). */
export function scoreboardOf(
  groupId: number,
  memberStats: CallResponse<typeof groupCalls.stats>,
  leadStats: CallResponse<typeof leadCalls.groupStats>,
  members: readonly GroupUser[],
): Scoreboard | undefined {
  const group = leadStats.groups.find((g) => g.groupId === groupId);
  if (!group) return undefined;
  const names = new Map(members.map((m) => [m.userId, m.fullName]));
  const rows = memberStats.groups.find((g) => g.groupId === groupId)?.usersStats ?? [];
  const scores = rows
    .map(
      (s): MemberScore => ({
        userId: s.userId,
        name: names.get(s.userId) ?? `Member ${s.userId}`,
        given: s.leadsSubmitted,
        received: s.leadsReceived,
        won: s.wonCount,
        wonCents: s.closedBusinessCents,
        conversion: s.conversion,
        perMonth: perMonth(s.monthly),
      }),
    )
    .sort((a, b) => b.wonCents - a.wonCents || b.given - a.given || a.name.localeCompare(b.name));
  return { group, scores, last30: group.topGivers.last30Days, last90: group.topGivers.last90Days };
}
