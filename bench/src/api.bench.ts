// `npm run bench`: the API benchmarks, printed as one table with a baseline from the same run.
// Three kinds of process: the server under test (the same `node scripts/start.mjs` that `npm start`
// runs), the baselines (baseline-server.ts: a bare Fastify route, a minimal route doing /user/get's
// work, the app's first-page and deep-page SQL on a bare route), and this one, which only generates load
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
//   BENCH_CPU_PROF      a directory: the server under test writes a V8 CPU profile there when it stops
//
// Each call runs between two runs of its baseline (baseline, call, baseline; consecutive calls with
// the same baseline share the run between them). The ratio uses the faster of the two baseline runs
// and is refused ("refused: baseline at 45% of its best") when that ran below 60% of the baseline's
// best run in the sitting: a starved baseline makes any ratio look good. Every figure is printed with
// the machine's load during its run (1-minute load average, share of the CPUs busy), and each
// baseline with all its runs. Baselines: the bare route (health, lookups), the minimal /user/get
// (jose + one PK SELECT), the page-1 floor (the app's own first-page SQL + JSON.stringify on a bare
// route) and the same deep-offset SQL on a bare route.
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
import {
  Baseline,
  describeLoad,
  describeRatio,
  HEALTHY_BASELINE_SHARE,
  type Run,
  ratioTo,
  withLoad,
} from './sitting.js';

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
    const first = leadPageQuery(db, { groupId: groups.big, viewerId: userId, offset: 0, limit: PAGE }).toSQL();
    baseline = startProcess('baselines', process.execPath, ['--import', 'tsx', 'bench/src/baseline-server.ts'], {
      PORT: String(basePort),
      DATABASE_URL: database.url,
      JWT_SECRET,
      BASELINE_DEEP_SQL: deep.sql,
      BASELINE_DEEP_PARAMS: JSON.stringify(deep.params),
      BASELINE_FIRST_SQL: first.sql,
      BASELINE_FIRST_PARAMS: JSON.stringify(first.params),
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

    console.log(
      `measuring, ${DURATION_SECONDS} s each, ${CONNECTIONS} connections, each call between two runs of its baseline…`,
    );
    const bare = new Baseline('bare Fastify route');
    const minimalUserGet = new Baseline('minimal /user/get: jose HS256 + one PK SELECT');
    const firstFloor = new Baseline(
      `bare route, the same first-page SQL of ${BIG.toLocaleString('en-US')} + JSON.stringify`,
    );
    const bareDeep = new Baseline(`bare route, the same offset ${DEEP.toLocaleString('en-US')} SQL`);
    const baselineRequests = new Map<Baseline, Parameters<typeof measure>>([
      [bare, [`${baseUrl}/ping`]],
      [minimalUserGet, [`${baseUrl}/user/get`, call({})]],
      [firstFloor, [`${baseUrl}/lead/first`, call({})]],
      [bareDeep, [`${baseUrl}/lead/offset`, call({})]],
    ]);
    // The last run of each baseline, reused as the "before" of the next call that follows it at once.
    let lastRun: { baseline: Baseline; run: Run } | undefined;
    const runBaseline = async (baseline: Baseline) => {
      const run = baseline.record(await withLoad(() => measure(...baselineRequests.get(baseline)!)));
      lastRun = { baseline, run };
      return run;
    };
    const compare = async (
      baseline: Baseline,
      url: string,
      init?: Parameters<typeof measure>[1],
    ): Promise<{ run: Run; baseline: Baseline; around: Run[] }> => {
      const before = lastRun?.baseline === baseline ? lastRun.run : await runBaseline(baseline);
      const run = await withLoad(() => measure(url, init));
      lastRun = undefined;
      const after = await runBaseline(baseline);
      return { run, baseline, around: [before, after] };
    };

    const health = await compare(bare, `${appUrl}/api/health`);
    const userGet = await compare(minimalUserGet, `${appUrl}/api/user/get`, call({}));
    const userGetToBare = await compare(bare, `${appUrl}/api/user/get`, call({}));
    const targets = await compare(bare, `${appUrl}/api/target/list`, call({}));
    const categories = await compare(bare, `${appUrl}/api/product/category/list`, call({}));
    // The list calls warm up together first (their serializers and plans), so the first measured is not
    // the one that pays for it.
    for (const body of [list(groups.small), list(groups.big)]) {
      await autocannon({ url: `${appUrl}/api/lead/list`, connections: CONNECTIONS, duration: 3, ...body });
    }
    const smallFirst = await compare(firstFloor, `${appUrl}/api/lead/list`, list(groups.small));
    const bigFirst = await compare(firstFloor, `${appUrl}/api/lead/list`, list(groups.big));
    const bigNext = await compare(
      firstFloor,
      `${appUrl}/api/lead/list`,
      list(groups.big, { start_position: DEEP + PAGE, cursor: nextCursor }),
    );
    const bigDeep = await compare(bareDeep, `${appUrl}/api/lead/list`, list(groups.big, { start_position: DEEP }));
    // The list searched and filtered in the big group, each against its unfiltered first page (goal ≤ 2×, a
    // misspelt company ≤ 4×).
    const searches: [string, Record<string, unknown>, number][] = [
      // Leads of the seed (seed.ts: the same in every seed of these sizes).
      ['search a name prefix "Margaret Hartw"', { search: 'Margaret Hartw' }, 2],
      ['search a company word "Granite" (2% of leads)', { search: 'Granite' }, 2],
      ['search an e-mail', { search: 'aisha.woodfield@granitebuilders.com' }, 2],
      ['search an e-mail start "margaret.kingsby@"', { search: 'margaret.kingsby@' }, 2],
      ['search a company, one letter wrong "Granote Builders"', { search: 'Granote Builders' }, 4],
      ['filters state + outcome + assignee', { filters: { state: 'CA', outcome: 'WON', assigned: 'ME' } }, 2],
    ];
    const searched: { name: string; goal: number; result: Awaited<ReturnType<typeof compare>> }[] = [];
    for (const [name, extra, goal] of searches) {
      searched.push({
        name,
        goal,
        result: await compare(firstFloor, `${appUrl}/api/lead/list`, list(groups.big, extra)),
      });
    }

    const big = BIG.toLocaleString('en-US');
    const ratio = (c: { run: Run; baseline: Baseline; around: Run[] }, goal?: string, digits = 2) =>
      `${describeRatio(ratioTo(c.baseline, c.run, c.around), digits)}${goal ? ` goal ${goal}` : ''}`;
    const rows: [string, Run, string][] = [
      ...[bare, minimalUserGet, firstFloor, bareDeep].map((b): [string, Run, string] => {
        const best = b.runs.reduce((x, y) => (y.rps > x.rps ? y : x));
        return [
          `${b.name} (baseline, best of ${b.runs.length} runs)`,
          best,
          `runs ${b.runs.map((r) => Math.round(r.rps / 100) / 10).join(', ')} k req/s`,
        ];
      }),
      ['GET /api/health', health.run, `to bare ${ratio(health, '≥ 0.50')}`],
      ['POST /api/user/get', userGet.run, `to minimal ${ratio(userGet, '≥ 0.70')}`],
      ['POST /api/user/get', userGetToBare.run, `to bare ${ratio(userGetToBare)}`],
      ['POST /api/target/list (lookup)', targets.run, `to bare ${ratio(targets, '≥ 0.40')}`],
      ['POST /api/product/category/list (lookup)', categories.run, `to bare ${ratio(categories, '≥ 0.40')}`],
      [
        `POST /api/lead/list page 1 of ${SMALL.toLocaleString('en-US')}`,
        smallFirst.run,
        `to the page-1 floor ${ratio(smallFirst)}`,
      ],
      [
        `POST /api/lead/list page 1 of ${big}`,
        bigFirst.run,
        `to the page-1 floor ${ratio(bigFirst, '≥ 0.50')}; latency ${big}/10k ${fixed(bigFirst.run.mean / smallFirst.run.mean, 2)} (≤ 1.20)`,
      ],
      [
        `POST /api/lead/list next page by cursor at ${DEEP.toLocaleString('en-US')}`,
        bigNext.run,
        `to the page-1 floor ${ratio(bigNext)}; latency to page 1 ${fixed(bigNext.run.mean / bigFirst.run.mean, 2)}`,
      ],
      [
        `POST /api/lead/list start_position ${DEEP.toLocaleString('en-US')}`,
        bigDeep.run,
        `to bare same SQL ${ratio(bigDeep, '≥ 0.70')}`,
      ],
      ...searched.map(({ name, goal, result }): [string, Run, string] => [
        `POST /api/lead/list ${name}`,
        result.run,
        `p50 to page 1 of ${big} ${fixed(result.run.p50 / bigFirst.run.p50, 2)} (goal ≤ ${goal})`,
      ]),
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    const loads = rows.map((r) => describeLoad(r[1].load));
    const loadWidth = Math.max(...loads.map((l) => l.length));
    console.log('');
    console.log(
      `${'call'.padEnd(width)} | req/s  | p50 ms | p99 ms | ${'machine during the run'.padEnd(loadWidth)} | ratio`,
    );
    console.log(`${'-'.repeat(width)}-|--------|--------|--------|-${'-'.repeat(loadWidth)}-|------`);
    rows.forEach(([name, f, text], i) => {
      console.log(
        `${name.padEnd(width)} | ${fixed(f.rps).padStart(6)} | ${fixed(f.p50).padStart(6)} | ${fixed(f.p99).padStart(6)} | ${loads[i]!.padEnd(loadWidth)} | ${text}`,
      );
    });
    console.log(
      `\nA ratio is refused when its baseline (the faster of the runs just before and after the call) ran below ${HEALTHY_BASELINE_SHARE * 100}% of that baseline's best run in this sitting.`,
    );
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
