// Lighthouse performance on its mobile profile (a mid-range phone on a slow 4G link, simulated) for
// the goal's pages (sign-in; signed in: the activities, a group's lead list of 200 leads and its chat
// room with 60 messages), against the server as `npm start` runs it, in Debian's
// Chromium. Prints one table; the goal for every page is 0.90 or more, with the service worker.
//
// Each page is measured twice: a first visit (no service worker yet: the page registers it after its
// first paint, during the run, and downloads what it precaches) and a visit with the service worker in
// place (installed and controlling the page: it answers the page and the app's files from its cache).
// The table's SW column says, for each row, in how many runs the worker was registered at the end of a
// first visit, or controlled the page on the second kind: read from the page after each run.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium); BENCH_DATABASE_URL and BENCH_PORT as for
// api.bench.ts (the lighthouse server takes BENCH_PORT + 2); BENCH_LIGHTHOUSE_RUNS (default 3: the
// median is printed, Lighthouse varies from run to run); BENCH_LIGHTHOUSE_REPORTS (a folder: each run's
// full report is written there as JSON, to see what costs); BENCH_LIGHTHOUSE_ONLY (only the pages whose name
// holds it, e.g. `leads`). The table says how fast Lighthouse found
// the machine (its benchmark index): the score follows it.
import fs from 'node:fs';
import path from 'node:path';
import { STORAGE_KEYS } from '@leadcircle/shared';
import lighthouse from 'lighthouse';
import pg from 'pg';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { freePort } from '../../apps/server/src/db/embedded.js';
import { openBenchDatabase, signIn, startServer, stopProcess, tmpDir } from './harness.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const GOAL = 0.9;
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
// Only the pages whose name holds this (`leads`, `/signin`).
const ONLY = process.env.BENCH_LIGHTHOUSE_ONLY || undefined;

// The goal's pages: a group's lead list of 200 leads and its chat room with 60 messages.
const LEADS = 200;
const MESSAGES = 60;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A first visit (the service worker registers during the run) and one with the worker in place. */
const VISITS = ['first visit', 'with SW'] as const;
type Visit = (typeof VISITS)[number];
type Tokens = { accessToken: string; refreshToken: string; userId: number };
interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  worker: boolean;
}
interface Row {
  name: string;
  visit: Visit;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  worker: string;
}

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
    const groupId = await seedLighthouseGroup(pool, session.userId);

    const pages = (
      [
        ['/signin', `${origin}/signin`, false],
        ['/activities (signed in)', `${origin}/activities`, true],
        [`/groups/:id/leads, ${LEADS} leads (signed in)`, `${origin}/groups/${groupId}/leads`, true],
        [`/groups/:id/messages, ${MESSAGES} messages (signed in)`, `${origin}/groups/${groupId}/messages`, true],
      ] as [string, string, boolean][]
    ).filter(([name]) => ONLY === undefined || name.includes(ONLY));
    const results: Row[] = [];
    // Lighthouse's measure of the machine's speed at each run (higher is faster): its simulation
    // multiplies observed task lengths by four, so a score is comparable only at similar indexes.
    const benchmarkIndexes: number[] = [];
    const tokens = session as Tokens;
    for (const [name, url, signedIn] of pages) {
      for (const visit of VISITS) {
        // With the service worker: installed once (it stays between runs; only the HTTP cache goes).
        if (visit === 'with SW') await installServiceWorker(browser, origin);
        const runs: Run[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const page = await openPage(browser, origin, visit, signedIn ? tokens : null);
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
          const worker = await serviceWorkerState(page);
          await page.close();
          const lhr = result!.lhr;
          if (REPORTS) {
            fs.mkdirSync(REPORTS, { recursive: true });
            const file = `${name.split(' ')[0]!.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${visit.replace(/\W+/g, '-')}-${run + 1}.json`;
            fs.writeFileSync(path.join(REPORTS, file), JSON.stringify(lhr));
          }
          if (lhr.environment.benchmarkIndex) benchmarkIndexes.push(lhr.environment.benchmarkIndex);
          runs.push({
            score: lhr.categories.performance!.score ?? 0,
            fcp: lhr.audits['first-contentful-paint']!.numericValue ?? 0,
            lcp: lhr.audits['largest-contentful-paint']!.numericValue ?? 0,
            tbt: lhr.audits['total-blocking-time']!.numericValue ?? 0,
            // A first visit: registered by the end of the run; with the worker: it answered the page.
            worker: visit === 'first visit' ? worker.registered : worker.controlled,
          });
        }
        results.push({
          name,
          visit,
          score: median(runs.map((r) => r.score)),
          fcp: median(runs.map((r) => r.fcp)),
          lcp: median(runs.map((r) => r.lcp)),
          tbt: median(runs.map((r) => r.tbt)),
          worker: `${visit === 'first visit' ? 'registered' : 'controlled'} ${runs.filter((r) => r.worker).length}/${runs.length}`,
        });
      }
    }

    const width = Math.max(...results.map((r) => r.name.length));
    const visitWidth = Math.max(...VISITS.map((v) => v.length));
    const swWidth = Math.max(...results.map((r) => r.worker.length));
    console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile profile, ${CHROMIUM}`);
    if (benchmarkIndexes.length > 0)
      console.log(
        `machine: Lighthouse benchmark index ${Math.round(median(benchmarkIndexes))} (median; higher is faster)`,
      );
    console.log(
      `${'page'.padEnd(width)} | ${'visit'.padEnd(visitWidth)} | ${'SW'.padEnd(swWidth)} | score | FCP ms | LCP ms | TBT ms | goal`,
    );
    console.log(
      `${'-'.repeat(width)}-|-${'-'.repeat(visitWidth)}-|-${'-'.repeat(swWidth)}-|-------|--------|--------|--------|------`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(width)} | ${r.visit.padEnd(visitWidth)} | ${r.worker.padEnd(swWidth)} | ${r.score.toFixed(2).padStart(5)} | ${r.fcp.toFixed(0).padStart(6)} | ${r.lcp.toFixed(0).padStart(6)} | ${r.tbt.toFixed(0).padStart(6)} | ${r.score >= GOAL ? 'met' : `< ${GOAL}`}`,
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

/**
 * A new tab for one run: the HTTP cache emptied, so every run is a first visit for the network (local
 * storage, which holds the session, stays: disableStorageReset), and on a first visit no service worker
 * or its caches left from a run before. The session is put in local storage, as the web app keeps it.
 */
async function openPage(browser: Browser, origin: string, visit: Visit, tokens: Tokens | null): Promise<Page> {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  if (visit === 'first visit') {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  }
  await cdp.detach();
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
    tokens,
  );
  return page;
}

/** The app's service worker installed and active: the sign-in page registers it after its first paint. */
async function installServiceWorker(browser: Browser, origin: string): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/signin`);
    await page.evaluate(
      () =>
        (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator.serviceWorker
          .ready,
    );
  } finally {
    await page.close();
  }
}

/** Whether the page Lighthouse left has a service worker registered, and whether it answered the page. */
async function serviceWorkerState(page: Page): Promise<{ registered: boolean; controlled: boolean }> {
  return page.evaluate(async () => {
    type Container = { controller: unknown; getRegistration(): Promise<unknown> };
    const container = (globalThis as unknown as { navigator: { serviceWorker?: Container } }).navigator.serviceWorker;
    if (!container) return { registered: false, controlled: false };
    return { registered: (await container.getRegistration()) !== undefined, controlled: container.controller !== null };
  });
}

/**
 * The bench account's Lighthouse group (made once per database): LEADS leads, each with its comment
 * room as the app makes them, and the group's room with MESSAGES messages (seq and counters as a send
 * keeps them).
 */
async function seedLighthouseGroup(pool: pg.Pool, ownerId: number): Promise<number> {
  const name = `Lighthouse group ${LEADS}/${MESSAGES}`;
  const known = await pool.query<{ id: number }>('select id from groups where name = $1 and created_by = $2', [
    name,
    ownerId,
  ]);
  if (known.rows[0]) return known.rows[0].id;
  const group = await pool.query<{ id: number }>('insert into groups (name, created_by) values ($1, $2) returning id', [
    name,
    ownerId,
  ]);
  const groupId = group.rows[0]!.id;
  await pool.query("insert into group_members (group_id, user_id, role) values ($1, $2, 'OWNER')", [groupId, ownerId]);
  await pool.query(
    `with inserted as (
       insert into leads (group_id, created_by, first_name, last_name, title, company, email, phone, street_one,
         city, state_abbrv, postal, latitude, longitude, created_at, updated_at, last_activity_at)
       select $1, $2, 'Lead', 'Number ' || i, 'Head of Procurement', 'Company ' || i, 'lead' || i || '@example.com',
         '212555' || lpad(i::text, 4, '0'), i || ' Market Street', 'Austin', 'TX', '73301', 30.27, -97.74,
         now() - make_interval(secs => i), now() - make_interval(secs => i), now() - make_interval(secs => i)
       from generate_series(1, $3::int) as i
       returning id, group_id)
     insert into chat_rooms (kind, lead_id, group_id) select 'LEAD', id, group_id from inserted`,
    [groupId, ownerId, LEADS],
  );
  const room = await pool.query<{ id: number }>(
    `insert into chat_rooms (kind, group_id, last_seq, last_version, visible_count, last_message_at)
     values ('GROUP', $1, $2, $2, $2, now()) returning id`,
    [groupId, MESSAGES],
  );
  await pool.query(
    `insert into chat_messages (room_id, user_id, message, seq, version, created_at)
     select $1, $2, 'Message ' || i || ': who takes the visit to Company ' || i || ' next week?', i, i,
       now() - make_interval(mins => $3 - i)
     from generate_series(1, $3::int) as i`,
    [room.rows[0]!.id, ownerId, MESSAGES],
  );
  return groupId;
}

await main();
