// `npm run bench:cpu`: CPU time the app's own process spends per request, call by call, with the
// app built in this process as `npm start` builds it (production, every request in the access log,
// the browser's accept-encoding) and called through inject(). A figure of CPU time, unlike req/s,
// barely moves when other processes share the machine, so it compares two versions of the code even
// on a busy machine; what PostgreSQL spends is not in it (a separate process), nor the socket writes.
//
// Environment: BENCH_DATABASE_URL (a bench database npm run bench:api has filled; default an
// embedded PostgreSQL with only the bench account), BENCH_REQUESTS (per call, default 4,000),
// BENCH_ONLY (measure only the calls whose name contains it: `BENCH_ONLY=user/get`).
// The app logs to standard output as in production; the figures go to standard error.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/open.js';
import { JWT_SECRET, tmpDir } from './harness.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const IN_FLIGHT = 10;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const EMAIL = 'bench-cpu@example.com';
const PASSWORD = 'Bench-Pass-1';

async function main() {
  const tmp = tmpDir();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATA_DIR: path.join(tmp, 'data'),
    JWT_SECRET,
    JOBS_ENABLED: 'false',
    WEB_DIST_DIR: path.join(tmp, 'no-web-build'),
    ...(process.env.BENCH_DATABASE_URL && { DATABASE_URL: process.env.BENCH_DATABASE_URL }),
  });
  const database = await openDatabase(config);
  const { app, deps } = await buildApp({ config, database });
  await app.ready();
  try {
    const post = (url: string, body: unknown, token?: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...BROWSER, 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        payload: JSON.stringify(body),
      });
    await post('/api/user/email_signup', { first_name: 'Bench', last_name: 'Cpu', email: EMAIL, password: PASSWORD });
    await database.pool.query('update users set email_confirmed_at = now() where email = $1', [EMAIL]);
    const login = await post('/api/user/login', { email: EMAIL, password: PASSWORD });
    if (login.statusCode !== 200) throw new Error(`sign-in answered ${login.statusCode}: ${login.body}`);
    const { accessToken } = login.json() as { accessToken: string };

    const calls: [string, () => ReturnType<typeof post>][] = [
      ['GET /api/health', () => app.inject({ url: '/api/health', headers: BROWSER })],
      ['POST /api/user/get', () => post('/api/user/get', {}, accessToken)],
      ['POST /api/target/list', () => post('/api/target/list', {}, accessToken)],
      ['POST /api/product/category/list', () => post('/api/product/category/list', {}, accessToken)],
    ];
    console.error(`${REQUESTS} requests per call, ${IN_FLIGHT} in flight, CPU of this process per request:`);
    const only = process.env.BENCH_ONLY;
    for (const [name, send] of calls.filter(([name]) => !only || name.includes(only))) {
      const run = async (n: number) => {
        let left = n;
        const worker = async () => {
          while (left-- > 0) {
            const res = await send();
            if (res.statusCode !== 200) throw new Error(`${name} answered ${res.statusCode}: ${res.body}`);
          }
        };
        await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      };
      await run(Math.min(REQUESTS, 500)); // warm-up, not counted
      const before = process.cpuUsage();
      await run(REQUESTS);
      const used = process.cpuUsage(before);
      console.error(`  ${name.padEnd(32)} ${((used.user + used.system) / REQUESTS).toFixed(0).padStart(5)} µs`);
    }
  } finally {
    await app.close();
    await deps.mailer.idle();
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
