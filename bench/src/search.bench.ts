// `npm run bench:search -w bench`: search everywhere (POST /api/search, every kind at once) for a person in
// GROUPS groups holding LEADS leads between them; the goal is p50 ≤ 150 ms on this machine.
// Measured: a name prefix, a company word, an e-mail and a company with one letter wrong, each against
// the person's first page of one group's lead list (the unfiltered page) in the same sitting.
//
// Environment: BENCH_DATABASE_URL a fresh database (it seeds every run; unset: an embedded PostgreSQL),
//   BENCH_SECONDS,
//   BENCH_SEARCH_LEADS  leads between the groups (default 1,000,000)
//   BENCH_SEARCH_GROUPS groups of the person (default 50)
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/src/db/embedded.js';
import {
  DURATION_SECONDS,
  measureCalls,
  openBenchDatabase,
  postJson,
  signIn,
  startServer,
  stopProcess,
  tmpDir,
} from './harness.js';
import { describeLoad, type Run, withLoad } from './sitting.js';

const LEADS = Number(process.env.BENCH_SEARCH_LEADS ?? 1_000_000);
const GROUPS = Number(process.env.BENCH_SEARCH_GROUPS ?? 50);
const CONNECTIONS = 4;
const BATCH = 100_000;
const GOAL_P50_MS = 150;

// Names as people have them: common first names, last names and company words from a few thousand
// (md5 letters), company kinds; one lead is the one searched for.
const FIRST_NAMES = [
  'James',
  'Mary',
  'John',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'José',
  'María',
  'Luis',
  'Ana',
  'Carlos',
  'Sofía',
  'Jorge',
  'Lucía',
  'Chen',
  'Wei',
];
const TARGET = {
  firstName: 'Quinlan',
  lastName: 'Marsh',
  company: 'Zephyrine Dynamics',
  email: 'quinlan.marsh@zephyrine.example',
};

async function seed(pool: pg.Pool, ownerId: number): Promise<number[]> {
  // A database seeded by an earlier run with the same sizes is reused (BENCH_FRESH=1 seeds it again).
  const { rows: earlier } = await pool.query<{ id: number; leads: number }>(
    `select g.id, (select count(*)::int from leads l where l.group_id = g.id) as leads from groups g
     where g.created_by = $1 and g.name like 'Bench search group %' order by g.id`,
    [ownerId],
  );
  if (earlier.length === GROUPS && earlier.reduce((sum, g) => sum + g.leads, 0) === LEADS + 1) {
    console.log(`reusing the seeded groups (${LEADS.toLocaleString('en-US')} leads)`);
    return earlier.map((g) => g.id);
  }
  if (earlier.length > 0) throw new Error('this bench database holds other sizes: set BENCH_FRESH=1 to seed it again');
  const started = Date.now();
  const groupIds: number[] = [];
  for (let g = 1; g <= GROUPS; g += 1) {
    const { rows } = await pool.query<{ id: number }>(
      'insert into groups (name, created_by) values ($1, $2) returning id',
      [`Bench search group ${g}`, ownerId],
    );
    groupIds.push(rows[0]!.id);
  }
  await pool.query("insert into group_members (group_id, user_id, role) select unnest($1::int[]), $2, 'OWNER'", [
    groupIds,
    ownerId,
  ]);
  for (let from = 1; from <= LEADS; from += BATCH) {
    const to = Math.min(LEADS, from + BATCH - 1);
    await pool.query(
      `insert into leads (group_id, created_by, first_name, last_name, title, company, email, street_one, city,
         state_abbrv, postal, created_at, updated_at, last_activity_at)
       select ($3::int[])[1 + i % ${GROUPS}], $4, ($5::text[])[1 + i % ${FIRST_NAMES.length}],
         initcap(translate(substr(md5((i % 50000)::text), 1, 8), '0123456789', 'ghijklmnop')), 'Buyer',
         initcap(translate(substr(md5((i % 20000)::text || 'c'), 1, 7), '0123456789', 'qrstuvwxyz'))
           || ' ' || (array['Corp', 'Labs', 'Group', 'Partners', 'Holdings'])[1 + i % 5],
         'lead' || i || '@example.com', i || ' Market Street', 'San Francisco', 'CA', '94105',
         now() - make_interval(secs => i), now() - make_interval(secs => i), now() - make_interval(secs => i)
       from generate_series($1::int, $2::int) as i`,
      [from, to, groupIds, ownerId, FIRST_NAMES],
    );
    console.log(
      `  ${to.toLocaleString('en-US')} of ${LEADS.toLocaleString('en-US')} leads (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  await pool.query(
    `insert into leads (group_id, created_by, first_name, last_name, title, company, email, street_one, city,
       state_abbrv, postal)
     values ($1, $2, $3, $4, 'Buyer', $5, $6, '1 Main St', 'Austin', 'TX', '73301')`,
    [groupIds[GROUPS - 1], ownerId, TARGET.firstName, TARGET.lastName, TARGET.company, TARGET.email],
  );
  console.log('  vacuum analyze…');
  await pool.query('vacuum analyze');
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return groupIds;
}

async function main() {
  const tmp = tmpDir();
  const database = await openBenchDatabase(tmp);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  let app: ChildProcess | undefined;
  try {
    const port = Number(process.env.BENCH_PORT ?? 0) || (await freePort());
    const appUrl = `http://127.0.0.1:${port}`;
    const started = await startServer({ port, databaseUrl: database.url, dataDir: path.join(tmp, 'data') });
    app = started.child;
    const owner = await signIn(appUrl, pool, 'bench-search@example.com');
    const groupIds = await seed(pool, owner.userId);

    const call = (url: string, body: unknown) => ({
      url,
      init: {
        method: 'POST' as const,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
        body: JSON.stringify(body),
      },
    });
    const searchUrl = `${appUrl}/api/search`;
    const searches: [string, string][] = [
      ['a name prefix', 'quinl'],
      ['a company word', 'zephyrine'],
      ['an e-mail', TARGET.email],
      ['a company, one letter wrong', 'zephyrime'],
    ];
    for (const [what, query] of searches) {
      const check = await postJson(searchUrl, { query }, owner.accessToken);
      const leads = (check.body.groups as { kind: string; results: { title: string }[] }[] | undefined)?.find(
        (g) => g.kind === 'LEADS',
      );
      if (check.status !== 200 || leads?.results[0]?.title !== `${TARGET.firstName} ${TARGET.lastName}`) {
        throw new Error(`/search for ${what} answered ${check.status}: ${JSON.stringify(check.body).slice(0, 300)}`);
      }
    }

    console.log(`measuring, ${DURATION_SECONDS} s each, ${CONNECTIONS} connections…`);
    const measure = ({ url, init }: ReturnType<typeof call>) => withLoad(() => measureCalls(url, init, CONNECTIONS));
    const page = call(`${appUrl}/api/lead/list`, { group_id: groupIds[0], start_position: 0, get_next: 50 });
    const rows: [string, Run, string][] = [];
    const baseline = await measure(page);
    rows.push([`/lead/list first page (${(LEADS / GROUPS).toLocaleString('en-US')} leads)`, baseline, '']);
    for (const [what, query] of searches) {
      const run = await measure(call(searchUrl, { query }));
      rows.push([
        `/search ${what} ("${query}")`,
        run,
        `p50 ${run.p50 <= GOAL_P50_MS ? '≤' : '>'} ${GOAL_P50_MS} ms; ${(run.p50 / Math.max(1, baseline.p50)).toFixed(1)}× the page`,
      ]);
    }

    const width = Math.max(...rows.map((r) => r[0].length));
    console.log('');
    console.log(`${'call'.padEnd(width)} | req/s  | p50 ms | p99 ms | mean ms | load | goal`);
    for (const [name, f, goal] of rows) {
      console.log(
        `${name.padEnd(width)} | ${f.rps.toFixed(0).padStart(6)} | ${f.p50.toFixed(0).padStart(6)} | ${f.p99.toFixed(0).padStart(6)} | ${f.mean.toFixed(2).padStart(7)} | ${describeLoad(f.load)} | ${goal}`,
      );
    }
    console.log(
      `\n${LEADS.toLocaleString('en-US')} leads in ${GROUPS} groups of one person; ${os.cpus().length} cores, Node ${process.version}`,
    );
  } finally {
    await stopProcess(app);
    await pool.end();
    await database.stop();
  }
}

await main();
