import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm test` must fail when a server test fails. The server suite's global setup loads the embedded
// PostgreSQL, whose package once turned every exit into 0 (an exit hook on `beforeExit`).

const serverDir = path.resolve(import.meta.dirname, '../..');
const vitest = path.resolve(serverDir, '../../node_modules/vitest/vitest.mjs');

function runFixture(failing: boolean) {
  const run = spawnSync(
    process.execPath,
    [vitest, 'run', '--config', 'vitest.config.ts', 'test/fixtures/always-fails.test.ts'],
    {
      cwd: serverDir,
      encoding: 'utf8',
      env: { ...process.env, LEADCIRCLE_FAILING_FIXTURE: failing ? '1' : '0', VITEST: undefined },
      timeout: 120_000,
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the server suite exit code', () => {
  it('is 1 when a server test fails, with the global setup loaded', () => {
    const run = runFixture(true);
    expect(run.output).toContain('1 failed');
    expect(run.status).toBe(1);
  }, 150_000);

  it('is 0 when nothing fails', () => {
    const run = runFixture(false);
    expect(run.output).toContain('skipped');
    expect(run.status).toBe(0);
  }, 150_000);
});
