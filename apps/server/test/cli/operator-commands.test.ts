import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';

// Operator commands beside a real server process on its embedded PostgreSQL, and `npm start`
// as root in a folder other users cannot enter.

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const mainFile = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const adminCreateFile = path.join(REPO_ROOT, 'apps/server/src/cli/admin-create.ts');
const children: ChildProcess[] = [];
const folders: string[] = [];

function run(file: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'x'.repeat(40),
      NODE_ENV: 'development',
      JOBS_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

async function waitForReady(url: string, exited: Promise<unknown>) {
  let done = false;
  exited.then(() => (done = true));
  for (let i = 0; i < 240 && !done; i++) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready');
}

const post = (base: string, call: string, body: unknown) =>
  fetch(`${base}/api${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

function tempFolder(prefix: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
});

describe('npm run admin:create while the server runs', () => {
  it('creates the admin in the running server’s embedded database, who then signs in there', async () => {
    const dataDir = tempFolder('leadcircle-admin-beside-');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = run(mainFile, [], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: base });
    await waitForReady(base, server.exited);

    const command = run(adminCreateFile, ['--email', 'ada@harbor-leads.example', '--business', 'Harbor Leads'], {
      DATA_DIR: dataDir,
      APP_URL: base,
    });
    expect(await command.exited).toBe(0);
    expect(command.stderr()).not.toContain('Another LeadCircle server');
    expect(command.stdout()).toContain('Created business "Harbor Leads" with admin ada@harbor-leads.example');
    const link = new URL(command.stdout().match(/http:\/\/127\.0\.0\.1:\d+\/email\?\S+/)![0]);

    // The running server knows the new admin: the link sets a password, then sign-in works.
    const token = link.searchParams.get('token')!;
    const chosen = await post(base, `/user/email_confirmation_action/${token}`, {
      token,
      action: 'RESET_PASSWORD',
      password: 'Harbor-Leads-2026',
    });
    expect(chosen.status).toBe(200);
    const login = await post(base, '/user/login', { email: 'ada@harbor-leads.example', password: 'Harbor-Leads-2026' });
    expect(login.status).toBe(200);

    // The server still runs and still owns its data directory.
    expect((await fetch(`${base}/api/ready`)).ok).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});

describe.runIf(process.getuid?.() === 0)('npm start as root', () => {
  it('stops with one clear sentence, not a stack trace, when the postgres user cannot enter the data folder', async () => {
    // mkdtemp makes a folder only its owner (root) may enter.
    const closed = tempFolder('leadcircle-root-only-');
    expect(fs.statSync(closed).mode & 0o777).toBe(0o700);
    const server = run(mainFile, [], {
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(closed, 'data'),
    });
    expect(await server.exited).toBe(1);
    const output = server.stderr() + server.stdout();
    expect(output).toContain(`the embedded PostgreSQL runs as the user "postgres", who cannot enter ${closed}`);
    expect(output).toContain('set DATABASE_URL');
    expect(output).not.toMatch(/EACCES|\n\s+at /);
  }, 120_000);
});
