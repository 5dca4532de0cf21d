// `npm run bench:history -w bench`: chat history by anchor and the activity feed's first page, as ratios
// measured in one run (never in a timed test).
// - /chat/message/list: the 50 messages before seq MESSAGES/2 of a MESSAGES-message room, against the newest page.
// - /activity/global: the first page for a person who may see ACTIVITIES activities, against one who may see
//   10,000 (each a member of one group holding that many).
//
// Environment: BENCH_DATABASE_URL a fresh database (it seeds every run; unset: an embedded PostgreSQL),
//   BENCH_SECONDS,
//   BENCH_MESSAGES   messages in the big room (default 1,000,000)
//   BENCH_ACTIVITIES activities the second person may see (default 1,000,000)
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/src/db/embedded.js';
import {
  DURATION_SECONDS,
  type Figures,
  measureCalls,
  openBenchDatabase,
  postJson,
  signIn,
  startServer,
  stopProcess,
  tmpDir,
} from './harness.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 1_000_000);
const FEW_ACTIVITIES = 10_000;
const PAGE = 50;
const CONNECTIONS = 10;
const BATCH = 100_000;

/** A group of the person with `n` activities (new leads, a second apart), and its GROUP chat room. */
async function seedGroup(pool: pg.Pool, ownerId: number, name: string, activities: number) {
  const { rows } = await pool.query<{ id: number }>(
    'insert into groups (name, created_by) values ($1, $2) returning id',
    [name, ownerId],
  );
  const groupId = rows[0]!.id;
  await pool.query("insert into group_members (group_id, user_id, role) values ($1, $2, 'OWNER')", [groupId, ownerId]);
  for (let from = 1; from <= activities; from += BATCH) {
    const to = Math.min(activities, from + BATCH - 1);
    await pool.query(
      `insert into activities (type, actor_user_id, group_id, data, created_at, mail_pending)
       select 'NEW_LEAD', $1, $2, '{"newLead":{}}', now() - make_interval(secs => i), false
       from generate_series($3::int, $4::int) as i`,
      [ownerId, groupId, from, to],
    );
    console.log(`  ${name}: ${to.toLocaleString('en-US')} activities`);
  }
  return groupId;
}

/** The group's chat room with `n` messages, seq 1..n. */
async function seedRoom(pool: pg.Pool, ownerId: number, groupId: number, messages: number) {
  const { rows } = await pool.query<{ id: number }>(
    "insert into chat_rooms (kind, group_id) values ('GROUP', $1) returning id",
    [groupId],
  );
  const roomId = rows[0]!.id;
  for (let from = 1; from <= messages; from += BATCH) {
    const to = Math.min(messages, from + BATCH - 1);
    await pool.query(
      `insert into chat_messages (room_id, user_id, message, created_at, seq, version)
       select $1, $2, 'Message ' || i, now() - make_interval(secs => $4::int - i), i, i
       from generate_series($3::int, $4::int) as i`,
      [roomId, ownerId, from, to],
    );
    console.log(`  room: ${to.toLocaleString('en-US')} messages`);
  }
  await pool.query('update chat_rooms set last_seq = $2, last_version = $2, last_message_at = now() where id = $1', [
    roomId,
    messages,
  ]);
  return roomId;
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
    const many = await signIn(appUrl, pool);
    const few = await signIn(appUrl, pool, 'bench-few@example.com');
    const seededAt = Date.now();
    await seedGroup(pool, few.userId, 'Bench few activities', FEW_ACTIVITIES);
    const bigGroup = await seedGroup(pool, many.userId, 'Bench many activities', ACTIVITIES);
    const roomId = await seedRoom(pool, many.userId, bigGroup, MESSAGES);
    await pool.query('vacuum analyze');
    console.log(`seeded in ${((Date.now() - seededAt) / 1000).toFixed(0)} s`);

    const call = (token: string, body: unknown) => ({
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const anchor = Math.floor(MESSAGES / 2);
    const check = await postJson(
      `${appUrl}/api/chat/message/list`,
      { room_id: roomId, before_seq: anchor, limit: PAGE },
      many.accessToken,
    );
    const seqs = (check.body.messages as { seq: number }[]).map((m) => m.seq);
    if (check.status !== 200 || seqs[0] !== anchor - 1 || seqs.length !== PAGE) {
      throw new Error(`/chat/message/list answered ${check.status}: ${JSON.stringify(check.body).slice(0, 300)}`);
    }
    const feed = await postJson(`${appUrl}/api/activity/global`, {}, many.accessToken);
    if (feed.status !== 200) throw new Error(`/activity/global answered ${feed.status}`);

    const measure = (url: string, init: ReturnType<typeof call>) => measureCalls(url, init, CONNECTIONS);
    console.log(`measuring, ${DURATION_SECONDS} s each, ${CONNECTIONS} connections…`);
    const messages = `${appUrl}/api/chat/message/list`;
    const newest = await measure(messages, call(many.accessToken, { room_id: roomId, limit: PAGE }));
    const before = await measure(
      messages,
      call(many.accessToken, { room_id: roomId, before_seq: anchor, limit: PAGE }),
    );
    const globalUrl = `${appUrl}/api/activity/global`;
    const feedFew = await measure(globalUrl, call(few.accessToken, {}));
    const feedMany = await measure(globalUrl, call(many.accessToken, {}));

    const rows: [string, Figures, string][] = [
      [`/chat/message/list newest page of ${MESSAGES.toLocaleString('en-US')}`, newest, '1.00'],
      [
        `/chat/message/list 50 before seq ${anchor.toLocaleString('en-US')}`,
        before,
        `latency to newest ${(before.mean / newest.mean).toFixed(2)} (≤ 1.20)`,
      ],
      [`/activity/global page 1 of ${FEW_ACTIVITIES.toLocaleString('en-US')} visible`, feedFew, '1.00'],
      [
        `/activity/global page 1 of ${ACTIVITIES.toLocaleString('en-US')} visible`,
        feedMany,
        `latency to ${FEW_ACTIVITIES.toLocaleString('en-US')} ${(feedMany.mean / feedFew.mean).toFixed(2)} (≤ 1.20)`,
      ],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log('');
    console.log(`${'call'.padEnd(width)} | req/s  | p50 ms | p99 ms | mean ms | ratio`);
    for (const [name, f, ratio] of rows) {
      console.log(
        `${name.padEnd(width)} | ${f.rps.toFixed(0).padStart(6)} | ${f.p50.toFixed(0).padStart(6)} | ${f.p99.toFixed(0).padStart(6)} | ${f.mean.toFixed(2).padStart(7)} | ${ratio}`,
      );
    }
    console.log(
      `\n${os.cpus().length} cores, load ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}, Node ${process.version}`,
    );
  } finally {
    await stopProcess(app);
    await pool.end();
    await database.stop();
  }
}

await main();
