import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { systemClock } from '../../src/lib/clock.js';
import { memberRoomsCondition } from '../../src/modules/chat/chat.queries.js';
import { GROUP_CODE } from '../groups.js';
import { post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { createChatWorld } from './chat.js';
import { startServerInstance, waitForReady } from './cluster.js';

// The kept unread counts against a recount: random sequences of send, read, edit, delete, mute, join and
// leave, sent two at a time through two instances on one database, after which every person's room count
// and total equal what counting the messages says. Seeded: a failure prints UNREAD_SEED to replay it.

const SEED = Number(process.env.UNREAD_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.UNREAD_RUNS ?? 12);
console.log(`unread-kept: seed ${SEED}, ${RUNS} runs (replay with UNREAD_SEED=${SEED})`);

const children: ChildProcess[] = [];
let t: TestApp;
let ports: number[] = [];

beforeAll(async () => {
  // Tokens made here are checked by the two processes with the real clock.
  t = await createTestApp({ clock: systemClock });
  const keyPrefix = `lc26:test:${crypto.randomBytes(4).toString('hex')}`;
  ports = [await freePort(), await freePort()];
  const instances = ports.map((port, i) =>
    startServerInstance(children, {
      name: `unread-${i}`,
      port,
      databaseUrl: t.config.databaseUrl!,
      keyPrefix,
      jwtSecret: t.config.jwtSecret!,
    }),
  );
  await Promise.all(instances.map((instance) => waitForReady(instance.port, instance)));
}, 120_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await t.close();
});

async function call(instance: number, path: string, token: string, body: unknown) {
  const res = await fetch(`http://127.0.0.1:${ports[instance]}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, unknown> };
}

type Op =
  | { type: 'send' | 'read' | 'mute' | 'unmute' | 'join' | 'leave'; who: number; instance: number }
  | { type: 'edit' | 'delete'; who: number; instance: number; pick: number };

const person = fc.integer({ min: 0, max: 2 });
const instance = fc.integer({ min: 0, max: 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('send' as const), who: person, instance }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('read' as const), who: person, instance }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('delete' as const), who: person, instance, pick: fc.nat() }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('edit' as const), who: person, instance, pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constantFrom('mute' as const, 'unmute' as const), who: person, instance }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constantFrom('join' as const, 'leave' as const), who: person, instance }),
  },
);

/** The unread counting as it was before the counts were kept: every message past the read mark, counted. */
async function recount(userId: number, roomId: number) {
  const unreadInRoom = sql`(select count(*)::int from chat_messages m
    where m.room_id = r.id and m.seq > coalesce(rd.last_read_seq, 0) and m.user_id <> ${userId}
      and m.deleted_at is null)`;
  const room = await t.db.execute<{ raw: number; n: number }>(sql`
    select ${unreadInRoom} as raw, case when coalesce(rd.muted, false) then 0 else ${unreadInRoom} end as n
    from chat_rooms r left join chat_room_reads rd on rd.room_id = r.id and rd.user_id = ${userId}
    where r.id = ${roomId}`);
  const total = await t.db.execute<{ n: number }>(sql`
    select coalesce(sum(${unreadInRoom}), 0)::int as n
    from chat_rooms r left join chat_room_reads rd on rd.room_id = r.id and rd.user_id = ${userId}
    where ${memberRoomsCondition(userId, 'GROUP')} and coalesce(rd.muted, false) = false`);
  return { raw: room.rows[0]!.raw, room: room.rows[0]!.n, total: total.rows[0]!.n };
}

describe('kept unread counts', () => {
  it('equal a recount after random sends, reads, edits, deletes, mutes, joins and leaves on two instances', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 24 }), async (ops) => {
        const w = await createChatWorld(t);
        const people = [w.owner, w.member, w.leaver];
        const sent: number[][] = [[], [], []];
        const run = async (o: Op) => {
          const p = people[o.who]!;
          switch (o.type) {
            case 'send': {
              const res = await call(o.instance, '/chat/message/send', p.token, { room_id: w.roomId, message: 'hi' });
              if (res.status === 200) sent[o.who]!.push(res.body.messageId as number);
              return;
            }
            case 'read':
              await call(o.instance, '/chat/room/read', p.token, { room_id: w.roomId });
              return;
            case 'mute':
            case 'unmute':
              await call(o.instance, '/chat/room/mute', p.token, { room_id: w.roomId, muted: o.type === 'mute' });
              return;
            case 'edit':
            case 'delete': {
              const mine = sent[o.who]!;
              if (mine.length === 0) return;
              const messageId = mine[o.pick % mine.length]!;
              if (o.type === 'edit') {
                await call(o.instance, '/chat/message/edit', p.token, { message_id: messageId, message: 'edited' });
              } else {
                await call(o.instance, '/chat/message/delete', p.token, { message_id: messageId });
              }
              return;
            }
            // Only the third person comes and goes (the owner and the member stay).
            case 'join':
              if (o.who === 2) {
                await call(o.instance, '/group/add', p.token, { groupName: w.group.name, privateCode: GROUP_CODE });
              }
              return;
            case 'leave':
              if (o.who === 2) {
                await call(o.instance, '/group/remove', p.token, { group_id: w.group.groupId, user_id: p.userId });
              }
              return;
          }
        };
        // Two at a time: a send racing a read, a delete racing a send, each through either instance.
        for (let i = 0; i < ops.length; i += 2) await Promise.all(ops.slice(i, i + 2).map(run));

        for (const p of people) {
          const expected = await recount(p.userId, w.roomId);
          const total = await post(t, '/chat/unread/total', {}, { token: p.token });
          expect(total.body.byKind.GROUP).toBe(expected.total);
          const list = await post(t, '/chat/room/list', { grouping_level: 'GROUP' }, { token: p.token });
          const listed = (list.body.rooms as { roomId: number; unreadCount: number }[]).find(
            (room) => room.roomId === w.roomId,
          );
          if (listed) expect(listed.unreadCount).toBe(expected.room);
          const kept = await t.db.execute<{ n: number }>(sql`
            select r.visible_count - coalesce(rd.seen_count, 0) as n from chat_rooms r
            left join chat_room_reads rd on rd.room_id = r.id and rd.user_id = ${p.userId} where r.id = ${w.roomId}`);
          // Muted or not, member or not: exact, never negative.
          expect(kept.rows[0]!.n).toBe(expected.raw);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 600_000);
});
