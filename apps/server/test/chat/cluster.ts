import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Real server processes on the test database and the machine's Redis, for tests across instances.

const REDIS_URL = process.env.CHAT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/6';
const mainFile = path.resolve(import.meta.dirname, '../../src/main.ts');

/** Starts one instance; `children` collects it for the test's cleanup. */
export function startServerInstance(
  children: ChildProcess[],
  opts: { name: string; port: number; databaseUrl: string; keyPrefix: string; jwtSecret: string },
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lc16-cluster-${opts.name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl,
      JWT_SECRET: opts.jwtSecret,
      REDIS_URL,
      REDIS_KEY_PREFIX: opts.keyPrefix,
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, port: opts.port, exited, output: () => output };
}

export async function waitForReady(port: number, output: () => string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance on ${port} did not become ready: ${output()}`);
}
