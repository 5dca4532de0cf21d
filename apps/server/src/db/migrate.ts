import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { SERVER_DIR } from '../paths.js';
import * as schema from './schema/index.js';
import { seedLookups } from './seed.js';

export const MIGRATIONS_FOLDER = path.join(SERVER_DIR, 'drizzle');

// Any fixed number: several instances starting at once migrate one at a time.
const MIGRATION_LOCK = 7_314_001;

/** Applies pending migrations and the lookup seed, under an advisory lock on one connection. */
export async function migrateAndSeed(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await seedLookups(db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
