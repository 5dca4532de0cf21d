// Lighthouse performance on its mobile profile (a mid-range phone on a slow 4G link, simulated) for
// the goal's pages (sign-in; signed in: the activities, a group's lead list of 200 leads and its chat
// room with 60 messages), against the server as `npm start` runs it, in Debian's
// Chromium. Prints one table; the goal for every page is 0.90 or more.
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

// The goal's pages: a group's lead list of 200 leads and its chat room with 60 messages.
const LEADS = 200;
const MESSAGES = 60;

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
    const groupId = await seedLighthouseGroup(pool, session.userId);

    const pages: [string, string, boolean][] = [
      ['/signin', `${origin}/signin`, false],
      ['/activities (signed in)', `${origin}/activities`, true],
      [`/groups/:id/leads, ${LEADS} leads (signed in)`, `${origin}/groups/${groupId}/leads`, true],
      [`/groups/:id/messages, ${MESSAGES} messages (signed in)`, `${origin}/groups/${groupId}/messages`, true],
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
