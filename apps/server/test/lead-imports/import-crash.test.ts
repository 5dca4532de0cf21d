import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { leadImportRows, leadImports, leads } from '../../src/db/schema/index.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { IMPORT_HEADER, importLine, uploadAndPreview } from '../lead-imports.js';
import { startServerProcess, waitForReady } from '../server-process.js';
import { createTestApp } from '../test-app.js';

// A server killed in the middle of an import: the next one to start resumes it, and every row of the
// file becomes exactly one lead (none lost, none doubled), the list's count exact.

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const ROWS = 8000;
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('a server killed with SIGKILL during an import', () => {
  it('resumes the import after a restart with every row imported exactly once', async () => {
    const t = await createTestApp({ env: { JWT_SECRET }, clock: { now: () => new Date() } });
    cleanups.push(() => t.close());
    const { member, group } = await createGroupWithMembers(t);
    const lines = Array.from({ length: ROWS }, (_, i) => importLine({ Email: `crash${i}@import.example` }));
    const { importId, preview } = await uploadAndPreview(
      t,
      member.token,
      group.groupId,
      `${IMPORT_HEADER}\n${lines.join('\n')}\n`,
    );
    expect(preview.newCount).toBe(ROWS);
    expect((await post(t, '/lead/import/start', { import_id: importId }, { token: member.token })).status).toBe(200);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-import-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const start = () =>
      startServerProcess(children, {
        DATABASE_URL: t.config.databaseUrl!,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET,
        APP_URL: 'http://localhost:3000',
        JOBS_ENABLED: 'true',
        NODE_ENV: 'test',
      });
    const progress = async () => {
      const [row] = await t.db
        .select({ status: leadImports.status, doneRows: leadImports.doneRows })
        .from(leadImports)
        .where(eq(leadImports.id, importId));
      return row!;
    };

    // The first server starts the queued import; it is killed once some batches are in.
    const first = start();
    await waitForReady(port, first);
    let seen = await progress();
    for (let i = 0; i < 3000 && seen.doneRows < 1000; i++) {
      await new Promise((r) => setTimeout(r, 10));
      seen = await progress();
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = await progress();
    expect(atKill.doneRows, first.output()).toBeGreaterThan(0);
    expect(atKill.doneRows, 'the import ended before the kill: raise ROWS').toBeLessThan(ROWS);
    expect(atKill.status).toBe('RUNNING');

    // The next server resumes it at the first row not done.
    const second = start();
    await waitForReady(port, second);
    for (let i = 0; i < 1200 && (await progress()).status !== 'DONE'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await progress(), second.output()).toEqual({ status: 'DONE', doneRows: ROWS });
    second.child.kill('SIGTERM');
    await second.exited;

    const [counts] = await t.db
      .select({
        rows: sql<number>`count(*)::int`,
        done: sql<number>`count(*) filter (where ${leadImportRows.done})::int`,
        leadIds: sql<number>`count(distinct ${leadImportRows.leadId})::int`,
      })
      .from(leadImportRows)
      .where(eq(leadImportRows.importId, importId));
    expect(counts).toEqual({ rows: ROWS, done: ROWS, leadIds: ROWS });
    const [inGroup] = await t.db
      .select({ n: sql<number>`count(*)::int`, emails: sql<number>`count(distinct ${leads.email})::int` })
      .from(leads)
      .where(eq(leads.groupId, group.groupId));
    expect(inGroup).toEqual({ n: ROWS, emails: ROWS });
    const list = await post(t, '/lead/list', { group_id: group.groupId }, { token: member.token });
    expect(list.body.totalCount).toBe(ROWS);
    const done = await post(t, '/lead/import/get', { import_id: importId }, { token: member.token });
    expect(done.body).toMatchObject({ status: 'DONE', importedCount: ROWS, skippedCount: 0 });
  }, 240_000);
});
