import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signInThroughForm } from '../support/accounts.js';

// The README's two terminals, word for word: `npm start` in the project folder, then
// `npm run admin:create -- --email … --business …`, then the admin signs in through the e-mailed link
// (no SMTP configured: the e-mail waits at /dev/mail). DATA_DIR is given as a relative path, the way the
// default `./data` is, so the server and the command (which npm runs inside apps/server) must agree on it.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

let server: ChildProcess | undefined;
const dataDir = path.join('e2e', '.operator-data', crypto.randomBytes(4).toString('hex'));

/** Whether any process of the group led by `pid` is still running. */
function groupIsRunning(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

test.afterAll(async () => {
  // npm runs the server (and the server its PostgreSQL) as children: the whole group is stopped, and the data
  // folder is removed only once nothing runs on it (npm alone exited first, and the server went on running on
  // a deleted folder into the next tests).
  const pid = server?.pid;
  if (pid !== undefined && groupIsRunning(pid)) {
    process.kill(-pid, 'SIGTERM');
    for (let waited = 0; groupIsRunning(pid) && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (groupIsRunning(pid)) process.kill(-pid, 'SIGKILL');
  }
  // The folder under the project, and the one a command resolving against apps/server would have made.
  for (const base of [root, path.join(root, 'apps/server')]) {
    fs.rmSync(path.join(base, dataDir), { recursive: true, force: true });
  }
});

test('npm start, then npm run admin:create in a second terminal: the admin signs in through the e-mailed link', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  // What a fresh terminal has: no settings of the browser suite's own server.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    JWT_SECRET: '',
    APP_URL: '',
    LOG_LEVEL: 'warn',
  };
  for (const key of Object.keys(env)) if (key.startsWith('E2E_')) delete env[key];

  // A process group of its own, stopped as a whole at the end.
  server = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  await expect
    .poll(async () => (await fetch(`${appUrl}/api/ready`).catch(() => undefined))?.status, { timeout: 120_000 })
    .toBe(200);

  const email = `ada.${crypto.randomBytes(3).toString('hex')}@acme-sales.example`;
  const created = await run('npm', ['run', 'admin:create', '--', '--email', email, '--business', 'Acme Sales'], env);
  expect(created.out).toContain(`Created business "Acme Sales" with admin ${email}`);
  expect(created.code).toBe(0);

  // The running server's outbox has the welcome e-mail; its link chooses the password.
  await page.goto(`${appUrl}/dev/mail`);
  const welcome = page.getByRole('article').filter({ hasText: `To ${email}` });
  await expect(welcome.getByRole('heading', { name: 'Welcome to Acme Sales on LeadCircle' })).toBeVisible();
  await welcome.getByRole('link', { name: /\/email\?action=RESET_PASSWORD/ }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('Acme-Admin-Pass-7');
  await page.getByLabel('Confirm new password').fill('Acme-Admin-Pass-7');
  await page.getByRole('button', { name: 'REST PASSWORD' }).click();
  await expect(page).not.toHaveURL(/\/(reset-password|signin)$/);

  // And the password works on the running server from the sign-in page.
  await page.goto(`${appUrl}/signout`);
  await expect(page).toHaveURL(/\/signin$/);
  await signInThroughForm(page, email, 'Acme-Admin-Pass-7');
  await expect(page).not.toHaveURL(/\/signin$/);
  expect(fs.existsSync(path.join(root, 'apps/server', dataDir))).toBe(false);
});
