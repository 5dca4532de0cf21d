import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/migrate.js';
import { withDatabase } from './global-setup.js';

// One migration tested on data made before it: a scratch database migrated to the step before the migration,
// filled by the test as an older version left it, then migrated on.

export interface MigrationStep {
  client: pg.Client;
  /** The first row of a query. */
  one<T>(sql: string, params?: unknown[]): Promise<T>;
  /** Every migration before the one under test. */
  migrateBefore(): Promise<void>;
  /** The rest: the one under test and those after it. */
  migrateOn(): Promise<void>;
  close(): Promise<void>;
}

/** A copy of the migrations folder that ends just before the migration whose tag matches. */
function migrationsBefore(migration: RegExp): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => migration.test(e.tag));
  if (at < 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`no migration ${migration} in the journal`);
  }
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

export async function openMigrationStep(migration: RegExp): Promise<MigrationStep> {
  const serverUrl = inject('serverUrl');
  const name = `lc_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
  await client.connect();
  const before = migrationsBefore(migration);
  return {
    client,
    one: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0] as T,
    migrateBefore: () => migrate(drizzle(client), { migrationsFolder: before }),
    migrateOn: () => migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(before, { recursive: true, force: true });
    },
  };
}
