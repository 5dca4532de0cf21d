import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate.js';
import * as schema from '../../src/db/schema/index.js';
import { listRoomSummaries, memberRoomsCondition } from '../../src/modules/chat/chat.queries.js';
import { withDatabase } from '../global-setup.js';

// The migration that makes every group and business its room (lists no longer make them), run on a database
// whose groups and business have none yet: migrated to the step before it, filled, then migrated on.

const MIGRATION = /_membership_rooms_read_index$/;

let admin: pg.Client;
let client: pg.Client;
let name: string;
let before: string;

/** A copy of the migrations folder that ends just before the membership rooms migration. */
function migrationsBefore(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => MIGRATION.test(e.tag));
  if (at < 0) throw new Error('the membership rooms migration is not in the journal');
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  const serverUrl = inject('serverUrl');
  name = `lc_test_${crypto.randomBytes(6).toString('hex')}`;
  admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
  await client.connect();
  before = migrationsBefore();
});
afterAll(async () => {
  await client.end();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(before, { recursive: true, force: true });
});

const one = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0] as T;

describe('the membership rooms migration', () => {
  it("gives every group and business without a room its room, dated with it, so a member's list shows them all", async () => {
    await migrate(drizzle(client), { migrationsFolder: before });
    const { id: businessId } = await one<{ id: number }>(
      `insert into businesses (name, created_at) values ('Acme', '2026-01-01T09:00:00Z') returning id`,
    );
    const person = async (email: string) =>
      (
        await one<{ id: number }>(
          `insert into users (email, first_name, last_name, business_id) values ($1, 'A', 'B', $2) returning id`,
          [email, businessId],
        )
      ).id;
    const [ann, bob] = [await person('ann@example.com'), await person('bob@example.com')];
    const group = async (name: string, at: string) =>
      (
        await one<{ id: number }>(
          `with g as (insert into groups (name, created_by, created_at) values ($1, $2, $3) returning id)
           insert into group_members (group_id, user_id, role) select id, $2, 'OWNER' from g returning group_id as id`,
          [name, ann, at],
        )
      ).id;
    const older = await group('Older', '2026-01-02T09:00:00Z');
    const newer = await group('Newer', '2026-01-03T09:00:00Z');
    // One group already has its room (made by an earlier list): it keeps it, with its messages' time.
    const { id: keptRoom } = await one<{ id: number }>(
      `insert into chat_rooms (kind, group_id, created_at) values ('GROUP', $1, '2026-01-05T09:00:00Z') returning id`,
      [newer],
    );

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });

    const rooms = (
      await client.query(`select kind, group_id, business_id, created_at from chat_rooms order by id`)
    ).rows.map((r) => ({ ...r, created_at: (r.created_at as Date).toISOString() }));
    expect(rooms).toEqual([
      { kind: 'GROUP', group_id: newer, business_id: null, created_at: '2026-01-05T09:00:00.000Z' },
      { kind: 'GROUP', group_id: older, business_id: null, created_at: '2026-01-02T09:00:00.000Z' },
      { kind: 'BUSINESS', group_id: null, business_id: businessId, created_at: '2026-01-01T09:00:00.000Z' },
    ]);
    const db = drizzle(client, { schema });
    const page = { offset: 0, limit: 50 };
    const groups = await listRoomSummaries(db, ann, memberRoomsCondition(ann, 'GROUP'), page);
    expect(groups.totalCount).toBe(2);
    expect(groups.rows.map((r) => [r.id === keptRoom, r.group_name])).toEqual([
      [true, 'Newer'],
      [false, 'Older'],
    ]);
    const business = await listRoomSummaries(db, bob, memberRoomsCondition(bob, 'BUSINESS'), page);
    expect(business.rows.map((r) => r.business_name)).toEqual(['Acme']);
  });
});
