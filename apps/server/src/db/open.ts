import path from 'node:path';
import type { Config } from '../config.js';
import { connectDatabase, type Database } from './client.js';
import { startEmbeddedPostgres } from './embedded.js';
import { migrateAndSeed } from './migrate.js';

export interface OpenDatabase extends Database {
  embedded: boolean;
}

/** DATABASE_URL, or the embedded PostgreSQL in DATA_DIR; migrated and seeded either way. */
export async function openDatabase(config: Config, log: (line: string) => void = () => {}): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, { log });
  try {
    const database = connectDatabase(config.databaseUrl ?? embedded!.url);
    await migrateAndSeed(database.pool);
    return {
      ...database,
      embedded: embedded !== undefined,
      async close() {
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

export const describeDatabase = (config: Config) =>
  config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')}`;
