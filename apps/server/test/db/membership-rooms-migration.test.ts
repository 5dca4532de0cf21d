import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.js';
import { listRoomSummaries, memberRoomsCondition } from '../../src/modules/chat/chat.queries.js';
import { type MigrationStep, openMigrationStep } from '../migration-step.js';

// The migration that makes every group and business its room (lists no longer make them), run on a database
// whose groups and business have none yet: migrated to the step before it, filled, then migrated on.

const MIGRATION = /_membership_rooms_read_index$/;

let step: MigrationStep;
beforeAll(async () => {
  step = await openMigrationStep(MIGRATION);
});
afterAll(() => step.close());

describe('the membership rooms migration', () => {
  it("gives every group and business without a room its room, dated with it, so a member's list shows them all", async () => {
    await step.migrateBefore();
    const { id: businessId } = await step.one<{ id: number }>(
      `insert into businesses (name, created_at) values ('Acme', '2026-01-01T09:00:00Z') returning id`,
    );
    const person = async (email: string) =>
      (
        await step.one<{ id: number }>(
          `insert into users (email, first_name, last_name, business_id) values ($1, 'A', 'B', $2) returning id`,
          [email, businessId],
        )
      ).id;
    const [ann, bob] = [await person('ann@example.com'), await person('bob@example.com')];
    const group = async (name: string, at: string) =>
      (
        await step.one<{ id: number }>(
          `with g as (insert into groups (name, created_by, created_at) values ($1, $2, $3) returning id)
           insert into group_members (group_id, user_id, role) select id, $2, 'OWNER' from g returning group_id as id`,
          [name, ann, at],
        )
      ).id;
    const older = await group('Older', '2026-01-02T09:00:00Z');
    const newer = await group('Newer', '2026-01-03T09:00:00Z');
    // One group already has its room (made by an earlier list): it keeps it, with its messages' time.
    const { id: keptRoom } = await step.one<{ id: number }>(
      `insert into chat_rooms (kind, group_id, created_at) values ('GROUP', $1, '2026-01-05T09:00:00Z') returning id`,
      [newer],
    );

    await step.migrateOn();

    const rooms = (
      await step.client.query(`select kind, group_id, business_id, created_at from chat_rooms order by id`)
    ).rows.map((r) => ({ ...r, created_at: (r.created_at as Date).toISOString() }));
    expect(rooms).toEqual([
      { kind: 'GROUP', group_id: newer, business_id: null, created_at: '2026-01-05T09:00:00.000Z' },
      { kind: 'GROUP', group_id: older, business_id: null, created_at: '2026-01-02T09:00:00.000Z' },
      { kind: 'BUSINESS', group_id: null, business_id: businessId, created_at: '2026-01-01T09:00:00.000Z' },
    ]);
    const db = drizzle(step.client, { schema });
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
