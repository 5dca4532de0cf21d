import type { GroupSummary } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useOutletContext } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-error';
import { saveBlob } from '../../../lib/download';
import { MembersSection } from './members-section';
import { MonthlySection } from './monthly-section';
import { memberColumns, monthsOf, statsFileName, tableCsv } from './scoreboard';
import { StatsSummary } from './summary';
import { TopGiversSection } from './top-givers-section';
import { useScoreboard } from './use-scoreboard';

const loadFailed = 'The group stats could not be loaded.';

/**
 * The group's Stats tab (its scoreboard): totals, each member's leads given and won and the business
 * closed from them (EXPORT TO CSV saves that table, with a column a month), leads submitted per member
 * per month, and the top givers of 30 and 90 days; charts with their numbers beside them.
 */
export function GroupStatsPage() {
  const group = useOutletContext<GroupSummary>();
  const board = useScoreboard(group.groupId);

  if (board.error !== undefined) return <Alert severity="error">{errorMessage(board.error, loadFailed)}</Alert>;
  if (board.isLoading) return <PageSpinner />;
  if (!board.data) return <Alert severity="error">{loadFailed}</Alert>;
  const { group: totals, scores, last30, last90 } = board.data;

  const exportCsv = () => {
    const csv = tableCsv(memberColumns(monthsOf(scores)), scores);
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), statsFileName(group.name));
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <StatsSummary totals={totals} />
      <MembersSection scores={scores} onExport={exportCsv} />
      <MonthlySection months={totals.monthly} scores={scores} />
      <TopGiversSection last30={last30} last90={last90} />
    </Stack>
  );
}
