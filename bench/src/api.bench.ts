// API throughput against a baseline measured in the same run: a bare Fastify route on the same machine.
// Prints requests/second and the ratio to the baseline, so results hold on a noisy machine.
// Usage: npm run bench   (TEST_DATABASE_URL to use a PostgreSQL server; an embedded one otherwise)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/open.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

async function measure(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, ...init });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-bench-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JOBS_ENABLED: 'false',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    }),
    webDistDir: path.join(dataDir, 'none'),
  };
  const database = await openDatabase(config);
  const { app } = await buildApp({ config, database });
  const baseline = Fastify();
  baseline.get('/ping', async () => ({ status: 'ok' }));
  try {
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = await baseline.listen({ host: '127.0.0.1', port: 0 });

    // One confirmed account to read with.
    const signup = { first_name: 'Bench', last_name: 'User', email: 'bench@example.com', password: 'Bench-Pass-1' };
    await fetch(`${appUrl}/api/user/email_signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signup),
    });
    const { rows } = await database.pool.query<{ text: string }>(
      'select text from mail_outbox order by id desc limit 1',
    );
    const token = new URL(rows[0]!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    const confirm = await fetch(`${appUrl}/api/user/email_confirmation_action/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, action: 'SIGNUP_CONFIRMATION' }),
    });
    const { accessToken } = (await confirm.json()) as { accessToken: string };
    const authed = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };

    const base = await measure(`${baseUrl}/ping`);
    const cases = {
      'GET /api/health': await measure(`${appUrl}/api/health`),
      'POST /api/user/get (JWT + user lookup)': await measure(`${appUrl}/api/user/get`, {
        method: 'POST',
        headers: authed,
        body: '{}',
      }),
      'POST /api/target/list (lookup list)': await measure(`${appUrl}/api/target/list`, {
        method: 'POST',
        headers: authed,
        body: '{}',
      }),
    };
    console.log(`baseline bare Fastify route: ${base.rps.toFixed(0)} req/s, p99 ${base.p99} ms`);
    for (const [name, r] of Object.entries(cases)) {
      console.log(
        `${name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ratio to baseline ${(r.rps / base.rps).toFixed(3)}`,
      );
    }
  } finally {
    await baseline.close();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
