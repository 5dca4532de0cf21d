import type pg from 'pg';
import type { AppDeps } from '../app-deps.js';

export interface Job {
  name: string;
  intervalMs: number;
  /** Advisory lock key: several instances never run the same job at once. */
  lockKey: number;
  run(deps: AppDeps): Promise<void>;
}

/** Runs a job once if no other instance is running it; false when the lock was taken. */
export async function runJobOnce(deps: AppDeps, pool: pg.Pool, job: Job): Promise<boolean> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      job.lockKey,
    ]);
    if (!rows[0]?.locked) return false;
    try {
      await job.run(deps);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [job.lockKey]);
    }
    return true;
  } finally {
    client.release();
  }
}

export interface JobScheduler {
  stop(): Promise<void>;
}

export function startJobs(deps: AppDeps, pool: pg.Pool, jobs: Job[]): JobScheduler {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    const tick = () => {
      if (stopped) return;
      const p = runJobOnce(deps, pool, job)
        .catch((err) => deps.log.error({ err, job: job.name }, 'job failed'))
        .finally(() => running.delete(p));
      running.add(p);
    };
    timers.push(setInterval(tick, job.intervalMs));
    setImmediate(tick);
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running]);
    },
  };
}
