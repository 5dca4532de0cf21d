import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useMemo } from 'react';
import type { ScoreBarChartProps } from './bar-chart';

// The charts library loads only when a chart is on screen, never with the group pages or sign-in.
const ScoreBarChart = lazy(() => import('./bar-chart').then((m) => ({ default: m.ScoreBarChart })));

type LazyBarChartProps = Omit<ScoreBarChartProps, 'colors'> & {
  /** What the chart shows, for screen readers (its numbers are in the table beside it). */
  label: string;
};

/** A bar chart in the theme's colours, with a placeholder of its height while the charts library loads. */
export function LazyBarChart({ label, ...chart }: LazyBarChartProps) {
  const { palette } = useTheme();
  const colors = useMemo(
    () => [palette.primary.main, palette.secondary.main, palette.success.main, palette.warning.main, palette.info.main],
    [palette],
  );
  const height = chart.height ?? 280;
  return (
    <figure role="img" aria-label={label} style={{ margin: 0, minWidth: 0 }}>
      <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
        <ScoreBarChart {...chart} colors={colors} />
      </Suspense>
    </figure>
  );
}
