import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigrationStep, openMigrationStep } from '../migration-step.js';

// The migration that makes contact comments a chat room, run on a database that already holds contact
// comments: migrated to the step before it, filled, then migrated on.

const MIGRATION = /_contact_rooms$/;

let step: MigrationStep;
beforeAll(async () => {
  step = await openMigrationStep(MIGRATION);
});
afterAll(() => step.close());

describe('the contact rooms migration', () => {
  it('moves every contact’s comments into its room, with author, text, time and order, seq gapless', async () => {
    await step.migrateBefore();
    const { id: ann } = await step.one<{ id: number }>(
      `insert into users (email, first_name, last_name) values ('ann@example.com', 'Ann', 'A') returning id`,
    );
    const { id: bob } = await step.one<{ id: number }>(
      `insert into users (email, first_name, last_name) values ('bob@example.com', 'Bob', 'B') returning id`,
    );
    const { id: opportunityId } = await step.one<{ id: number }>(
      `insert into opportunities (created_by, name, notes, street_one, city, state_abbrv, postal)
       values ($1, 'Deal', '', '1 Main St', 'Austin', 'TX', '78701') returning id`,
      [ann],
    );
    const { id: opportunityRoomId } = await step.one<{ id: number }>(
      `insert into chat_rooms (kind, opportunity_id) values ('OPPORTUNITY', $1) returning id`,
      [opportunityId],
    );
    const contact = async (firstName: string) =>
      (
        await step.one<{ id: number }>(
          `insert into opportunity_contacts (opportunity_id, created_by, first_name, last_name, title, company)
           values ($1, $2, $3, 'X', 'CTO', 'Acme') returning id`,
          [opportunityId, ann, firstName],
        )
      ).id;
    const [first, second, silent] = [await contact('First'), await contact('Second'), await contact('Silent')];
    // Interleaved, so each contact's comment ids have gaps.
    const comments: [number, number, string, string][] = [
      [first, ann, 'one', '2026-01-01T10:00:00Z'],
      [second, bob, 'other one', '2026-01-01T10:01:00Z'],
      [first, bob, 'two', '2026-01-01T10:02:00Z'],
      [second, ann, 'other two', '2026-01-01T10:03:00Z'],
      [first, ann, 'three', '2026-01-01T10:04:00Z'],
    ];
    for (const [contactId, userId, message, at] of comments) {
      await step.client.query(
        `insert into opportunity_contact_comments (contact_id, user_id, message, created_at) values ($1, $2, $3, $4)`,
        [contactId, userId, message, at],
      );
    }

    await step.migrateOn();

    const roomOf = (contactId: number) =>
      step.one<{
        id: number;
        opportunity_id: number;
        last_seq: number;
        last_version: number;
        last_message_at: Date | null;
      }>(
        `select id, opportunity_id, last_seq, last_version, last_message_at from chat_rooms
         where kind = 'CONTACT' and contact_id = $1`,
        [contactId],
      );
    const messagesOf = async (roomId: number) =>
      (
        await step.client.query(
          `select seq, version, user_id, message, created_at from chat_messages where room_id = $1 order by seq`,
          [roomId],
        )
      ).rows.map((r) => ({ ...r, created_at: (r.created_at as Date).toISOString() }));
    const iso = (at: string) => new Date(at).toISOString();

    const firstRoom = await roomOf(first);
    expect(firstRoom).toMatchObject({ opportunity_id: opportunityId, last_seq: 3, last_version: 3 });
    expect(firstRoom.last_message_at?.toISOString()).toBe(iso('2026-01-01T10:04:00Z'));
    expect(await messagesOf(firstRoom.id)).toEqual([
      { seq: 1, version: 1, user_id: ann, message: 'one', created_at: iso('2026-01-01T10:00:00Z') },
      { seq: 2, version: 2, user_id: bob, message: 'two', created_at: iso('2026-01-01T10:02:00Z') },
      { seq: 3, version: 3, user_id: ann, message: 'three', created_at: iso('2026-01-01T10:04:00Z') },
    ]);
    const secondRoom = await roomOf(second);
    expect(secondRoom).toMatchObject({ last_seq: 2, last_version: 2 });
    expect((await messagesOf(secondRoom.id)).map((m) => [m.seq, m.message])).toEqual([
      [1, 'other one'],
      [2, 'other two'],
    ]);
    // A contact without comments has its (empty) room too.
    expect(await roomOf(silent)).toMatchObject({ last_seq: 0, last_version: 0, last_message_at: null });
    // The kept message counts follow.
    const count = async (roomId: number) =>
      (
        await step.one<{ n: number } | undefined>(
          `select n from list_counts where list = 'room.messages' and owner_id = $1`,
          [roomId],
        )
      )?.n ?? 0;
    expect([await count(firstRoom.id), await count(secondRoom.id)]).toEqual([3, 2]);
    // The rooms there were keep their kind; the old table is gone.
    expect(await step.one(`select kind from chat_rooms where id = $1`, [opportunityRoomId])).toEqual({
      kind: 'OPPORTUNITY',
    });
    expect(await step.one(`select to_regclass('opportunity_contact_comments') as t`)).toEqual({ t: null });
    // A contact's room is one per contact.
    await expect(
      step.client.query(`insert into chat_rooms (kind, contact_id, opportunity_id) values ('CONTACT', $1, $2)`, [
        first,
        opportunityId,
      ]),
    ).rejects.toThrow(/chat_rooms_contact_unique/);
  });
});
