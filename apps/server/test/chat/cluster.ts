import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../server-process.js';

export { waitForReady } from '../server-process.js';

// Real server processes on the test database and the machine's Redis, for tests across instances.

const REDIS_URL = process.env.CHAT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/6';

/** Starts one instance on the test database and the machine's Redis; `children` collects it for cleanup. */
export function startServerInstance(
  children: ChildProcess[],
  opts: { name: string; port: number; databaseUrl: string; keyPrefix: string; jwtSecret: string },
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lc16-cluster-${opts.name}-`));
  const server = startServerProcess(children, {
    NODE_ENV: 'test',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl,
    JWT_SECRET: opts.jwtSecret,
    REDIS_URL,
    REDIS_KEY_PREFIX: opts.keyPrefix,
    JOBS_ENABLED: 'false',
  });
  return { ...server, port: opts.port };
}
