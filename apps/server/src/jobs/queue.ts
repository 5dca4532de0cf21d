import { Logger, parseCronItems, type Runner, run } from 'graphile-worker';
import type pg from 'pg';
import type { AppDeps } from '../app-deps.js';

// Background work runs on graphile-worker, a job queue kept in PostgreSQL (its own schema,
// graphile_worker): a schedule fires once per match across every instance, a job that fails is
// retried, and an interrupted one is taken up again after a restart.

export interface ScheduledJob {
  name: string;
  /** When it runs, as a cron line in UTC (minute precision). */
  cron: string;
  run(deps: AppDeps): Promise<void>;
}

export interface JobQueue {
  /** Lets the jobs that are running finish, then stops taking new ones. */
  stop(): Promise<void>;
}

/** graphile-worker's log lines through the app's logger; its debug chatter stays at debug. */
function queueLogger(deps: AppDeps): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const line = {
      job: scope.label,
      taskIdentifier: scope.taskIdentifier,
      ...(meta?.error ? { err: meta.error } : {}),
    };
    if (level === 'error') deps.log.error(line, message);
    else if (level === 'warning') deps.log.warn(line, message);
    else deps.log.debug(line, message);
  });
}

export async function startJobQueue(deps: AppDeps, pool: pg.Pool, jobs: readonly ScheduledJob[]): Promise<JobQueue> {
  const runner: Runner = await run({
    pgPool: pool,
    concurrency: 2,
    noHandleSignals: true,
    logger: queueLogger(deps),
    taskList: Object.fromEntries(jobs.map((job) => [job.name, () => job.run(deps)])),
    // One queue per job: a run never overlaps the one before; a failed run waits for the next match.
    parsedCronItems: parseCronItems(
      jobs.map((job) => ({
        task: job.name,
        match: job.cron,
        identifier: job.name,
        options: { backfillPeriod: 0, queueName: job.name, maxAttempts: 1 },
      })),
    ),
  });
  return { stop: () => runner.stop() };
}
