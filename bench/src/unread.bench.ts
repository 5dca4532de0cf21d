// Kept unread counts: the room list and the unread total of a person in BENCH_UNREAD_ROOMS rooms holding
// BENCH_UNREAD_MESSAGES messages (default 1,000 rooms, 1,000,000 messages) against a person in 10 rooms holding
// 1,000, in one run, printed as ratios (the goal: within 1.2×). Half of each person's rooms are half read.
// Usage: npm run bench:unread   (BENCH_DATABASE_URL to use a PostgreSQL server, an embedded one otherwise;
// BENCH_UNREAD_CALLS, default 200, calls per figure)
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freePort } from '../../apps/server/src/db/embedded.js';
import { createAccessTokens } from '../../apps/server/src/http/access-token.js';
import { systemClock } from '../../apps/server/src/lib/clock.js';
import { JWT_SECRET, openBenchDatabase, startServer, stopProcess, tmpDir } from './harness.js';

const BIG_ROOMS = Number(process.env.BENCH_UNREAD_ROOMS ?? 1000);
const BIG_MESSAGES = Number(process.env.BENCH_UNREAD_MESSAGES ?? 1_000_000);
const SMALL_ROOMS = 10;
const SMALL_MESSAGES = 1000;
const CALLS = Number(process.env.BENCH_UNREAD_CALLS ?? 200);

/** A person in `rooms` group rooms of `perRoom` messages each, sent by `sender`; half the rooms half read. */
async function seedPerson(pool: pg.Pool, label: string, sender: number, rooms: number, perRoom: number) {
  const started = performance.now();
  const { rows } = await pool.query<{ id: number }>(
    `insert into users (email, first_name, last_name, email_confirmed_at)
     values ($1, 'Bench', $2, now()) returning id`,
    [`unread-bench-${label}-${Date.now()}@example.com`, label],
  );
  const person = rows[0]!.id;
  await pool.query(
    `with g as (
       insert into groups (name, created_by)
       select 'Unread bench ' || $1 || ' ' || i, $2 from generate_series(1, $3) as i returning id),
     m as (
       insert into group_members (group_id, user_id, role)
       select id, $2, 'OWNER'::group_member_role from g
       union all select id, $4, 'MEMBER'::group_member_role from g)
     insert into chat_rooms (kind, group_id, last_seq, last_version, visible_count, last_message_at)
     select 'GROUP', id, $5, $5, $5, now() - (id || ' seconds')::interval from g`,
    [label, sender, rooms, person, perRoom],
  );
  await pool.query(
    `insert into chat_messages (room_id, user_id, message, seq, version, created_at)
     select r.id, $1, 'Message ' || s, s, s, now() from chat_rooms r
     join group_members gm on gm.group_id = r.group_id and gm.user_id = $2
     cross join generate_series(1, $3) as s`,
    [sender, person, perRoom],
  );
  // Every message is the sender's: read up to half is seen up to half.
  await pool.query(
    `insert into chat_room_reads (room_id, user_id, last_read_seq, seen_count)
     select r.id, $1, $2, $2 from chat_rooms r
     join group_members gm on gm.group_id = r.group_id and gm.user_id = $1
     where r.id % 2 = 0`,
    [person, Math.floor(perRoom / 2)],
  );
  console.log(
    `seeded ${label}: ${rooms} rooms, ${rooms * perRoom} messages in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return person;
}

/** Median and p95 of CALLS calls, one at a time. */
async function time(url: string, token: string, body: unknown) {
  const durations: number[] = [];
  for (let i = 0; i < CALLS + 20; i++) {
    const start = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    // The first 20 warm up.
    if (i >= 20) durations.push(performance.now() - start);
  }
  durations.sort((a, b) => a - b);
  return { p50: durations[Math.floor(durations.length / 2)]!, p95: durations[Math.floor(durations.length * 0.95)]! };
}

async function main() {
  const tmp = tmpDir();
  const db = await openBenchDatabase(tmp);
  const port = await freePort();
  const server = await startServer({ port, databaseUrl: db.url, dataDir: path.join(tmp, 'data') });
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    const { rows } = await pool.query<{ id: number }>(
      `insert into users (email, first_name, last_name, email_confirmed_at)
       values ('unread-bench-sender-' || $1 || '@example.com', 'Bench', 'Sender', now()) returning id`,
      [Date.now()],
    );
    const sender = rows[0]!.id;
    const small = await seedPerson(pool, 'small', sender, SMALL_ROOMS, SMALL_MESSAGES / SMALL_ROOMS);
    const big = await seedPerson(pool, 'big', sender, BIG_ROOMS, Math.floor(BIG_MESSAGES / BIG_ROOMS));
    await pool.query('analyze');
    const tokens = createAccessTokens(JWT_SECRET, systemClock);
    const base = `http://127.0.0.1:${port}/api`;
    const calls = [
      ['room list (first 50)', '/chat/room/list', { grouping_level: 'GROUP' }],
      // The same page for both (the small person has only 10 rooms to show).
      ['room list (first 10)', '/chat/room/list', { grouping_level: 'GROUP', limit: 10 }],
      ['unread total', '/chat/unread/total', {}],
    ] as const;
    for (const [name, call, body] of calls) {
      const a = await time(base + call, await tokens.sign({ userId: small, sessionId: 'unread-bench' }), body);
      const b = await time(base + call, await tokens.sign({ userId: big, sessionId: 'unread-bench' }), body);
      console.log(
        `${name}: ${SMALL_ROOMS} rooms/${SMALL_MESSAGES} messages p50 ${a.p50.toFixed(2)} ms (p95 ${a.p95.toFixed(2)}); ` +
          `${BIG_ROOMS} rooms/${BIG_MESSAGES} messages p50 ${b.p50.toFixed(2)} ms (p95 ${b.p95.toFixed(2)}); ` +
          `ratio ${(b.p50 / a.p50).toFixed(2)}×`,
      );
    }
    console.log(
      `load average: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores`,
    );
  } finally {
    await pool.end();
    await stopProcess(server.child);
    await db.stop();
  }
}

await main();
process.exit(0);
