import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { startServerProcess, waitForReady } from '../server-process.js';

// The real process, as `npm start` runs it: embedded PostgreSQL, the data-directory lock,
// fail-fast configuration and the graceful shutdown.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-process-'));
const children: ChildProcess[] = [];

const startServer = (env: Record<string, string>) =>
  startServerProcess(children, { DATABASE_URL: '', JWT_SECRET: 'x'.repeat(40), ...env });

/** A request on its own connection (no keep-alive socket that shutdown could close as idle). */
function signInOnFreshConnection(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password-1' });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/user/login',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('stops at once with a message naming a wrong variable', async () => {
    const server = startServer({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
  });

  it('runs on the embedded PostgreSQL, refuses a second server on the same data directory, and shuts down gracefully', async () => {
    const port = await freePort();
    const first = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitForReady(port, first);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

    const second = startServer({ PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another LeadCircle server \(pid \d+\) is using/);

    // A sign-in in flight when the signal arrives (argon2 keeps it busy) still gets its answer.
    const inFlight = signInOnFreshConnection(port);
    await new Promise((r) => setTimeout(r, 30));
    first.child.kill('SIGTERM');
    expect(await inFlight).toBe(401);
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 120_000);
});
