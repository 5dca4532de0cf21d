import { formatCents, TOP_GIVER_WINDOWS_DAYS, type TopGiver } from '@leadcircle/shared';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { LazyBarChart } from './lazy-bar-chart';
import type { Column } from './scoreboard';
import { StatsSection } from './stats-section';
import { StatsTable } from './stats-table';

const columns: Column<TopGiver>[] = [
  { header: 'Member', value: (g) => g.fullName },
  { header: 'Leads given', value: (g) => g.leadsGiven, numeric: true },
  { header: 'Won', value: (g) => g.wonCount, numeric: true },
  { header: 'Closed business', value: (g) => formatCents(g.closedBusinessCents), numeric: true },
];

function GiversTable({ days, givers }: { days: number; givers: readonly TopGiver[] }) {
  return (
    <>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
        {`Last ${days} days`}
      </Typography>
      <StatsTable
        label={`Top givers of the last ${days} days`}
        columns={columns}
        rows={givers}
        rowKey={(g) => g.userId}
        emptyText={`No leads given or won in the last ${days} days.`}
      />
    </>
  );
}

/** The members whose leads brought the most business, then who gave the most, in the last 30 and 90 days. */
export function TopGiversSection({ last30, last90 }: { last30: readonly TopGiver[]; last90: readonly TopGiver[] }) {
  const [short, long] = TOP_GIVER_WINDOWS_DAYS;
  const people = [...new Map([...last90, ...last30].map((g) => [g.userId, g.fullName])).entries()];
  const given = (list: readonly TopGiver[], userId: number) => list.find((g) => g.userId === userId)?.leadsGiven ?? 0;
  return (
    <StatsSection
      title="Top givers"
      chart={
        <LazyBarChart
          label={`Leads given by the top givers in the last ${short} and ${long} days`}
          categories={people.map(([, name]) => name)}
          series={[
            { label: `Leads given, last ${short} days`, data: people.map(([id]) => given(last30, id)) },
            { label: `Leads given, last ${long} days`, data: people.map(([id]) => given(last90, id)) },
          ]}
          horizontal
          height={Math.max(160, 56 * people.length + 80)}
        />
      }
      table={
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 12 }}>
            <GiversTable days={short} givers={last30} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 12 }}>
            <GiversTable days={long} givers={last90} />
          </Grid>
        </Grid>
      }
    />
  );
}
