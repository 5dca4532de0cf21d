// Lighthouse performance on its mobile profile (a mid-range phone on a slow 4G link, simulated) for
// the sign-in page and a group's lead list, against the server as `npm start` runs it, in Debian's
// Chromium. Prints one table; the goal for both pages is 0.90 or more.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium); BENCH_DATABASE_URL and BENCH_PORT as for
// api.bench.ts (the lighthouse server takes BENCH_PORT + 2); BENCH_LIGHTHOUSE_RUNS (default 3: the
// median is printed, Lighthouse varies from run to run); BENCH_LIGHTHOUSE_REPORTS (a folder: each run's
// full report is written there as JSON, to see what costs). The table says how fast Lighthouse found
// the machine (its benchmark index): the score follows it.
import fs from 'node:fs';
import path from 'node:path';
import { STORAGE_KEYS } from '@leadcircle/shared';
import lighthouse from 'lighthouse';
import pg from 'pg';
import puppeteer from 'puppeteer-core';
import { freePort } from '../../apps/server/src/db/embedded.js';
import { openBenchDatabase, signIn, startServer, stopProcess, tmpDir } from './harness.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const GOAL = 0.9;
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const tmp = tmpDir();
  const database = await openBenchDatabase(tmp);
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 2 : await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    server = await startServer({ port, databaseUrl: database.url, dataDir: path.join(tmp, 'data') });
    const session = await signIn(origin, pool);
    // A group of the bench account with a page of leads (api.bench.ts seeds bigger ones).
    const { rows } = await pool.query<{ group_id: number }>(
      'select group_id from group_members where user_id = $1 order by group_id limit 1',
      [session.userId],
    );
    let groupId = rows[0]?.group_id;
    if (groupId === undefined) {
      const group = await pool.query<{ id: number }>(
        "insert into groups (name, created_by) values ('Lighthouse group', $1) returning id",
        [session.userId],
      );
      groupId = group.rows[0]!.id;
      await pool.query("insert into group_members (group_id, user_id, role) values ($1, $2, 'OWNER')", [
        groupId,
        session.userId,
      ]);
      await pool.query(
        `insert into leads (group_id, created_by, first_name, last_name, title, company, street_one, city, state_abbrv, postal)
         select $1, $2, 'Lead', 'Number ' || i, 'Buyer', 'Company ' || i, '1 Main St', 'Austin', 'TX', '73301'
         from generate_series(1, 120) as i`,
        [groupId, session.userId],
      );
    }

    const pages: [string, string, boolean][] = [
      ['/signin', `${origin}/signin`, false],
      [`/groups/${groupId}/leads (signed in)`, `${origin}/groups/${groupId}/leads`, true],
    ];
    const results: [string, number, number, number, number][] = [];
    // Lighthouse's measure of the machine's speed at each run (higher is faster): its simulation
    // multiplies observed task lengths by four, so a score is comparable only at similar indexes.
    const benchmarkIndexes: number[] = [];
    for (const [name, url, signedIn] of pages) {
      const scores: number[] = [];
      const fcp: number[] = [];
      const lcp: number[] = [];
      const tbt: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const page = await browser.newPage();
        // Every run is a first visit for the network: the HTTP cache goes (local storage, which holds the
        // session, stays: disableStorageReset below).
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        // The session lives in local storage, as the web app keeps it.
        await page.goto(`${origin}/favicon.svg`);
        await page.evaluate(
          (keys, tokens) => {
            type Storage = { clear(): void; setItem(key: string, value: string): void };
            const localStorage = (globalThis as unknown as { localStorage: Storage }).localStorage;
            localStorage.clear();
            if (tokens) {
              localStorage.setItem(keys.accessToken, tokens.accessToken);
              localStorage.setItem(keys.refreshToken, tokens.refreshToken);
              localStorage.setItem(keys.userId, String(tokens.userId));
            }
          },
          STORAGE_KEYS,
          signedIn ? (session as { accessToken: string; refreshToken: string; userId: number }) : null,
        );
        // Lighthouse now and then fails to record the trace (NO_NAVSTART): such a run is made again.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt += 1) {
          result = await lighthouse(
            url,
            { onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' },
            undefined,
            page,
          );
          if (!result?.lhr.runtimeError || attempt === 3) break;
          console.log(`  ${name}: ${result.lhr.runtimeError.code}, running it again`);
        }
        await page.close();
        const lhr = result!.lhr;
        if (REPORTS) {
          fs.mkdirSync(REPORTS, { recursive: true });
          const file = `${name.split(' ')[0]!.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${run + 1}.json`;
          fs.writeFileSync(path.join(REPORTS, file), JSON.stringify(lhr));
        }
        if (lhr.environment.benchmarkIndex) benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        scores.push(lhr.categories.performance!.score ?? 0);
        fcp.push(lhr.audits['first-contentful-paint']!.numericValue ?? 0);
        lcp.push(lhr.audits['largest-contentful-paint']!.numericValue ?? 0);
        tbt.push(lhr.audits['total-blocking-time']!.numericValue ?? 0);
      }
      results.push([name, median(scores), median(fcp), median(lcp), median(tbt)]);
    }

    const width = Math.max(...results.map((r) => r[0].length));
    console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile profile, ${CHROMIUM}`);
    if (benchmarkIndexes.length > 0)
      console.log(
        `machine: Lighthouse benchmark index ${Math.round(median(benchmarkIndexes))} (median; higher is faster)`,
      );
    console.log(`${'page'.padEnd(width)} | score | FCP ms | LCP ms | TBT ms | goal`);
    console.log(`${'-'.repeat(width)}-|-------|--------|--------|--------|------`);
    for (const [name, score, f, l, b] of results) {
      console.log(
        `${name.padEnd(width)} | ${score.toFixed(2).padStart(5)} | ${f.toFixed(0).padStart(6)} | ${l.toFixed(0).padStart(6)} | ${b.toFixed(0).padStart(6)} | ${score >= GOAL ? 'met' : `< ${GOAL}`}`,
      );
    }
  } finally {
    await browser.close();
    await stopProcess(server?.child);
    await pool.end();
    await database.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
