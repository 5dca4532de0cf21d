import { Logger, parseCronItems, type Runner, run } from 'graphile-worker';
import type pg from 'pg';
import type { AppDeps } from '../app-deps.js';

// Background work runs on graphile-worker, a job queue kept in PostgreSQL (its own schema,
// graphile_worker): a schedule fires once per match across every instance, a run that fails is
// tried again a few seconds later (JOB_ATTEMPTS in all), and an interrupted one is taken up again
// after a restart.

/** Tries of one run when it fails: graphile-worker waits e^n seconds after the nth (about 3 s, then 7 s). */
export const JOB_ATTEMPTS = 3;

export interface ScheduledJob {
  name: string;
  /** When it runs, as a cron line in UTC (minute precision). */
  cron: string;
  run(deps: AppDeps): Promise<void>;
  /** Tries of one run (JOB_ATTEMPTS when absent); a job that is not safe to repeat says 1. */
  maxAttempts?: number;
  /** false: runs are not queued behind one another (a job that guards itself against overlap). */
  ownQueue?: boolean;
  /** Also runs once as soon as an instance starts (work a stopped instance left half done). */
  runAtStart?: boolean;
}

/** A one-off task queued by a service (lib/task-queue.ts) with its payload, e.g. one lead's push to a CRM. */
export interface QueuedTask {
  name: string;
  run(deps: AppDeps, payload: unknown): Promise<void>;
}

/** One queue per job, so a run never overlaps the one before, and its tries. */
export function jobRunOptions(job: ScheduledJob): { queueName?: string; maxAttempts: number } {
  const maxAttempts = job.maxAttempts ?? JOB_ATTEMPTS;
  return job.ownQueue === false ? { maxAttempts } : { queueName: job.name, maxAttempts };
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

export async function startJobQueue(
  deps: AppDeps,
  pool: pg.Pool,
  jobs: readonly ScheduledJob[],
  tasks: readonly QueuedTask[] = [],
): Promise<JobQueue> {
  const runner: Runner = await run({
    pgPool: pool,
    concurrency: 2,
    noHandleSignals: true,
    logger: queueLogger(deps),
    taskList: Object.fromEntries([
      ...jobs.map((job) => [job.name, () => job.run(deps)]),
      ...tasks.map((task) => [task.name, (payload: unknown) => task.run(deps, payload)]),
    ]),
    // A match missed while no instance ran is not made up for (backfillPeriod 0).
    parsedCronItems: parseCronItems(
      jobs.map((job) => ({
        task: job.name,
        match: job.cron,
        identifier: job.name,
        options: { backfillPeriod: 0, ...jobRunOptions(job) },
      })),
    ),
  });
  for (const job of jobs.filter((j) => j.runAtStart)) {
    await runner.addJob(job.name, {}, { ...jobRunOptions(job), jobKey: `${job.name}-at-start` });
  }
  return { stop: () => runner.stop() };
}
