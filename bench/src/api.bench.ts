// `npm run bench`: the API benchmarks, printed as one table with a baseline from the same run.
// Three kinds of process: the server under test (the same `node scripts/start.mjs` that `npm start`
// runs), the baselines (baseline-server.ts: a bare Fastify route, a minimal route doing /user/get's
// work, the app's deep-page SQL on a bare route), and this one, which only generates load
// (autocannon) and prints. Every figure is a ratio against a baseline measured in the same run, so
// the table holds on a noisy machine.
//
// Environment:
//   BENCH_DATABASE_URL  a database on a PostgreSQL server (created when missing; reused when it
//                       already holds this size's data, BENCH_FRESH=1 to seed again). Unset: an
//                       embedded PostgreSQL in a temporary directory.
//   BENCH_LEADS         leads in the big group (default 1,000,000; the small group holds 10,000)
//   BENCH_SECONDS       seconds per measurement (default 5)
//   BENCH_PORT          the server's port; the baselines take the next one (default: free ports)
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { connectDatabase } from '../../apps/server/src/db/client.js';
import { freePort } from '../../apps/server/src/db/embedded.js';
import { leadPageQuery } from '../../apps/server/src/modules/leads/leads.queries.js';
import {
  DURATION_SECONDS,
  type Figures,
  JWT_SECRET,
  type MeasureInit,
  measureCalls,
  openBenchDatabase,
  postJson,
  signIn,
  startProcess,
  startServer,
  stopProcess,
  waitFor,
} from './harness.js';
import { seedBench } from './seed.js';

const BIG = Number(process.env.BENCH_LEADS ?? 1_000_000);
const SMALL = 10_000;
const PAGE = 50;
const DEEP = Math.floor(BIG / 2);
const CONNECTIONS = 10;
const measure = (url: string, init: MeasureInit = {}) => measureCalls(url, init, CONNECTIONS);

const fixed = (n: number, digits = 0) => n.toFixed(digits);

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-bench-'));
  const database = await openBenchDatabase(tmp);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  let app: ChildProcess | undefined;
  let baseline: ChildProcess | undefined;
  try {
    const appPort = Number(process.env.BENCH_PORT ?? 0) || (await freePort());
    const basePort = process.env.BENCH_PORT ? appPort + 1 : await freePort();
    const appUrl = `http://127.0.0.1:${appPort}`;
    const baseUrl = `http://127.0.0.1:${basePort}`;

    // The server under test, started as `npm start` starts it.
    const started = await startServer({ port: appPort, databaseUrl: database.url, dataDir: path.join(tmp, 'data') });
    app = started.child;
    const startSeconds = started.seconds;
    const { accessToken, userId } = await signIn(appUrl, pool);
    const groups = await seedBench(pool, { ownerId: userId, small: SMALL, big: BIG });

    const { db, close } = connectDatabase(database.url, { max: 1 });
    await close();
    const deep = leadPageQuery(db, { groupId: groups.big, viewerId: userId, offset: DEEP, limit: PAGE }).toSQL();
    baseline = startProcess('baselines', process.execPath, ['--import', 'tsx', 'bench/src/baseline-server.ts'], {
      PORT: String(basePort),
      DATABASE_URL: database.url,
      JWT_SECRET,
      BASELINE_DEEP_SQL: deep.sql,
      BASELINE_DEEP_PARAMS: JSON.stringify(deep.params),
    });
    await waitFor(`${baseUrl}/ping`, baseline);

    const authed = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
    const call = (body: unknown) => ({
      method: 'POST' as const,
      headers: authed,
      body: JSON.stringify(body),
    });
    const list = (group: number, extra: Record<string, unknown> = {}) =>
      call({ group_id: group, start_position: 0, get_next: PAGE, ...extra });
    const deepPage = await postJson(
      `${appUrl}/api/lead/list`,
      { group_id: groups.big, start_position: DEEP, get_next: PAGE },
      accessToken,
    );
    if (deepPage.status !== 200 || deepPage.body.totalCount !== BIG) {
      throw new Error(`/lead/list answered ${deepPage.status}: ${JSON.stringify(deepPage.body).slice(0, 300)}`);
    }
    const nextCursor = deepPage.body.nextCursor as string;

    console.log(`measuring, ${DURATION_SECONDS} s each, ${CONNECTIONS} connections…`);
    const bare = await measure(`${baseUrl}/ping`);
    const minimalUserGet = await measure(`${baseUrl}/user/get`, call({}));
    const health = await measure(`${appUrl}/api/health`);
    const userGet = await measure(`${appUrl}/api/user/get`, call({}));
    const targets = await measure(`${appUrl}/api/target/list`, call({}));
    const categories = await measure(`${appUrl}/api/product/category/list`, call({}));
    // The list calls warm up together first (their serializers and plans), so the first measured is not
    // the one that pays for it.
    for (const body of [list(groups.small), list(groups.big)]) {
      await autocannon({ url: `${appUrl}/api/lead/list`, connections: CONNECTIONS, duration: 3, ...body });
    }
    const smallFirst = await measure(`${appUrl}/api/lead/list`, list(groups.small));
    const bigFirst = await measure(`${appUrl}/api/lead/list`, list(groups.big));
    const bigNext = await measure(
      `${appUrl}/api/lead/list`,
      list(groups.big, { start_position: DEEP + PAGE, cursor: nextCursor }),
    );
    const bigDeep = await measure(`${appUrl}/api/lead/list`, list(groups.big, { start_position: DEEP }));
    const bareDeep = await measure(`${baseUrl}/lead/offset`, call({}));

    const big = BIG.toLocaleString('en-US');
    const rows: [string, Figures, string][] = [
      ['bare Fastify route (baseline)', bare, '1.00'],
      [
        'minimal /user/get: jose HS256 + one PK SELECT (baseline)',
        minimalUserGet,
        fixed(minimalUserGet.rps / bare.rps, 2),
      ],
      ['GET /api/health', health, fixed(health.rps / bare.rps, 2)],
      [
        'POST /api/user/get',
        userGet,
        `${fixed(userGet.rps / bare.rps, 2)}; to minimal ${fixed(userGet.rps / minimalUserGet.rps, 2)} (≥ 0.70)`,
      ],
      ['POST /api/target/list (lookup)', targets, `${fixed(targets.rps / bare.rps, 2)} (≥ 0.25)`],
      ['POST /api/product/category/list (lookup)', categories, `${fixed(categories.rps / bare.rps, 2)} (≥ 0.25)`],
      [
        `POST /api/lead/list page 1 of ${SMALL.toLocaleString('en-US')}`,
        smallFirst,
        fixed(smallFirst.rps / bare.rps, 2),
      ],
      [
        `POST /api/lead/list page 1 of ${big}`,
        bigFirst,
        `${fixed(bigFirst.rps / bare.rps, 2)}; latency ${big}/10k ${fixed(bigFirst.mean / smallFirst.mean, 2)} (≤ 1.20)`,
      ],
      [
        `POST /api/lead/list next page by cursor at ${DEEP.toLocaleString('en-US')}`,
        bigNext,
        `${fixed(bigNext.rps / bare.rps, 2)}; latency to page 1 ${fixed(bigNext.mean / bigFirst.mean, 2)}`,
      ],
      [
        `bare route, the same offset ${DEEP.toLocaleString('en-US')} SQL (baseline)`,
        bareDeep,
        fixed(bareDeep.rps / bare.rps, 3),
      ],
      [
        `POST /api/lead/list start_position ${DEEP.toLocaleString('en-US')}`,
        bigDeep,
        `${fixed(bigDeep.rps / bare.rps, 3)}; to bare same SQL ${fixed(bigDeep.rps / bareDeep.rps, 2)} (≥ 0.70)`,
      ],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log('');
    console.log(`${'call'.padEnd(width)} | req/s  | p50 ms | p99 ms | ratio to the bare route`);
    console.log(`${'-'.repeat(width)}-|--------|--------|--------|------------------------`);
    for (const [name, f, ratio] of rows) {
      console.log(
        `${name.padEnd(width)} | ${fixed(f.rps).padStart(6)} | ${fixed(f.p50).padStart(6)} | ${fixed(f.p99).padStart(6)} | ${ratio}`,
      );
    }
    console.log(
      `\nserver start (node scripts/start.mjs on a migrated database) to /api/ready: ${startSeconds.toFixed(1)} s` +
        (started.cpuSeconds === undefined ? '' : `, ${started.cpuSeconds.toFixed(1)} s of it on the CPU`),
    );
    console.log(
      `${os.cpus().length} cores, Node ${process.version}, ${DURATION_SECONDS} s per figure, ${CONNECTIONS} connections`,
    );
  } finally {
    await stopProcess(baseline);
    await stopProcess(app);
    await pool.end();
    await database.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
