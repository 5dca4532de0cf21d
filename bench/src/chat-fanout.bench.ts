// Chat fan-out: one message to 1,000 sockets in one group room. The servers run as their own processes
// (`src/main.ts`, as `npm start` runs them); this process sends through the API and measures, per socket, the
// time from the send to the event's arrival; the 1,000 Socket.IO clients are spread over listener processes
// (`chat-listeners.ts`, BENCH_LISTENER_PROCESSES, default one per core), as real clients each have their own
// machine: one process holding them all timed its own queue of 1,000 events, not the server's delivery.
// Prints p50 and p99 delivery latency on one instance, and on two instances through Redis (half the sockets
// on each, every message sent through the first). Each client behaves as the web app does: it fetches its room
// list once, then applies each message to it (apps/web room-cache.ts), asking the server again only for a room
// its list does not hold; the HTTP calls the messages caused are counted and printed (the goal: none).
// Usage: npm run bench   (BENCH_DATABASE_URL to use a PostgreSQL server, where a fresh database is made and
// dropped, an embedded one otherwise; BENCH_REDIS_URL, default redis://127.0.0.1:6379, for the two-instance
// run, which is skipped when Redis does not answer; BENCH_SOCKETS, default 1000; BENCH_MESSAGES, default 20;
// BENCH_WARMUP_MESSAGES, default 10; BENCH_LISTENER_PROCESSES; BENCH_CPU_PROF, a folder for each instance's and
// listener's CPU profile)
import { type ChildProcess, fork, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CHAT_SEND_PER_MINUTE } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import { connectDatabase, type Database } from '../../apps/server/src/db/client.js';
import { freePort, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.js';
import { migrateAndSeed } from '../../apps/server/src/db/migrate.js';
import { createAccessTokens } from '../../apps/server/src/http/access-token.js';
import { systemClock } from '../../apps/server/src/lib/clock.js';
import { type FromListeners, monotonicMs, type ToListeners } from './chat-listeners.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
// Sent first and not counted, as the other benches warm up: right after 1,000 connections the server and the
// listeners still compile the send and receive paths and collect the connections' garbage (the first
// messages' last delivery took two to three times a settled one's). The first one's is printed on its own.
const WARMUP_MESSAGES = Number(process.env.BENCH_WARMUP_MESSAGES ?? 10);
// One sender sends them all within a minute: more would be refused (429) halfway through the run.
if (WARMUP_MESSAGES + MESSAGES > CHAT_SEND_PER_MINUTE) {
  throw new Error(
    `BENCH_WARMUP_MESSAGES + BENCH_MESSAGES is ${WARMUP_MESSAGES + MESSAGES}: at most ${CHAT_SEND_PER_MINUTE}, ` +
      'the messages one person may send a minute',
  );
}
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = crypto.randomBytes(32).toString('base64url');
// Listener processes: real clients each have their own machine (default: one per core).
const LISTENER_PROCESSES = Number(process.env.BENCH_LISTENER_PROCESSES ?? os.availableParallelism());
const mainFile = path.resolve(import.meta.dirname, '../../apps/server/src/main.ts');
const listenerFile = path.resolve(import.meta.dirname, 'chat-listeners.ts');
const children: ChildProcess[] = [];

async function openBenchDatabase(dataDir: string) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres(dataDir);
    return { url: embedded.url, drop: () => embedded.stop() };
  }
  const name = `lc_bench_chat_${crypto.randomBytes(4).toString('hex')}`;
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

/** One group with SOCKETS listeners and one sender per run, and its room; answers their ids. */
async function seed(database: Database, senders: number) {
  const total = SOCKETS + senders;
  const { rows: users } = await database.pool.query<{ id: number }>(
    `insert into users (email, first_name, last_name, email_confirmed_at)
     select 'chat-bench-' || i || '@example.com', 'Bench', 'Listener ' || i, now() from generate_series(1, $1) as i
     returning id`,
    [total],
  );
  const ids = users.map((u) => u.id);
  const [group] = (
    await database.db.execute<{ id: number }>(
      sql`insert into groups (name, created_by) values ('Chat bench', ${ids[0]!}) returning id`,
    )
  ).rows;
  await database.pool.query(
    `insert into group_members (group_id, user_id, role)
     select $1, id, case when id = $2 then 'OWNER'::group_member_role else 'MEMBER'::group_member_role end
     from unnest($3::int[]) as id`,
    [group!.id, ids[0], ids],
  );
  const [room] = (
    await database.db.execute<{ id: number }>(
      sql`insert into chat_rooms (kind, group_id) values ('GROUP', ${group!.id}) returning id`,
    )
  ).rows;
  return { roomId: room!.id, senders: ids.slice(0, senders), listeners: ids.slice(senders) };
}

/** BENCH_CPU_PROF=<dir>: each instance and listener process writes a V8 CPU profile there when it stops. */
const cpuProfileArgs = () =>
  process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

function startInstance(port: number, databaseUrl: string, redis?: { url: string; prefix: string }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-chat-bench-'));
  const child = spawn(process.execPath, [...cpuProfileArgs(), '--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      REDIS_URL: redis?.url ?? '',
      REDIS_KEY_PREFIX: redis?.prefix ?? 'leadcircle',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitForReady(port: number) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server on port ${port} did not start`);
}

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname || '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** The promise's value, or undefined when it takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A forked listener process and what it tells the bench. */
function startListeners() {
  const child = fork(listenerFile, [], {
    execArgv: [...cpuProfileArgs(), '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  const waiting = new Map<string, (message: FromListeners) => void>();
  child.on('message', (message: FromListeners) => {
    const key = message.type === 'arrived' ? `arrived:${message.text}` : message.type;
    waiting.get(key)?.(message);
    waiting.delete(key);
  });
  const next = <T extends FromListeners>(key: string) =>
    new Promise<T>((resolve) => waiting.set(key, resolve as (message: FromListeners) => void));
  const tell = (message: ToListeners) => child.send(message);
  return { next, tell, child };
}

/**
 * Spreads the listeners (over `ports`) across LISTENER_PROCESSES processes, sends MESSAGES through the first
 * port and measures, per socket, the time from the send to the event's arrival (monotonic clock).
 */
async function measure(
  ports: number[],
  roomId: number,
  sender: string,
  listenerTokens: string[],
  listenerIds: number[],
) {
  const share = Math.ceil(listenerTokens.length / LISTENER_PROCESSES);
  const groups = Array.from({ length: LISTENER_PROCESSES }, (_, k) => ({
    listeners: startListeners(),
    first: k * share,
  }));
  await Promise.all(
    groups.map(async ({ listeners, first }) => {
      const ready = listeners.next('ready');
      listeners.tell({
        type: 'share',
        share: {
          ports,
          first,
          tokens: listenerTokens.slice(first, first + share),
          userIds: listenerIds.slice(first, first + share),
        },
      });
      await ready;
    }),
  );
  const latencies: number[] = [];
  // How long the send call took to answer (its own work before and after the fan-out).
  const answers: number[] = [];
  // The first message's last delivery, before anything warmed up.
  let coldLast = Number.NaN;
  let causedCalls = 0;
  try {
    for (let m = -WARMUP_MESSAGES; m < MESSAGES; m++) {
      const text = `fan-out ${m} ${crypto.randomUUID()}`;
      // Each share's arrivals, or nothing after 10 s (a lost delivery shows as delivered < expected).
      const arrived = groups.map(({ listeners }) =>
        within(listeners.next<Extract<FromListeners, { type: 'arrived' }>>(`arrived:${text}`), 10_000),
      );
      const sentAt = monotonicMs();
      const res = await fetch(`http://127.0.0.1:${ports[0]}/api/chat/message/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sender}` },
        body: JSON.stringify({ room_id: roomId, message: text }),
      });
      if (res.status !== 200) throw new Error(`send answered ${res.status}: ${await res.text()}`);
      const answeredIn = monotonicMs() - sentAt;
      const delivered = (await Promise.all(arrived)).flatMap((report) => (report?.at ?? []).map((at) => at - sentAt));
      if (m === -WARMUP_MESSAGES) coldLast = Math.max(...delivered);
      if (m >= 0) {
        answers.push(answeredIn);
        latencies.push(...delivered);
      }
      // Let the machine settle between messages.
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    for (const { listeners } of groups) {
      const done = listeners.next<Extract<FromListeners, { type: 'done' }>>('done');
      listeners.tell({ type: 'close' });
      causedCalls += (await done).causedCalls;
    }
  }
  const sorted = latencies.sort((a, b) => a - b);
  const expected = listenerTokens.length * MESSAGES;
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    answered: percentile(
      answers.sort((a, b) => a - b),
      50,
    ),
    delivered: sorted.length,
    expected,
    causedCalls,
    coldLast,
  };
}

function report(name: string, r: Awaited<ReturnType<typeof measure>>) {
  console.log(
    `chat fan-out, 1 message to ${SOCKETS} sockets in one room, ${name}: p50 ${r.p50.toFixed(1)} ms, ` +
      `p99 ${r.p99.toFixed(1)} ms (${r.delivered}/${r.expected} deliveries over ${MESSAGES} messages, ` +
      `${LISTENER_PROCESSES} listener processes; the send answered in p50 ${r.answered.toFixed(1)} ms; after ` +
      `${WARMUP_MESSAGES} warm-up messages, the first of which reached its last socket in ${r.coldLast.toFixed(1)} ms); ` +
      `HTTP calls the ${WARMUP_MESSAGES + MESSAGES} messages caused: ${r.causedCalls}`,
  );
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-chat-bench-db-'));
  const db = await openBenchDatabase(dataDir);
  const database = connectDatabase(db.url, { max: 2 });
  try {
    await migrateAndSeed(database.pool);
    const { roomId, senders, listeners } = await seed(database, 2);
    const tokens = createAccessTokens(JWT_SECRET, systemClock);
    const sign = (userId: number) => tokens.sign({ userId, sessionId: 'chat-bench' });
    const listenerTokens = await Promise.all(listeners.map(sign));

    const portA = await freePort();
    const single = startInstance(portA, db.url);
    await waitForReady(portA);
    report('one instance', await measure([portA], roomId, await sign(senders[0]!), listenerTokens, listeners));
    single.kill('SIGTERM');
    await new Promise((r) => single.once('exit', r));

    if (!(await redisAnswers(REDIS_URL))) {
      console.log(`chat fan-out, two instances through Redis: skipped (no Redis at ${REDIS_URL})`);
      return;
    }
    const redis = { url: REDIS_URL, prefix: `lc-bench-${crypto.randomBytes(4).toString('hex')}` };
    const [portB, portC] = await Promise.all([freePort(), freePort()]);
    startInstance(portB, db.url, redis);
    startInstance(portC, db.url, redis);
    await Promise.all([waitForReady(portB), waitForReady(portC)]);
    report(
      'two instances through Redis',
      await measure([portB, portC], roomId, await sign(senders[1]!), listenerTokens, listeners),
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    await database.close();
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
