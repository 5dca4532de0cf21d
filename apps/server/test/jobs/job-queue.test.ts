import { quickAddJob } from 'graphile-worker';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_JOBS } from '../../src/jobs/jobs.js';
import { type JobQueue, jobRunOptions, type ScheduledJob, startJobQueue } from '../../src/jobs/queue.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('job queue', () => {
  let t: TestApp;
  let queue: JobQueue | undefined;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
    await t.close();
  });

  it('tries a failing job three times by default, each job on its own queue', () => {
    const job: ScheduledJob = { name: 'some-job', cron: '* * * * *', run: async () => {} };
    expect(jobRunOptions(job)).toEqual({ queueName: 'some-job', maxAttempts: 3 });
    expect(jobRunOptions({ ...job, maxAttempts: 1 })).toEqual({ queueName: 'some-job', maxAttempts: 1 });
  });

  it('every scheduled job is safe to repeat, so each is retried', () => {
    for (const job of ALL_JOBS) expect(jobRunOptions(job).maxAttempts, job.name).toBe(3);
  });

  it('runs a job again after it failed, a few seconds later', { timeout: 30_000 }, async () => {
    let runs = 0;
    let done!: () => void;
    const succeeded = new Promise<void>((resolve) => {
      done = resolve;
    });
    const flaky: ScheduledJob = {
      name: 'flaky-job',
      cron: '0 0 1 1 *',
      async run() {
        runs += 1;
        if (runs === 1) throw new Error('the mail server is briefly unreachable');
        done();
      },
    };
    queue = await startJobQueue(t.deps, t.pool, [flaky]);
    await quickAddJob({ pgPool: t.pool }, flaky.name, {}, jobRunOptions(flaky));
    await succeeded;
    expect(runs).toBe(2);
  });
});
