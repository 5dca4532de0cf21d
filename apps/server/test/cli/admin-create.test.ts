import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

// The operator command, run for real as a child process against a database of its own.

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

let database: TestDatabase;
let client: pg.Client;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-admin-create-'));
});
afterAll(async () => {
  await client.end();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function adminCreate(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'apps/server/src/cli/admin-create.ts', ...args], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: database.url,
        JOBS_ENABLED: 'false',
        DATA_DIR: dataDir,
        APP_URL: 'http://localhost:3000',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run admin:create', () => {
  const email = 'owner@summit-payroll.example';

  it('creates the business and its confirmed ADMIN, and prints the password setup link', async () => {
    const run = await adminCreate('--email', 'Owner@Summit-Payroll.example', '--business', 'Summit Payroll');
    expect(run.stderr.replace(/npm warn .*\n/g, '')).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /Created business "Summit Payroll" with admin owner@summit-payroll\.example \(user \d+\)\./,
    );
    const link = run.stdout.match(/http:\/\/localhost:3000\/email\?\S+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get('action')).toBe('RESET_PASSWORD');
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const { rows: businesses } = await client.query('select id, name from businesses');
    expect(businesses).toEqual([{ id: expect.any(Number), name: 'Summit Payroll' }]);
    const { rows: users } = await client.query(
      'select email, role, business_id, first_name, last_name, password_hash, email_confirmed_at from users',
    );
    expect(users).toEqual([
      {
        email,
        role: 'ADMIN',
        business_id: businesses[0].id,
        first_name: 'Admin',
        last_name: 'User',
        password_hash: null,
        email_confirmed_at: expect.any(Date),
      },
    ]);
    // The same link went out in a welcome e-mail (to the outbox, as no SMTP is configured).
    const { rows: mails } = await client.query('select "to", subject, text from mail_outbox');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email, subject: 'Welcome to Summit Payroll on LeadCircle' });
    expect(mails[0].text).toContain(link);
    expect(mails[0].text).toContain('administrator of Summit Payroll');
    expect(mails[0].text).toContain('Choose a password');
    expect(mails[0].text).toContain('valid for 7 days');
    expect(mails[0].text).not.toContain('asked to reset');
    // The link lasts 7 days, not the hour of a password reset.
    const { rows: tokens } = await client.query(
      'select extract(epoch from expires_at - created_at)::int as seconds from email_tokens',
    );
    expect(tokens).toHaveLength(1);
    expect(Math.abs(tokens[0].seconds - 7 * 24 * 3600)).toBeLessThan(60);
  });

  it('exits 1 with a clear message when the address already has an account, and creates nothing', async () => {
    const run = await adminCreate('--email', email, '--business', 'Second Try');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`An account with ${email} already exists.`);
    expect(run.stdout).not.toContain('Created business');
    const { rows } = await client.query('select name from businesses order by id');
    expect(rows).toEqual([{ name: 'Summit Payroll' }]);
  });

  it('exits 2 with the rule and the usage when the e-mail is not an address', async () => {
    const run = await adminCreate('--email', 'not-an-address', '--business', 'Bad Mail Co');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--email: Must be a valid email address');
    expect(run.stderr).toContain('Usage: npm run admin:create -- --email <address> --business <name>');
    const { rows } = await client.query('select count(*)::int as n from businesses');
    expect(rows[0].n).toBe(1);
  });

  it('exits 2 when the business name is missing', async () => {
    const run = await adminCreate('--email', 'someone@example.com');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('The business name is required.');
  });
});
