import type { AddressInfo } from 'node:net';
import { CHAT_MESSAGES, type ChatRoom } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomWithMessage, roomWithUpdate } from '../../../web/src/features/chat/room-cache.js';
import { createPayingUser } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead } from '../leads.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';
import { createChatWorld, leave, send } from './chat.js';
import { CatchingUpClient, type ClientSocket, connect, connected, record, sleep, until } from './socket-client.js';

// Real Socket.IO clients against the app listening on a real port.

const clock = createTestClock();
let t: TestApp;
let baseUrl: string;
const sockets: { close(): void }[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function open(token: string | undefined) {
  const socket = connect(baseUrl, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

// Long enough for an event that is coming to arrive on this machine.
const SETTLE_MS = 300;

describe('connecting', () => {
  it.each([
    ['no token', undefined],
    ['a forged token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.Zm9yZ2Vk'],
  ])('refuses a socket with %s, with a clear message', async (_name, token) => {
    const socket = connect(baseUrl, token);
    sockets.push(socket);
    await expect(connected(socket)).rejects.toMatchObject({
      message: CHAT_MESSAGES.socketUnauthorized,
      data: { code: 'UNAUTHORIZED' },
    });
  });

  it('refuses an expired token, and closes a socket when its token expires unless it is renewed', async () => {
    const user = await createPayingUser(t);
    const fresh = await createPayingUser(t);
    clock.advance(15 * 60_000 + 1000);
    await expect(connected(connect(baseUrl, user.token))).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    clock.advance(-(15 * 60_000 + 1000));
    // A token with half a second to live.
    clock.advance(15 * 60_000 - 500);
    try {
      const socket = await open(fresh.token);
      const expired = record(socket, 'auth:expired');
      await until(() => socket.disconnected, 5000, 'the server to close the socket');
      expect(expired).toEqual([{ message: CHAT_MESSAGES.socketUnauthorized }]);
    } finally {
      clock.advance(-(15 * 60_000 - 500));
    }
  });

  it('accepts a renewed token of the same user and refuses another user’s or a forged one', async () => {
    const w = await createChatWorld(t);
    const socket = await open(w.member.token);
    const renewed = await socket.emitWithAck('auth:renew', { token: w.member.token });
    expect(renewed).toMatchObject({ ok: true, expiresAt: expect.any(String) });
    const other = await socket.emitWithAck('auth:renew', { token: w.owner.token });
    expect(other).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    await until(() => socket.disconnected, 5000, 'the server to close the socket');
  });

  it('disconnects the sockets of a user who deletes their account', async () => {
    const user = await createPayingUser(t);
    const socket = await open(user.token);
    expect((await post(t, '/user/schedule_delete', {}, { token: user.token })).status).toBe(200);
    await until(() => socket.disconnected, 5000, 'the server to close the socket');
    await expect(connected(connect(baseUrl, user.token))).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
  });
});

describe('delivery', () => {
  it('delivers a group message to the members’ sockets only, the sender’s other tabs included', async () => {
    const w = await createChatWorld(t);
    const [member, owner, stranger] = await Promise.all([
      open(w.member.token),
      open(w.owner.token),
      open(w.stranger.token),
    ]);
    const got = {
      member: record(member, 'chat:message'),
      owner: record(owner, 'chat:message'),
      stranger: record(stranger, 'chat:message'),
    };
    const sent = await send(t, w.owner.token, w.roomId, 'Live hello');
    await until(() => got.member.length === 1 && got.owner.length === 1, 5000, 'delivery');
    await sleep(SETTLE_MS);
    // The message stands for its activity (no separate activity:new for the room's members).
    expect(got.member).toEqual([
      { roomId: w.roomId, kind: 'GROUP', message: sent.body, activityId: expect.any(Number) },
    ]);
    expect(got.stranger).toEqual([]);
  });

  it('stops delivering to a member who leaves the group at once, on the socket already open', async () => {
    const w = await createChatWorld(t);
    const [leaver, member] = await Promise.all([open(w.leaver.token), open(w.member.token)]);
    const got = { leaver: record(leaver, 'chat:message'), member: record(member, 'chat:message') };
    const removed = record(leaver, 'chat:room_removed');
    await send(t, w.owner.token, w.roomId, 'before');
    await until(() => got.leaver.length === 1 && got.member.length === 1, 5000, 'first delivery');
    await leave(t, w);
    await send(t, w.owner.token, w.roomId, 'after');
    await until(() => got.member.length === 2, 5000, 'second delivery');
    await sleep(SETTLE_MS);
    expect(got.leaver.map((e) => e.message.message)).toEqual(['before']);
    expect(removed).toEqual([{ roomId: w.roomId, kind: 'GROUP' }]);
    expect(leaver.connected).toBe(true);
  });

  it('takes the room away from every member’s open socket when the group is deleted', async () => {
    const w = await createChatWorld(t);
    const lead = await insertLead(t, {
      groupId: w.group.groupId,
      createdBy: w.owner.userId,
      lastActivityAt: clock.now(),
    });
    const member = await open(w.member.token);
    const removed = record(member, 'chat:room_removed');
    const comments = record(member, 'lead:comment');
    expect((await post(t, '/group/delete', { group_id: w.group.groupId }, { token: w.owner.token })).status).toBe(200);
    await until(() => removed.length === 1, 5000, 'room removed');
    expect(removed).toEqual([{ roomId: w.roomId, kind: 'GROUP' }]);
    // Its leads went with it: nothing more reaches the members.
    expect((await send(t, w.owner.token, lead.roomId, 'too late')).status).toBe(404);
    await sleep(SETTLE_MS);
    expect(comments).toEqual([]);
  });

  it('refuses to join a room by id without membership, and delivers nothing of it', async () => {
    const w = await createChatWorld(t);
    const stranger = await open(w.stranger.token);
    const got = record(stranger, 'chat:message');
    expect(await stranger.emitWithAck('chat:join', { roomId: w.roomId })).toMatchObject({
      ok: false,
      code: 'CHAT_ROOM_NOT_FOUND',
    });
    expect(await stranger.emitWithAck('chat:join', { roomId: -1 })).toMatchObject({ ok: false });
    const member = await open(w.member.token);
    expect(await member.emitWithAck('chat:join', { roomId: w.roomId })).toEqual({ ok: true });
    await send(t, w.owner.token, w.roomId, 'private');
    await sleep(SETTLE_MS);
    expect(got).toEqual([]);
    // Asking again and again is cut short.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => stranger.emitWithAck('chat:join', { roomId: w.roomId })),
    );
    expect(answers.filter((a) => !a.ok && a.code === 'RATE_LIMITED').length).toBeGreaterThan(0);
  });

  it('delivers a direct message to the two people only, and the new room to both', async () => {
    const w = await createChatWorld(t);
    const [member, owner, leaver] = await Promise.all([
      open(w.member.token),
      open(w.owner.token),
      open(w.leaver.token),
    ]);
    const added = record(owner, 'chat:room_added');
    const got = { owner: record(owner, 'chat:message'), leaver: record(leaver, 'chat:message') };
    const room = await post(t, '/chat/room/direct', { user_id: w.owner.userId }, { token: w.member.token });
    await until(() => added.length === 1, 5000, 'room added');
    expect(added).toEqual([{ roomId: room.body.roomId, kind: 'DIRECT' }]);
    await send(t, w.member.token, room.body.roomId, 'just us');
    await until(() => got.owner.length === 1, 5000, 'direct delivery');
    await sleep(SETTLE_MS);
    expect(got.leaver).toEqual([]);
    void member;
  });

  it('publishes edits, deletions and read marks', async () => {
    const w = await createChatWorld(t);
    const [member, owner] = await Promise.all([open(w.member.token), open(w.owner.token)]);
    const updates = record(member, 'chat:message_updated');
    const unread = record(owner, 'chat:unread');
    const sent = (await send(t, w.owner.token, w.roomId, 'typo')).body;
    await post(t, '/chat/message/edit', { message_id: sent.messageId, message: 'fixed' }, { token: w.owner.token });
    await post(t, '/chat/message/delete', { message_id: sent.messageId }, { token: w.owner.token });
    await post(t, '/chat/room/mute', { room_id: w.roomId, muted: true }, { token: w.owner.token });
    await until(() => updates.length === 2 && unread.length === 1, 5000, 'updates');
    expect(updates.map((e) => [e.message.message, e.message.deleted])).toEqual([
      ['fixed', false],
      ['', true],
    ]);
    expect(unread).toEqual([{ roomId: w.roomId, unreadCount: 0, muted: true, lastReadSeq: 1 }]);
  });

  it("carries what a member's unread count follows: each message's seq, and a read's zeroed count to their other tabs", async () => {
    const w = await createChatWorld(t);
    const [tabA, tabB] = await Promise.all([open(w.member.token), open(w.member.token)]);
    const messages = record(tabB, 'chat:message');
    const updates = record(tabB, 'chat:message_updated');
    const unread = record(tabB, 'chat:unread');
    const before = await post(t, '/chat/room/list', { grouping_level: 'GROUP' }, { token: w.member.token });
    let room: ChatRoom = before.body.rooms.find((r: ChatRoom) => r.roomId === w.roomId);
    const sent = [];
    for (const text of ['one', 'two', 'three']) sent.push((await send(t, w.owner.token, w.roomId, text)).body);
    await post(t, '/chat/message/delete', { message_id: sent[1].messageId }, { token: w.owner.token });
    await until(() => messages.length === 3 && updates.length === 1, 5000, 'messages');
    // The browser's count from the events alone equals the kept one.
    for (const event of messages) room = roomWithMessage(room, event.message, w.member.userId);
    room = roomWithUpdate(room, updates[0]!.message, w.member.userId);
    const after = await post(t, '/chat/room/list', { grouping_level: 'GROUP' }, { token: w.member.token });
    const kept = after.body.rooms.find((r: ChatRoom) => r.roomId === w.roomId);
    expect([room.unreadCount, kept.unreadCount]).toEqual([2, 2]);

    // Read in one tab: the other hears the zeroed count.
    expect(tabA.connected).toBe(true);
    await post(t, '/chat/room/read', { room_id: w.roomId }, { token: w.member.token });
    await until(() => unread.length === 1, 5000, 'read mark');
    expect(unread).toEqual([{ roomId: w.roomId, unreadCount: 0, muted: false, lastReadSeq: 3 }]);
    const total = await post(t, '/chat/unread/total', {}, { token: w.member.token });
    expect(total.body.byKind.GROUP).toBe(0);
  });

  it('delivers a lead’s new comment and new rating to the members of its group', async () => {
    const w = await createChatWorld(t);
    const lead = await insertLead(t, {
      groupId: w.group.groupId,
      createdBy: w.owner.userId,
      lastActivityAt: clock.now(),
    });
    const [member, stranger] = await Promise.all([open(w.member.token), open(w.stranger.token)]);
    const comments = record(member, 'lead:comment');
    const ratings = record(member, 'lead:rating');
    const strangerGot = record(stranger, 'lead:comment');
    const sent = await send(t, w.owner.token, lead.roomId, 'Called them');
    await post(t, '/rating/quality/rate', { lead_id: lead.id, rating: 4 }, { token: w.member.token });
    await until(() => comments.length === 1 && ratings.length === 1, 5000, 'lead events');
    expect(comments).toEqual([{ leadId: lead.id, groupId: w.group.groupId, message: sent.body }]);
    expect(ratings).toEqual([{ leadId: lead.id, groupId: w.group.groupId, rating: 4, count: 1 }]);
    await sleep(SETTLE_MS);
    expect(strangerGot).toEqual([]);
  });
});

describe('no lost and no duplicated messages', () => {
  it('shows every message once, in order, through 100 forced disconnects during a stream', async () => {
    const w = await createChatWorld(t);
    const client = new CatchingUpClient(baseUrl, w.member.token, w.roomId);
    sockets.push(client);
    await connected(client.socket as ClientSocket);
    const TOTAL = 150;
    const DROPS = 100;
    const sent: number[] = [];
    let drops = 0;
    for (let i = 1; i <= TOTAL; i++) {
      // Stay under the per-user send rate: 30 a minute.
      clock.advance(2100);
      sent.push((await send(t, w.owner.token, w.roomId, `m${i}`)).body.messageId);
      if (drops < DROPS && i % 3 !== 0) {
        // A network drop: the transport closes under the connected client, which reconnects by itself.
        await until(() => client.socket.connected, 5000, 'reconnection');
        client.socket.io.engine.close();
        drops += 1;
      }
    }
    expect(drops).toBe(DROPS);
    await until(() => client.shown().length === TOTAL && client.socket.connected, 20_000, 'every message');
    await client.catchUp();
    const shown = client.shown();
    expect(shown.map((m) => m.messageId)).toEqual(sent);
    expect(shown.map((m) => m.seq)).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
    expect(new Set(shown.map((m) => m.messageId)).size).toBe(TOTAL);
    expect(client.connects).toBe(DROPS + 1);
    clock.advance(-TOTAL * 2100);
  }, 120_000);
});
