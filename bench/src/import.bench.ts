// `npm run bench:import -w bench`: a CSV lead import of IMPORT_ROWS generated rows (seeded, realistic: names
// with accents, phones, addresses, 2% duplicates of the group's leads, 1% rows with errors) into a group that
// holds GROUP_LEADS leads. Prints the upload (parse), the preview (check) and the import job (write) times,
// rows per second, the server's memory above its idle size, the lead list's answer time while it imports
// against before, and the machine's load. Goals: total ≤ 60 s, preview ≤ 5 s, RSS growth < 300 MB,
// the lead list within 1.5× its usual time.
//
// Environment: BENCH_DATABASE_URL a fresh database (unset: an embedded PostgreSQL),
//   BENCH_IMPORT_ROWS  rows of the file (default 100,000)
//   BENCH_GROUP_LEADS  leads already in the group (default 1,000,000)
//   BENCH_SEED         the generator's seed (default 29)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freePort } from '../../apps/server/src/db/embedded.js';
import { openBenchDatabase, postJson, signIn, startServer, stopProcess, tmpDir } from './harness.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const GROUP_LEADS = Number(process.env.BENCH_GROUP_LEADS ?? 1_000_000);
const SEED = Number(process.env.BENCH_SEED ?? 29);
const BATCH = 100_000;

/** mulberry32: the same file for the same seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ana', 'José', 'Zoë', 'Liam', 'Chloé', 'Noah', 'Mia', 'Łukasz', 'Amélie', 'Omar', 'Sofía', 'Wei'];
const LAST = ['López', 'Smith', "O'Brien", 'Müller', 'Nguyen', 'García', 'Kowalski', 'Dubois', 'Khan', 'Rossi'];
const COMPANIES = ['Acme, Inc.', 'Globex', 'Initech', 'Umbrella Corp', 'Soylent', 'Hooli', 'Vandelay Industries'];
const TITLES = ['Buyer', 'Head of Procurement', 'CTO', 'Office Manager', 'VP Sales', 'Founder'];
const PLACES = [
  ['Springfield', 'IL', '62704'],
  ['Sacramento', 'California', '95814'],
  ['New York', 'NY', '10118'],
  ['Austin', 'TX', '78701'],
  ['', '', '90210'],
];

// Last names from syllables (8,000 × 10 of them), so two people rarely share name and company by chance.
const SYLLABLES = [
  'ka',
  'lo',
  'mé',
  'ri',
  'tan',
  'vo',
  'zu',
  'bel',
  'dor',
  'fi',
  'gru',
  'hen',
  'jo',
  'mar',
  'nü',
  'pe',
  'quin',
  'sa',
  'ter',
  'wy',
];

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The CSV file: header and ROWS rows; 2% share the e-mail of a seeded lead, 1% lack a last name. */
function generateFile(rows: number): Buffer {
  const random = generator(SEED);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const lines = ['First Name,Last Name,Title,Company,Email,Phone,Street,City,State,ZIP,Notes'];
  // Kept under the 10 MB upload limit at 100,000 rows: short streets and e-mails, a note on 3% of the rows.
  for (let i = 1; i <= rows; i++) {
    const r = random();
    const [city, state, zip] = pick(PLACES) as [string, string, string];
    const email = r < 0.02 ? `lead${1 + Math.floor(random() * GROUP_LEADS)}@example.com` : `i${i}@b.example`;
    lines.push(
      [
        pick(FIRST),
        r > 0.99 ? '' : (random() < 0.2 ? pick(LAST) : '') + [0, 1, 2].map(() => pick(SYLLABLES)).join(''),
        pick(TITLES),
        pick(COMPANIES),
        email,
        `${200 + Math.floor(random() * 700)}-555-${String(Math.floor(random() * 10000)).padStart(4, '0')}`,
        `${1 + Math.floor(random() * 999)} Elm St`,
        city,
        state,
        zip,
        random() < 0.03 ? 'Met at the fair,\nwants a call' : '',
      ]
        .map(quote)
        .join(','),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/**
 * The group and its leads (with their match keys), by generate_series in batches. A database that already
 * holds the group of this size is reused: the leads and imports of earlier runs are removed first.
 */
async function seedGroup(pool: pg.Pool, ownerId: number): Promise<number> {
  const name = `Import bench (${GROUP_LEADS} leads)`;
  const existing = await pool.query<{ id: number }>('select id from groups where name = $1 and created_by = $2', [
    name,
    ownerId,
  ]);
  if (existing.rows[0]) {
    const groupId = existing.rows[0].id;
    console.log('  reusing the seeded group; removing the leads and imports of earlier runs…');
    await pool.query(
      `delete from leads where id in (select r.lead_id from lead_import_rows r
         join lead_imports i on i.id = r.import_id where i.group_id = $1 and r.lead_id is not null)`,
      [groupId],
    );
    await pool.query('delete from lead_imports where group_id = $1', [groupId]);
    await pool.query('vacuum analyze leads');
    return groupId;
  }
  const { rows } = await pool.query<{ id: number }>(
    'insert into groups (name, created_by) values ($1, $2) returning id',
    [name, ownerId],
  );
  const groupId = rows[0]!.id;
  await pool.query("insert into group_members (group_id, user_id, role) values ($1, $2, 'OWNER')", [groupId, ownerId]);
  const started = performance.now();
  for (let from = 1; from <= GROUP_LEADS; from += BATCH) {
    const to = Math.min(GROUP_LEADS, from + BATCH - 1);
    await pool.query(
      `with inserted as (
         insert into leads (group_id, created_by, first_name, last_name, title, company, email, phone,
           street_one, city, state_abbrv, postal, email_key, phone_key, name_key, created_at, updated_at, last_activity_at)
         select $1, $2, 'Lead', 'Number ' || i, 'Buyer', 'Company ' || (i % 1000), 'lead' || i || '@example.com',
           '212' || lpad((i % 10000000)::text, 7, '0'), i || ' Market Street', 'San Francisco', 'CA', '94105',
           'lead' || i || '@example.com', '212' || lpad((i % 10000000)::text, 7, '0'),
           'lead|number ' || i || '|company ' || (i % 1000),
           now() - make_interval(secs => i), now() - make_interval(secs => i), now() - make_interval(secs => i)
         from generate_series($3::int, $4::int) as i
         returning id, group_id)
       insert into chat_rooms (kind, lead_id, group_id) select 'LEAD', id, group_id from inserted`,
      [groupId, ownerId, from, to],
    );
    console.log(`  ${to.toLocaleString('en-US')} leads (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await pool.query('vacuum analyze leads');
  await pool.query('analyze');
  return groupId;
}

/** The server's resident memory in MB (Linux). */
function rssMb(pid: number): number {
  try {
    const found = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return found ? Number(found[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function listTimes(appUrl: string, token: string, groupId: number, calls: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    const res = await postJson(`${appUrl}/api/lead/list`, { group_id: groupId }, token);
    if (res.status !== 200) throw new Error(`/lead/list answered ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function main() {
  const tmp = tmpDir();
  const database = await openBenchDatabase(tmp);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const server = await startServer({
    port,
    databaseUrl: database.url,
    dataDir: path.join(tmp, 'data'),
    env: { JOBS_ENABLED: 'true' },
  });
  try {
    const owner = await signIn(appUrl, pool);
    console.log(`seeding a group of ${GROUP_LEADS.toLocaleString('en-US')} leads…`);
    const groupId = await seedGroup(pool, owner.userId);
    const file = generateFile(ROWS);
    if (file.length > 10 * 1024 * 1024) throw new Error(`the file is ${file.length} bytes, over the 10 MB limit`);
    console.log(`file: ${ROWS.toLocaleString('en-US')} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB`);

    const listBefore = await listTimes(appUrl, owner.accessToken, groupId, 30);
    const idleRss = rssMb(server.child.pid!);
    let peakRss = idleRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(server.child.pid!));
    }, 100);

    const t0 = performance.now();
    const form = new FormData();
    form.append('group_id', String(groupId));
    form.append('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');
    const up = await fetch(`${appUrl}/api/lead/import/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.accessToken}` },
      body: form,
    });
    if (up.status !== 200) throw new Error(`upload answered ${up.status}: ${await up.text()}`);
    const uploaded = (await up.json()) as {
      import: { importId: number };
      columns: { index: number; field: string | null }[];
    };
    const t1 = performance.now();
    const importId = uploaded.import.importId;
    const mapping = uploaded.columns.map((c) => ({ index: c.index, field: c.field }));
    const preview = await postJson(
      `${appUrl}/api/lead/import/preview`,
      { import_id: importId, mapping },
      owner.accessToken,
    );
    if (preview.status !== 200) throw new Error(`preview answered ${preview.status}: ${JSON.stringify(preview.body)}`);
    const t2 = performance.now();
    const start = await postJson(`${appUrl}/api/lead/import/start`, { import_id: importId }, owner.accessToken);
    if (start.status !== 200) throw new Error(`start answered ${start.status}`);
    const during: number[] = [];
    let state: Record<string, unknown> = start.body;
    while (state.status !== 'DONE' && state.status !== 'FAILED') {
      during.push(await listTimes(appUrl, owner.accessToken, groupId, 3));
      state = (await postJson(`${appUrl}/api/lead/import/get`, { import_id: importId }, owner.accessToken)).body;
    }
    const t3 = performance.now();
    clearInterval(sampler);
    during.sort((a, b) => a - b);
    const listDuring = during[Math.floor(during.length / 2)] ?? listBefore;

    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const p = preview.body;
    console.log(
      `review: ${p.newCount} new · ${p.duplicateCount} duplicates · ${p.errorCount} errors; imported ${state.importedCount}, skipped ${state.skippedCount} (${state.status})`,
    );
    console.log(`upload (parse): ${s(t1 - t0)}`);
    console.log(`preview (check): ${s(t2 - t1)}   goal ≤ 5 s`);
    console.log(
      `import job (write): ${s(t3 - t2)}, ${Math.round(Number(state.importedCount) / ((t3 - t2) / 1000))} leads/s`,
    );
    console.log(`total: ${s(t3 - t0)}, ${Math.round(ROWS / ((t3 - t0) / 1000))} rows/s   goal ≤ 60 s`);
    console.log(
      `server RSS: idle ${idleRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB, growth ${(peakRss - idleRss).toFixed(0)} MB   goal < 300 MB`,
    );
    console.log(
      `lead list p50: ${listBefore.toFixed(1)} ms before, ${listDuring.toFixed(1)} ms while importing (${(listDuring / listBefore).toFixed(2)}×)   goal ≤ 1.5×`,
    );
    console.log(
      `load average: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores`,
    );
  } finally {
    await pool.end();
    await stopProcess(server.child);
    await database.stop();
  }
}

await main();
process.exit(0);
