import { formatCents } from '@leadcircle/shared';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import { LazyBarChart } from './lazy-bar-chart';
import { type MemberScore, memberColumns } from './scoreboard';
import { StatsSection } from './stats-section';
import { StatsTable } from './stats-table';

const dollars = (cents: number) => formatCents(cents * 100);

/** Each member's leads given and won, the business closed from them and the conversion, with the CSV export. */
export function MembersSection({ scores, onExport }: { scores: readonly MemberScore[]; onExport: () => void }) {
  return (
    <StatsSection
      title="Members"
      wide
      action={
        <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={onExport} disabled={scores.length === 0}>
          EXPORT TO CSV
        </Button>
      }
      chart={
        <LazyBarChart
          label="Closed business from the leads each member gave"
          categories={scores.map((s) => s.name)}
          series={[{ label: 'Closed business', data: scores.map((s) => s.wonCents / 100) }]}
          formatValue={dollars}
          horizontal
          height={Math.max(160, 40 * scores.length + 60)}
        />
      }
      table={
        <StatsTable
          label="Members"
          columns={memberColumns([])}
          rows={scores}
          rowKey={(s) => s.userId}
          emptyText="No members yet."
        />
      }
    />
  );
}
