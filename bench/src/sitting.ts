// One sitting of measurements: each call runs between two runs of its baseline (baseline, call,
// baseline), every run records the machine's load, and a ratio is printed only while its baseline was
// healthy: at least 60% of that baseline's own best run of the sitting. Below that the baseline was
// starved (another process took the cores) and the ratio says nothing.
import fs from 'node:fs';
import os from 'node:os';
import type { Figures } from './harness.js';

export const HEALTHY_BASELINE_SHARE = 0.6;

/** What the machine was doing during one run: the 1-minute load average and the busy share of its CPUs. */
export interface Load {
  loadAverage: number;
  /** Share of all CPU time spent busy during the run (this process, the server and anyone else); undefined off Linux. */
  busy?: number;
}

export interface Run extends Figures {
  load: Load;
}

function cpuTimes(): { busy: number; total: number } | undefined {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
    const total = ticks.reduce((sum, n) => sum + n, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** Runs `measure` and records the machine's load while it ran. */
export async function withLoad(measure: () => Promise<Figures>): Promise<Run> {
  const before = cpuTimes();
  const figures = await measure();
  const after = cpuTimes();
  const busy =
    before && after && after.total > before.total
      ? (after.busy - before.busy) / (after.total - before.total)
      : undefined;
  return { ...figures, load: { loadAverage: os.loadavg()[0] ?? 0, busy } };
}

export const describeLoad = (load: Load) =>
  `load ${load.loadAverage.toFixed(1)}${load.busy === undefined ? '' : `, CPU ${Math.round(load.busy * 100)}% busy`}`;

/** A baseline's runs in this sitting; its best run is the measure of its health. */
export class Baseline {
  readonly runs: Run[] = [];
  constructor(readonly name: string) {}

  record(run: Run): Run {
    this.runs.push(run);
    return run;
  }

  get best(): number {
    return Math.max(0, ...this.runs.map((r) => r.rps));
  }
}

export interface Ratio {
  /** call req/s ÷ baseline req/s, or undefined when refused. */
  value?: number;
  /** The baseline run used, as a share of the baseline's best run in the sitting. */
  health: number;
  baselineRps: number;
}

/**
 * A call's ratio to its baseline, from the baseline runs just before and just after it: the faster
 * of the two (the lower, cautious ratio), refused when even that ran below 60% of the baseline's
 * best run in the sitting.
 */
export function ratioTo(baseline: Baseline, call: Run, around: Run[]): Ratio {
  const baselineRps = Math.max(...around.map((r) => r.rps));
  const best = baseline.best;
  const health = best > 0 ? baselineRps / best : 0;
  if (health < HEALTHY_BASELINE_SHARE || baselineRps <= 0) return { health, baselineRps };
  return { value: call.rps / baselineRps, health, baselineRps };
}

export function describeRatio(ratio: Ratio, digits = 2): string {
  const health = `baseline at ${Math.round(ratio.health * 100)}% of its best`;
  if (ratio.value === undefined) return `refused: ${health} (< ${HEALTHY_BASELINE_SHARE * 100}%)`;
  return `${ratio.value.toFixed(digits)} (${health})`;
}
