import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/client.js';
import type { Clock } from '../src/lib/clock.js';
import { createRecordingPublisher } from '../src/realtime/recording-publisher.js';
import { createTestDatabase } from './test-database.js';

/** A clock the test moves by hand. */
export function createTestClock(start = new Date('2026-11-22T12:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}
export type TestClock = ReturnType<typeof createTestClock>;

export interface TestAppOptions {
  clock?: Clock;
  env?: Record<string, string>;
  /** Receives the app's log lines (set LOG_LEVEL in env to see them). */
  logStream?: { write(line: string): void };
}

/** The real app on a fresh database cloned from the migrated template. */
export async function createTestApp(options: TestAppOptions = {}) {
  const testDatabase = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-test-data-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabase.url,
    APP_URL: 'http://localhost:3000',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...options.env,
  });
  const database = connectDatabase(config.databaseUrl!, { max: 4 });
  const clock = options.clock ?? createTestClock();
  // Realtime events are recorded, so a test can read what each service published.
  const realtime = createRecordingPublisher();
  const { app, deps } = await buildApp({ config, database, clock, realtime, logStream: options.logStream });
  await app.ready();
  return {
    app,
    deps,
    db: database.db,
    pool: database.pool,
    config,
    realtime,
    async close() {
      await app.close();
      await deps.mailer.idle();
      await database.close();
      await testDatabase.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
