import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/client.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { migrateAndSeed } from '../src/db/migrate.js';

// Tests run on TEST_DATABASE_URL's server, or on an embedded PostgreSQL when it is unset.
// The schema is migrated once into a template database; every test file clones it.

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    templateDatabase: string;
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  let tmpDir: string | undefined;
  if (!serverUrl) {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-test-pg-'));
    const embedded = await startEmbeddedPostgres(tmpDir, { persistent: false });
    serverUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const templateDatabase = `lc_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  const template = connectDatabase(withDatabase(serverUrl, templateDatabase), { max: 1 });
  await migrateAndSeed(template.pool);
  await template.close();

  project.provide('serverUrl', serverUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await admin.query(`drop database if exists ${templateDatabase} with (force)`);
    await admin.end();
    await stopEmbedded?.();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
