import { quickAddJob } from 'graphile-worker';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_JOBS, leadImportJob } from '../../src/jobs/jobs.js';
import { type JobQueue, jobRunOptions, type ScheduledJob, startJobQueue } from '../../src/jobs/queue.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { IMPORT_HEADER, importLine, uploadAndPreview } from '../lead-imports.js';
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

  it('a lead import started while the queue runs is taken at once, not at the next minute', {
    timeout: 60_000,
  }, async () => {
    const x = await createGroupWithMembers(t);
    const lines = Array.from({ length: 3 }, () => importLine());
    const { importId } = await uploadAndPreview(
      t,
      x.member.token,
      x.group.groupId,
      `${IMPORT_HEADER}\n${lines.join('\n')}\n`,
    );
    // Cron only on the first of January: only the wake-up can run it.
    queue = await startJobQueue(t.deps, t.pool, [{ ...leadImportJob, cron: '0 0 1 1 *', runAtStart: false }]);
    expect((await post(t, '/lead/import/start', { import_id: importId }, { token: x.member.token })).status).toBe(200);
    let status = '';
    for (let i = 0; i < 200 && status !== 'DONE'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await post(t, '/lead/import/get', { import_id: importId }, { token: x.member.token })).body.status;
    }
    expect(status).toBe('DONE');
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
