import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from './global-setup.js';

export interface TestDatabase {
  /** postgres:// URL of the new database. */
  url: string;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated template of global-setup.ts. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('serverUrl');
  const name = `lc_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
