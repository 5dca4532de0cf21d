import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { PASSWORD } from './accounts.js';
import { E2E_BASE_URL, E2E_JWT_SECRET } from './env.js';
import { uniqueEmail } from './mailbox.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

// The embedded PostgreSQL of the server under test (apps/server/src/db/embedded.ts): its cluster
// lives in DATA_DIR/postgres and listens on a port PostgreSQL itself records in postmaster.pid.
function serverDatabaseUrl(dataDir: string): string {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const port = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no port in ${pidFile}`);
  return `postgres://postgres:postgres@127.0.0.1:${port}/leadcircle`;
}

/**
 * A business ADMIN made the way an operator makes one: the admin:create command
 * against the running server's database, then the password chosen from the link it prints (the
 * same link it e-mails).
 */
export async function createAdmin(request: APIRequestContext, firstName = 'Avery') {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by the global setup');
  const email = uniqueEmail(`${firstName.toLowerCase()}.admin`);
  const lastName = 'Admin';
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/admin-create.ts',
      '--email',
      email,
      '--business',
      `${firstName}'s Agency`,
      '--first-name',
      firstName,
      '--last-name',
      lastName,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: serverDatabaseUrl(dataDir),
        APP_URL: E2E_BASE_URL,
        JWT_SECRET: E2E_JWT_SECRET,
        SMTP_URL: '',
        LOG_LEVEL: 'error',
      },
    },
  );
  const link = stdout.match(/https?:\/\/\S+/)?.[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`admin:create printed no password link:\n${stdout}`);
  const chosen = await request.post(`/api/user/email_confirmation_action/${token}`, {
    data: { token, action: 'RESET_PASSWORD', password: PASSWORD },
  });
  if (!chosen.ok()) throw new Error(`choosing the admin's password failed: ${chosen.status()}`);
  const tokens = (await chosen.json()) as { accessToken: string; refreshToken: string; userId: number };
  return { email, password: PASSWORD, firstName, lastName, accessToken: tokens.accessToken };
}
