import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// The scoreboard's one chart kind: bars per category (a member, a month), one or more series, side
// by side or stacked. Chart.js, loaded lazily (lazy-bar-chart.tsx). This chunk imports React and
// Chart.js only: a chunk that also used MUI would make the bundler split the sign-in page's shared
// chunks into more files (measured: 2 KB over its budget with MUI X Charts).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface BarSeries {
  label: string;
  data: number[];
  /** Series with the same stack name are drawn on top of each other. */
  stack?: string;
}

export interface ScoreBarChartProps {
  categories: string[];
  series: BarSeries[];
  /** Horizontal bars read better with names as categories. */
  horizontal?: boolean;
  height?: number;
  formatValue?: (value: number) => string;
  /** The series' colours, in turn (the theme's, handed down: this chunk imports nothing of MUI). */
  colors: readonly string[];
}

export function ScoreBarChart(props: ScoreBarChartProps) {
  const { categories, series, horizontal, height = 280, formatValue, colors } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  // Drawn again only when what it shows changes, not on every render of the page (new arrays, same numbers).
  const shown = JSON.stringify([categories, series, horizontal, colors]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` stands for the data it serialises.
  useEffect(() => {
    if (!canvas.current) return;
    const isStacked = series.some((s) => s.stack !== undefined);
    const format = (value: number | string) => (formatValue ? formatValue(Number(value)) : `${value}`);
    const valueAxis = { beginAtZero: true, stacked: isStacked, ticks: { precision: 0, callback: format } };
    const categoryAxis = { stacked: isStacked };
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels: categories,
        datasets: series.map((s, index) => ({
          label: s.label,
          data: s.data,
          stack: s.stack,
          backgroundColor: colors[index % colors.length],
          maxBarThickness: 40,
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
        plugins: {
          legend: { display: series.length > 1, position: 'bottom' },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${format(item.raw as number)}` } },
        },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [shown, formatValue]);

  // The numbers are in the table beside the chart; the figure around it names what it shows.
  return (
    <div style={{ position: 'relative', height, width: '100%' }}>
      <canvas ref={canvas} />
    </div>
  );
}
