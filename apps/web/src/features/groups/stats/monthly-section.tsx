import { formatCents, type StatsMonth } from '@leadcircle/shared';
import { LazyBarChart } from './lazy-bar-chart';
import { type Column, type MemberScore, monthLabel } from './scoreboard';
import { StatsSection } from './stats-section';
import { StatsTable } from './stats-table';

interface MonthRow extends StatsMonth {
  byMember: string;
}

const columns: Column<MonthRow>[] = [
  { header: 'Month', value: (r) => monthLabel(r.month) },
  { header: 'Leads submitted', value: (r) => r.submitted, numeric: true },
  { header: 'Won', value: (r) => r.wonCount, numeric: true },
  { header: 'Closed business', value: (r) => formatCents(r.wonAmountCents), numeric: true, hideOnPhone: true },
  { header: 'By member', value: (r) => r.byMember },
];

/** The months, newest first, with who submitted how many; the months with nothing left out. */
export function monthRows(months: readonly StatsMonth[], scores: readonly MemberScore[]): MonthRow[] {
  return months
    .filter((m) => m.submitted > 0 || m.wonCount > 0)
    .map((m) => ({
      ...m,
      byMember: scores
        .filter((s) => (s.perMonth[m.month] ?? 0) > 0)
        .map((s) => `${s.name} ${s.perMonth[m.month]}`)
        .join(', '),
    }))
    .reverse();
}

/** Leads submitted per member per month (the last 12): stacked bars a month, and the numbers beside. */
export function MonthlySection(props: { months: readonly StatsMonth[]; scores: readonly MemberScore[] }) {
  const { months, scores } = props;
  const givers = scores.filter((s) => s.given > 0);
  return (
    <StatsSection
      title="Leads submitted per month"
      wide
      chart={
        <LazyBarChart
          label="Leads submitted per member per month, the last 12 months"
          categories={months.map((m) => monthLabel(m.month))}
          series={givers.map((s) => ({
            label: s.name,
            data: months.map((m) => s.perMonth[m.month] ?? 0),
            stack: 'month',
          }))}
        />
      }
      table={
        <StatsTable
          label="Leads submitted per month"
          columns={columns}
          rows={monthRows(months, scores)}
          rowKey={(r) => r.month}
          emptyText="No leads in the last 12 months."
        />
      }
    />
  );
}
