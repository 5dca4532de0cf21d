// How long `npm start` takes until the server answers /api/ready, started as a person starts it (npm start in
// the repository, no DATABASE_URL: the embedded PostgreSQL in DATA_DIR). The first start on an empty data
// directory creates the database cluster, migrates and seeds; a later start finds it initialised. The goal for
// a later start is under 5 s. Prints one small table (medians; each start in its own process).
//
// Environment: BENCH_START_RUNS (default 3: later starts measured, the median printed), BENCH_PORT (default: a
// free port).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/db/embedded.js';
import { JWT_SECRET, tmpDir, waitFor } from './harness.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const GOAL_SECONDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `npm start` in its own process group (npm, sh and node), so stopping it stops all three. */
function npmStart(port: number, dataDir: string): { child: ChildProcess; output: string[] } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    JOBS_ENABLED: 'false',
  };
  delete env.DATABASE_URL;
  const child = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

/** Whether any process of the group still runs. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops npm, sh and the server (which stops its PostgreSQL), and waits until all are gone. */
async function stop(child: ChildProcess) {
  const pgid = child.pid;
  if (pgid === undefined || !groupAlive(pgid)) return;
  process.kill(-pgid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
}

async function timeStart(port: number, dataDir: string) {
  const { child, output } = npmStart(port, dataDir);
  try {
    const seconds = await waitFor(`http://127.0.0.1:${port}/api/ready`, child, 600_000);
    const text = output.join('');
    // A start that had to build first says so (start.mjs builds when the sources are newer than the build).
    const built = [
      text.includes('Building the web app') && 'web build',
      text.includes('Bundling the server') && 'server bundle',
    ]
      .filter(Boolean)
      .join(' + ');
    return { seconds, built };
  } catch (error) {
    console.error(output.join(''));
    throw error;
  } finally {
    await stop(child);
  }
}

async function main() {
  const tmp = tmpDir();
  // The embedded PostgreSQL runs as "postgres" when started as root: it must be able to enter the folder.
  fs.chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, 'data');
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  try {
    console.log('npm start on an empty data directory…');
    const first = await timeStart(port, dataDir);
    const later: number[] = [];
    const builds: string[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      console.log(`npm start on the initialised data directory (${run + 1} of ${RUNS})…`);
      const { seconds, built } = await timeStart(port, dataDir);
      later.push(seconds);
      if (built) builds.push(built);
    }
    const rows: [string, string, string][] = [
      ['first start (empty data directory: cluster, migrations, seed)', first.seconds.toFixed(1), first.built || '—'],
      [
        `later start (initialised data directory${RUNS > 1 ? `, median of ${RUNS}` : ''})`,
        median(later).toFixed(1),
        median(later) < GOAL_SECONDS ? `met (< ${GOAL_SECONDS} s)` : `not met (< ${GOAL_SECONDS} s)`,
      ],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(`\nnpm start until /api/ready answers (embedded PostgreSQL)`);
    console.log(`${'start'.padEnd(width)} | seconds | note`);
    console.log(`${'-'.repeat(width)}-|---------|-----`);
    for (const [name, seconds, note] of rows) console.log(`${name.padEnd(width)} | ${seconds.padStart(7)} | ${note}`);
    if (first.built)
      console.log(`(the first start also made the ${first.built}, as a first start after a checkout does)`);
    if (builds.length) console.log(`(a later start rebuilt: ${builds.join(', ')}; the sources changed meanwhile)`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
