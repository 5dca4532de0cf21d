import { PAGE_SIZE } from '@leadcircle/shared';
import { useGroupStatsQuery, useLeadGroupStatsQuery, useListGroupUsersQuery } from '../api';
import { scoreboardOf } from './scoreboard-data';

const fresh = { refetchOnMountOrArgChange: true } as const;

/**
 * One group's scoreboard: its members' rows from /group/stats (/lead/user_stats answers the same
 * rows flattened, so it is not asked as well), its totals, months and top givers from
 * /lead/group_stats, and the members' names.
 */
export function useScoreboard(groupId: number) {
  const ids = [groupId];
  const memberStats = useGroupStatsQuery({ search_ids: ids }, fresh);
  const leadStats = useLeadGroupStatsQuery({ ids }, fresh);
  const members = useListGroupUsersQuery({ group_id: groupId, start_position: 0, get_next: PAGE_SIZE }, fresh);
  const error = [memberStats, leadStats, members].find((q) => q.isError)?.error;
  const data =
    memberStats.data && leadStats.data && members.data
      ? scoreboardOf(groupId, memberStats.data, leadStats.data, members.data.users)
      : undefined;
  return { data, error, isLoading: data === undefined && error === undefined };
}
