// /lead/list on a group of 100,000 leads against a baseline measured in the same run: a bare Fastify
// route on the same machine running the same SQL (the app's page query and count) for the same page.
// Prints requests/second and the ratio to the baseline, for the first page and a deep one.
// Usage: npm run bench   (BENCH_SECONDS per measurement, default 5; BENCH_DATABASE_URL to use a
// PostgreSQL server, where a fresh database is made and dropped; an embedded one otherwise)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { connectDatabase, type Database } from '../../apps/server/src/db/client.js';
import { openDatabase } from '../../apps/server/src/db/open.js';
import { groupMembers, groups } from '../../apps/server/src/db/schema/index.js';
import { countLeadsInGroup, listLeadsByGroup } from '../../apps/server/src/modules/leads/leads.queries.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const LEADS = 100_000;
const PAGE = 50;
const DEEP_PAGE_START = 50_000;

async function measure(url: string, body: unknown, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** With BENCH_DATABASE_URL: a fresh database on that server, dropped afterwards. */
async function freshServerDatabase(serverUrl: string | undefined) {
  if (!serverUrl) return { url: '', drop: async () => {} };
  const name = `lc_bench_${crypto.randomBytes(4).toString('hex')}`;
  const at = (database: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const admin = connectDatabase(at('postgres'), { max: 1 });
  await admin.pool.query(`create database ${name}`);
  return {
    url: at(name),
    async drop() {
      await admin.pool.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/** A confirmed account through the API, as a person signs up; answers its access token and id. */
async function signUp(appUrl: string, pool: Database['pool']) {
  const signup = {
    first_name: 'Bench',
    last_name: 'Owner',
    email: 'bench-leads@example.com',
    password: 'Bench-Pass-1',
  };
  await fetch(`${appUrl}/api/user/email_signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signup),
  });
  const { rows } = await pool.query<{ text: string }>('select text from mail_outbox order by id desc limit 1');
  const token = new URL(rows[0]!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
  const confirm = await fetch(`${appUrl}/api/user/email_confirmation_action/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, action: 'SIGNUP_CONFIRMATION' }),
  });
  return (await confirm.json()) as { accessToken: string; userId: number };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-bench-'));
  const server = await freshServerDatabase(process.env.BENCH_DATABASE_URL);
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', DATABASE_URL: server.url }),
    webDistDir: path.join(dataDir, 'none'),
  };
  const database = await openDatabase(config);
  const { app } = await buildApp({ config, database });
  const baseline = Fastify();
  try {
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const { accessToken, userId } = await signUp(appUrl, database.pool);

    // The owner's group and its 100,000 leads (with their rooms), one statement each.
    const seedStart = Date.now();
    const [group] = await database.db
      .insert(groups)
      .values({ name: 'Bench group', createdBy: userId })
      .returning({ id: groups.id });
    const groupId = group!.id;
    await database.db.insert(groupMembers).values({ groupId, userId, role: 'OWNER' });
    await database.db.execute(sql`
      insert into leads (group_id, created_by, first_name, last_name, title, company, email, phone, notes,
        street_one, city, state_abbrv, postal, latitude, longitude, rating_sum, rating_count,
        created_at, updated_at, last_activity_at)
      select ${groupId}, ${userId}, 'Lead', 'Number ' || i, 'Head of Procurement', 'Company ' || (i % 1000),
        'lead' || i || '@example.com', '212555' || lpad((i % 10000)::text, 4, '0'), 'Seeded by the benchmark',
        i || ' Market Street', 'San Francisco', 'CA', '94105', 37.79, -122.39,
        (i % 3) * (1 + i % 5), i % 3,
        now() - make_interval(secs => i), now() - make_interval(secs => i), now() - make_interval(secs => i)
      from generate_series(1, ${LEADS}) as i`);
    await database.db.execute(sql`
      insert into chat_rooms (kind, lead_id, group_id)
      select 'LEAD', id, group_id from leads where group_id = ${groupId}`);
    // What autovacuum does to a table that has settled: statistics, and the visibility map that lets
    // the count and the page's id lookup read the index alone.
    await database.db.execute(sql`vacuum analyze leads`);
    await database.db.execute(sql`vacuum analyze chat_rooms`);
    await database.db.execute(sql`analyze lead_ratings; analyze users`);
    console.log(`seeded ${LEADS} leads in one group in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    // The baseline: no auth, no membership check, no schemas; the app's own SQL for the same page.
    baseline.post<{ Body: { group_id: number; start_position: number; get_next: number } }>(
      '/lead/list',
      async (request) => {
        const { group_id, start_position, get_next } = request.body;
        const [leads, totalCount] = await Promise.all([
          listLeadsByGroup(database.db, {
            groupId: group_id,
            viewerId: userId,
            offset: start_position,
            limit: get_next,
          }),
          countLeadsInGroup(database.db, group_id),
        ]);
        return { leads, totalCount };
      },
    );
    // The page query alone, to show what the count costs on a large group.
    baseline.post<{ Body: { group_id: number; start_position: number; get_next: number } }>(
      '/lead/page',
      async (request) => {
        const { group_id, start_position, get_next } = request.body;
        return listLeadsByGroup(database.db, {
          groupId: group_id,
          viewerId: userId,
          offset: start_position,
          limit: get_next,
        });
      },
    );
    const baseUrl = await baseline.listen({ host: '127.0.0.1', port: 0 });

    const authed = { authorization: `Bearer ${accessToken}` };
    const first = { group_id: groupId, start_position: 0, get_next: PAGE };
    const deep = { ...first, start_position: DEEP_PAGE_START };
    const check = await fetch(`${appUrl}/api/lead/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authed },
      body: JSON.stringify(first),
    });
    const page = (await check.json()) as { leads: unknown[]; totalCount: number };
    if (check.status !== 200 || page.leads.length !== PAGE || page.totalCount !== LEADS) {
      throw new Error(`/lead/list answered ${check.status}: ${JSON.stringify(page).slice(0, 300)}`);
    }

    for (const [name, body] of [
      ['first page (start_position 0)', first],
      [`deep page (start_position ${DEEP_PAGE_START})`, deep],
    ] as const) {
      const base = await measure(`${baseUrl}/lead/list`, body);
      const pageOnly = await measure(`${baseUrl}/lead/page`, body);
      const r = await measure(`${appUrl}/api/lead/list`, body, authed);
      console.log(`/lead/list ${name}, ${PAGE} of ${LEADS} leads:`);
      console.log(`  baseline bare Fastify route, same SQL: ${base.rps.toFixed(0)} req/s, p99 ${base.p99} ms`);
      console.log(
        `  (bare route, page query without the count: ${pageOnly.rps.toFixed(0)} req/s, p99 ${pageOnly.p99} ms)`,
      );
      console.log(
        `  POST /api/lead/list: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ratio to baseline ${(r.rps / base.rps).toFixed(3)}`,
      );
    }
  } finally {
    await baseline.close();
    await app.close();
    await database.close();
    await server.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
