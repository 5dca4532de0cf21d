// What the benchmarks share: the bench database, the server under test in its own process (as
// `npm start` runs it), and the bench account.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench-Pass-1';

export function startProcess(name: string, command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  // BENCH_SERVER_LOG=<file>: every line the process writes goes there too (the server's own timings).
  const logFile = process.env.BENCH_SERVER_LOG;
  const keep = (chunk: Buffer) => {
    if (logFile) fs.appendFileSync(logFile, chunk);
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`${name} exited with ${code}:\n${output.join('')}`);
  });
  return child;
}

export async function stopProcess(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 300_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url)).ok) return (Date.now() - start) / 1000;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The bench database: BENCH_DATABASE_URL (created when missing) or an embedded PostgreSQL. */
export async function openBenchDatabase(tmp: string) {
  const given = process.env.BENCH_DATABASE_URL;
  if (!given) {
    const embedded = await startEmbeddedPostgres(path.join(tmp, 'bench-db'), { persistent: false });
    return { url: embedded.url, stop: () => embedded.stop() };
  }
  const url = new URL(given);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('BENCH_DATABASE_URL must name a database (lower case)');
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(given), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (process.env.BENCH_FRESH === '1' && exists.rowCount) await admin.query(`drop database ${name} with (force)`);
  if (!exists.rowCount || process.env.BENCH_FRESH === '1') await admin.query(`create database ${name}`);
  await admin.end();
  return { url: given, stop: async () => {} };
}

export async function postJson(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A bench account's access token (the bench owner's by default): signed in, or signed up and confirmed as a person does. */
export async function signIn(
  appUrl: string,
  pool: pg.Pool,
  email = EMAIL,
): Promise<{ accessToken: string; userId: number }> {
  const login = await postJson(`${appUrl}/api/user/login`, { email, password: PASSWORD });
  if (login.status === 200) return login.body as { accessToken: string; userId: number };
  await postJson(`${appUrl}/api/user/email_signup`, {
    first_name: 'Bench',
    last_name: 'Owner',
    email,
    password: PASSWORD,
  });
  const { rows } = await pool.query<{ text: string }>('select text from mail_outbox order by id desc limit 1');
  const token = new URL(rows[0]!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
  const confirm = await postJson(`${appUrl}/api/user/email_confirmation_action/${token}`, {
    token,
    action: 'SIGNUP_CONFIRMATION',
  });
  if (confirm.status !== 200) throw new Error(`sign-up confirmation answered ${confirm.status}`);
  return confirm.body as { accessToken: string; userId: number };
}

/** CPU seconds a Linux process has used so far (undefined elsewhere). */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** `node scripts/start.mjs` (what `npm start` runs) on a port and database; answers once /api/ready does. */
export async function startServer(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** More environment (JOBS_ENABLED: 'true' for a bench of a background job). */
  env?: Record<string, string>;
}) {
  console.log('starting the server (node scripts/start.mjs)…');
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const child = startProcess('server', process.execPath, [...profile, 'scripts/start.mjs'], {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    JWT_SECRET,
    JOBS_ENABLED: 'false',
    ...options.env,
  });
  const seconds = await waitFor(`http://127.0.0.1:${options.port}/api/ready`, child);
  const cpu = cpuSeconds(child.pid);
  console.log(`server ready in ${seconds.toFixed(1)} s`);
  return { child, seconds, cpuSeconds: cpu };
}

export const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-bench-'));

/** Seconds per measurement (BENCH_SECONDS, default 5). */
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  mean: number;
}

// What a browser sends with every call: answers over 1 KB come back compressed, as they do for people.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export type MeasureInit = { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };

/** Requests per second and latency of one call under `connections` at once, after a one-second warm-up. */
export async function measureCalls(url: string, init: MeasureInit, connections: number): Promise<Figures> {
  const options = { url, connections, ...init, headers: { ...BROWSER, ...init.headers } };
  await autocannon({ ...options, duration: 1 }); // warm-up, not counted
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
  };
}
