import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_MESSAGE_MAX, CHAT_MESSAGES, CHAT_SEND_PER_MINUTE } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAttachments, chatMessages, users } from '../../src/db/schema/index.js';
import { post } from '../helpers.js';
import { createSharedOpportunity } from '../opportunities/support.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';
import { createChatWorld, getAttachment, leave, PNG_1X1, roomNotFound, send, uploadAttachment } from './chat.js';

// Every chat call with the permission matrix: anonymous 401, a stranger and a member who just left are
// refused (the room reads as not existing), a member is served.

const clock = createTestClock();
let t: TestApp;
let w: Awaited<ReturnType<typeof createChatWorld>>;
let memberMessageId: number;
let leaverMessageId: number;
let attachmentId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  w = await createChatWorld(t);
  memberMessageId = (await send(t, w.member.token, w.roomId, 'Hello team')).body.messageId;
  leaverMessageId = (await send(t, w.leaver.token, w.roomId, 'Bye soon')).body.messageId;
  const up = await uploadAttachment(t, w.member.token, [
    { name: 'room_id', data: String(w.roomId) },
    { name: 'file', filename: 'dot.png', contentType: 'image/png', data: PNG_1X1 },
  ]);
  attachmentId = up.body.attachment.attachmentId;
  await leave(t, w);
});
afterAll(async () => {
  await t.close();
});

const messagesOf = (roomId: number) => t.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));

type Who = 'stranger' | 'leaver' | 'member';
const tokenOf = (who: Who) => w[who].token;

// Calls that name the room: [path, body].
const roomCalls: [string, () => Record<string, unknown>][] = [
  ['/chat/room/get', () => ({ room_id: w.roomId })],
  ['/chat/message/list', () => ({ room_id: w.roomId })],
  ['/chat/message/list', () => ({ room_id: w.roomId, list_message_type: 'SINCE', since_version: 0 })],
  ['/chat/room/read', () => ({ room_id: w.roomId })],
  ['/chat/room/mute', () => ({ room_id: w.roomId, muted: false })],
];

describe('the permission matrix of the room calls', () => {
  it.each(roomCalls)(
    '%s: 401 anonymous, 404 to a stranger and to a member who left, 200 to a member',
    async (path, body) => {
      expect((await post(t, path, body())).status).toBe(401);
      for (const who of ['stranger', 'leaver'] as const) {
        expect(await post(t, path, body(), { token: tokenOf(who) })).toMatchObject({ status: 404, body: roomNotFound });
      }
      expect((await post(t, path, body(), { token: w.member.token })).status).toBe(200);
      expect((await post(t, path, body(), { token: w.owner.token })).status).toBe(200);
    },
  );

  it('/chat/message/send: refused to anonymous, a stranger and a member who left, and nothing is stored', async () => {
    const before = (await messagesOf(w.roomId)).length;
    expect((await send(t, '', w.roomId, 'x')).status).toBe(401);
    expect(await send(t, w.stranger.token, w.roomId, 'x')).toMatchObject({ status: 404, body: roomNotFound });
    expect(await send(t, w.leaver.token, w.roomId, 'x')).toMatchObject({ status: 404, body: roomNotFound });
    expect((await messagesOf(w.roomId)).length).toBe(before);
  });

  it('/chat/message/edit and /delete: refused to anonymous, a stranger, another member, and the author who left', async () => {
    for (const path of ['/chat/message/edit', '/chat/message/delete']) {
      const body = (id: number) =>
        path.endsWith('edit') ? { message_id: id, message: 'changed' } : { message_id: id };
      expect((await post(t, path, body(memberMessageId))).status).toBe(401);
      expect(await post(t, path, body(memberMessageId), { token: w.stranger.token })).toMatchObject({
        status: 404,
        body: roomNotFound,
      });
      expect(await post(t, path, body(memberMessageId), { token: w.owner.token })).toMatchObject({
        status: 403,
        body: { code: 'CHAT_MESSAGE_OWN_ONLY', message: CHAT_MESSAGES.ownMessageOnly },
      });
      expect(await post(t, path, body(leaverMessageId), { token: w.leaver.token })).toMatchObject({
        status: 404,
        body: roomNotFound,
      });
      expect(await post(t, path, body(999_999), { token: w.member.token })).toMatchObject({
        status: 404,
        body: { code: 'CHAT_MESSAGE_NOT_FOUND' },
      });
    }
    const [stored] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, memberMessageId));
    expect(stored).toMatchObject({ message: 'Hello team', editedAt: null, deletedAt: null });
  });

  it('/chat/room/list: a stranger and a member who left see no room of the group; a member sees it', async () => {
    const body = { grouping_level: 'GROUP', grouping_level_id: w.group.groupId };
    expect((await post(t, '/chat/room/list', body)).status).toBe(401);
    for (const who of ['stranger', 'leaver'] as const) {
      expect((await post(t, '/chat/room/list', body, { token: tokenOf(who) })).body).toEqual({
        rooms: [],
        totalCount: 0,
      });
    }
    const res = await post(t, '/chat/room/list', body, { token: w.owner.token });
    expect(res.body.totalCount).toBe(1);
    expect(res.body.rooms[0]).toMatchObject({
      roomId: w.roomId,
      kind: 'GROUP',
      name: w.group.name,
      groupId: w.group.groupId,
      unreadCount: expect.any(Number),
      muted: false,
      lastMessage: { attachment: { fileName: 'dot.png', isImage: true } },
    });
  });

  it('/chat/unread/total and /chat/authenticate: 401 anonymous, 200 signed in', async () => {
    expect((await post(t, '/chat/unread/total')).status).toBe(401);
    expect((await post(t, '/chat/authenticate')).status).toBe(401);
    const auth = await post(t, '/chat/authenticate', {}, { token: w.member.token });
    expect(auth.body).toEqual({ path: '/socket.io', userId: w.member.userId, expiresAt: expect.any(String) });
    const stranger = await post(t, '/chat/unread/total', {}, { token: w.stranger.token });
    expect(stranger.body.total).toBe(0);
  });

  it('/chat/attachment/*: only members get the file, with the bearer token or a signed link', async () => {
    const url = `/api/chat/attachment/${attachmentId}`;
    expect((await getAttachment(t, url)).status).toBe(401);
    expect((await getAttachment(t, url, w.stranger.token)).status).toBe(404);
    expect((await getAttachment(t, url, w.leaver.token)).status).toBe(404);
    const ok = await getAttachment(t, url, w.owner.token);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(ok.raw, PNG_1X1)).toBe(0);

    const link = { attachment_id: attachmentId };
    expect((await post(t, '/chat/attachment/link', link)).status).toBe(401);
    expect((await post(t, '/chat/attachment/link', link, { token: w.stranger.token })).status).toBe(404);
    expect((await post(t, '/chat/attachment/link', link, { token: w.leaver.token })).status).toBe(404);
    const signed = await post(t, '/chat/attachment/link', link, { token: w.owner.token });
    expect(signed.status).toBe(200);
    expect((await getAttachment(t, signed.body.url)).status).toBe(200);
    // A forged or expired signature does not open it.
    expect((await getAttachment(t, signed.body.url.replace(/sig=./, 'sig=x'))).status).toBe(403);
    clock.advance(11 * 60_000);
    expect((await getAttachment(t, signed.body.url)).status).toBe(403);
  });

  it('/chat/attachment/upload: refused to anonymous, a stranger and a member who left', async () => {
    const parts = [
      { name: 'room_id', data: String(w.roomId) },
      { name: 'file', filename: 'dot.png', contentType: 'image/png', data: PNG_1X1 },
    ];
    const before = (await t.db.select().from(chatAttachments)).length;
    expect((await uploadAttachment(t, undefined, parts)).status).toBe(401);
    expect(await uploadAttachment(t, w.stranger.token, parts)).toMatchObject({ status: 404, body: roomNotFound });
    expect(await uploadAttachment(t, w.leaver.token, parts)).toMatchObject({ status: 404, body: roomNotFound });
    expect((await t.db.select().from(chatAttachments)).length).toBe(before);
  });
});

describe('messages', () => {
  it('numbers messages 1, 2, 3 in a room, answers the same message for a repeated client id, and pages newest first', async () => {
    const x = await createChatWorld(t);
    const first = await send(t, x.member.token, x.roomId, '  one  ', 'c-1');
    expect(first.body).toMatchObject({ seq: 1, message: 'one', clientMessageId: 'c-1', deleted: false });
    const again = await send(t, x.member.token, x.roomId, 'one', 'c-1');
    expect(again.body).toEqual(first.body);
    await send(t, x.owner.token, x.roomId, 'two');
    const list = await post(t, '/chat/message/list', { room_id: x.roomId }, { token: x.member.token });
    expect(list.body.messages.map((m: { message: string; seq: number }) => [m.seq, m.message])).toEqual([
      [2, 'two'],
      [1, 'one'],
    ]);
    expect(list.body).toMatchObject({ totalCount: 2, hasMore: false, lastVersion: 2 });
    expect((await messagesOf(x.roomId)).length).toBe(2);
  });

  it('brings new, edited and deleted messages in a SINCE catch-up, in the order they changed', async () => {
    const x = await createChatWorld(t);
    const a = (await send(t, x.member.token, x.roomId, 'a')).body;
    const b = (await send(t, x.member.token, x.roomId, 'b')).body;
    const seen = b.version;
    await send(t, x.owner.token, x.roomId, 'c');
    const edited = await post(
      t,
      '/chat/message/edit',
      { message_id: a.messageId, message: 'a2' },
      { token: x.member.token },
    );
    expect(edited.body).toMatchObject({ message: 'a2', editedAt: clock.now().toISOString(), seq: 1 });
    const removed = await post(t, '/chat/message/delete', { message_id: b.messageId }, { token: x.member.token });
    expect(removed.body).toMatchObject({ message: '', deleted: true, seq: 2 });
    const since = await post(
      t,
      '/chat/message/list',
      { room_id: x.roomId, list_message_type: 'SINCE', since_version: seen, limit: 2 },
      { token: x.owner.token },
    );
    expect(since.body.messages.map((m: { message: string }) => m.message)).toEqual(['c', 'a2']);
    expect(since.body.hasMore).toBe(true);
    const rest = await post(
      t,
      '/chat/message/list',
      { room_id: x.roomId, list_message_type: 'SINCE', since_version: since.body.messages[1].version },
      { token: x.owner.token },
    );
    expect(rest.body.messages).toMatchObject([{ messageId: b.messageId, deleted: true, message: '' }]);
    expect(rest.body.hasMore).toBe(false);
    // A deleted message cannot be edited again.
    const late = await post(
      t,
      '/chat/message/edit',
      { message_id: b.messageId, message: 'x' },
      { token: x.member.token },
    );
    expect(late.status).toBe(404);
  });

  it.each([
    ['empty', '', CHAT_MESSAGES.messageRequired],
    ['only spaces', '  \n ', CHAT_MESSAGES.messageRequired],
    ['too long', 'x'.repeat(CHAT_MESSAGE_MAX + 1), CHAT_MESSAGES.messageTooLong],
  ])('answers 400 for a message %s in a group room, and stores nothing', async (_name, message, expected) => {
    const before = (await messagesOf(w.roomId)).length;
    const res = await send(t, w.member.token, w.roomId, message);
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', message: expected } });
    expect((await messagesOf(w.roomId)).length).toBe(before);
  });

  it.each([
    ['a room that does not exist', { room_id: 987_654, message: 'x' }, 404],
    ['a bad client id', { room_id: 1, message: 'x', client_message_id: 'no spaces allowed' }, 400],
    ['an unknown field', { room_id: 1, message: 'x', html: '<b>' }, 400],
    ['a NUL character', { room_id: 1, message: 'a\u0000b' }, 400],
  ])('answers %s', async (_name, body, status) => {
    expect((await post(t, '/chat/message/send', body, { token: w.member.token })).status).toBe(status);
  });

  it.each([
    ['/chat/message/list', { room_id: 1, list_message_type: 'SINCE', since_version: 3_000_000_000 }],
    ['/chat/message/list', { room_id: 1, list_message_type: 'EVERYTHING' }],
    ['/chat/message/list', { room_id: 1, limit: 51 }],
    ['/chat/room/read', { room_id: 1, seq: 3_000_000_000 }],
    ['/chat/room/list', { grouping_level: 'LEAD' }],
    ['/chat/room/mute', { room_id: 1 }],
    ['/user/search_by_name', { name_prefix: 'x'.repeat(51) }],
    ['/user/get_list', { user_ids: Array.from({ length: 51 }, (_, i) => i + 1) }],
  ])('%s answers 400 for %j', async (path, body) => {
    expect((await post(t, path, body, { token: w.member.token })).status).toBe(400);
  });

  it(`answers 429 after ${CHAT_SEND_PER_MINUTE} messages in a minute, with a clear message`, async () => {
    const x = await createChatWorld(t);
    for (let i = 0; i < CHAT_SEND_PER_MINUTE; i++) {
      expect((await send(t, x.owner.token, x.roomId, `m${i}`)).status).toBe(200);
    }
    const refused = await send(t, x.owner.token, x.roomId, 'one too many');
    expect(refused).toMatchObject({ status: 429, body: { message: CHAT_MESSAGES.rateLimited } });
    expect((await messagesOf(x.roomId)).length).toBe(CHAT_SEND_PER_MINUTE);
    clock.advance(61_000);
    expect((await send(t, x.owner.token, x.roomId, 'later')).status).toBe(200);
  });
});

describe('read marks, mute and unread counts', () => {
  it('counts others’ messages after the read mark, clears on read, and counts none while muted', async () => {
    const x = await createChatWorld(t);
    // Sending reads the room up to one's own message.
    await send(t, x.member.token, x.roomId, 'mine');
    await send(t, x.owner.token, x.roomId, '2');
    await send(t, x.owner.token, x.roomId, '3');
    const total = await post(t, '/chat/unread/total', {}, { token: x.member.token });
    expect(total.body).toMatchObject({ byKind: { GROUP: 2 } });
    const read = await post(t, '/chat/room/read', { room_id: x.roomId, seq: 2 }, { token: x.member.token });
    expect(read.body).toEqual({ roomId: x.roomId, unreadCount: 1, muted: false, lastReadSeq: 2 });
    const muted = await post(t, '/chat/room/mute', { room_id: x.roomId, muted: true }, { token: x.member.token });
    expect(muted.body).toMatchObject({ unreadCount: 0, muted: true });
    expect((await post(t, '/chat/unread/total', {}, { token: x.member.token })).body.byKind.GROUP).toBe(0);
    await post(t, '/chat/room/mute', { room_id: x.roomId, muted: false }, { token: x.member.token });
    const all = await post(t, '/chat/room/read', { room_id: x.roomId }, { token: x.member.token });
    expect(all.body).toMatchObject({ unreadCount: 0, lastReadSeq: 3 });
    // An older mark never undoes a newer one.
    const older = await post(t, '/chat/room/read', { room_id: x.roomId, seq: 1 }, { token: x.member.token });
    expect(older.body.lastReadSeq).toBe(3);
  });
});

describe('business and opportunity rooms', () => {
  it('gives the users of one business one room, and nobody else', async () => {
    const x = await createChatWorld(t);
    const [owner] = await t.db.select().from(users).where(eq(users.id, x.owner.userId));
    await t.db.update(users).set({ businessId: owner!.businessId }).where(eq(users.id, x.stranger.userId));
    const list = (token: string) => post(t, '/chat/room/list', { grouping_level: 'BUSINESS' }, { token });
    const ownerRooms = (await list(x.owner.token)).body.rooms;
    expect(ownerRooms).toMatchObject([{ kind: 'BUSINESS', businessId: owner!.businessId }]);
    expect((await list(x.stranger.token)).body.rooms.map((r: { roomId: number }) => r.roomId)).toEqual([
      ownerRooms[0].roomId,
    ]);
    expect((await send(t, x.stranger.token, ownerRooms[0].roomId, 'hello colleagues')).status).toBe(200);
    expect(await send(t, x.member.token, ownerRooms[0].roomId, 'x')).toMatchObject({ status: 404, body: roomNotFound });
    // Moved to another business: the room is gone for them at once.
    await t.db.update(users).set({ businessId: null }).where(eq(users.id, x.stranger.userId));
    expect(await send(t, x.stranger.token, ownerRooms[0].roomId, 'x')).toMatchObject({
      status: 404,
      body: roomNotFound,
    });
  });

  it('opens an opportunity room to its owner and the people it is shared with, and closes it when the share is taken back', async () => {
    const x = await createSharedOpportunity(t);
    const roomId = x.opportunity.roomId;
    expect((await send(t, x.owner.token, roomId, 'Kick-off on Monday')).status).toBe(200);
    expect((await send(t, x.shared.token, roomId, 'I will be there')).status).toBe(200);
    expect(await send(t, x.stranger.token, roomId, 'x')).toMatchObject({ status: 404, body: roomNotFound });
    const listed = await post(t, '/chat/room/list', { grouping_level: 'OPPORTUNITY' }, { token: x.shared.token });
    expect(listed.body).toMatchObject({ rooms: [{ roomId, kind: 'OPPORTUNITY' }], totalCount: 1 });
    const strangers = await post(t, '/chat/room/list', { grouping_level: 'OPPORTUNITY' }, { token: x.stranger.token });
    expect(strangers.body).toEqual({ rooms: [], totalCount: 0 });

    const share = { opportunity_id: x.opportunity.opportunityId, user_id: x.shared.userId };
    expect((await post(t, '/opportunity/user/remove', share, { token: x.owner.token })).status).toBe(200);
    expect(await send(t, x.shared.token, roomId, 'still here?')).toMatchObject({ status: 404, body: roomNotFound });
    const after = await post(t, '/chat/room/list', { grouping_level: 'OPPORTUNITY' }, { token: x.shared.token });
    expect(after.body).toEqual({ rooms: [], totalCount: 0 });
  });
});

describe('direct rooms and people', () => {
  it('starts a direct room with a co-member once, refuses a stranger and oneself, and keeps it to the two', async () => {
    const x = await createChatWorld(t);
    expect((await post(t, '/chat/room/direct', { user_id: x.owner.userId })).status).toBe(401);
    const room = await post(t, '/chat/room/direct', { user_id: x.owner.userId }, { token: x.member.token });
    expect(room.body).toMatchObject({ kind: 'DIRECT', otherUser: { userId: x.owner.userId }, unreadCount: 0 });
    const again = await post(t, '/chat/room/direct', { user_id: x.member.userId }, { token: x.owner.token });
    expect(again.body.roomId).toBe(room.body.roomId);
    expect(again.body.otherUser.userId).toBe(x.member.userId);
    expect(await post(t, '/chat/room/direct', { user_id: x.stranger.userId }, { token: x.member.token })).toMatchObject(
      {
        status: 403,
        body: { code: 'CHAT_DIRECT_NOT_SHARED', message: CHAT_MESSAGES.directNotShared },
      },
    );
    expect((await post(t, '/chat/room/direct', { user_id: x.member.userId }, { token: x.member.token })).status).toBe(
      400,
    );
    expect((await post(t, '/chat/room/direct', { user_id: 999_999 }, { token: x.member.token })).status).toBe(404);
    // Someone else's direct room.
    expect(await send(t, x.stranger.token, room.body.roomId, 'hi')).toMatchObject({ status: 404, body: roomNotFound });
    expect((await send(t, x.owner.token, room.body.roomId, 'hi')).status).toBe(200);
    const list = await post(t, '/chat/room/list', { grouping_level: 'DIRECT' }, { token: x.member.token });
    expect(list.body.rooms).toMatchObject([
      { roomId: room.body.roomId, unreadCount: 1, lastMessage: { message: 'hi' } },
    ]);
  });

  it('/user/search_by_name finds co-members by name prefix only; /user/get_list names only people one may see', async () => {
    const x = await createChatWorld(t);
    const prefix = x.owner.user.lastName.slice(0, 6);
    expect((await post(t, '/user/search_by_name', { name_prefix: prefix })).status).toBe(401);
    const found = await post(
      t,
      '/user/search_by_name',
      { name_prefix: x.owner.user.lastName },
      { token: x.member.token },
    );
    expect(found.body.users).toEqual([
      { userId: x.owner.userId, firstName: x.owner.user.firstName, lastName: x.owner.user.lastName, avatarUrl: null },
    ]);
    const stranger = await post(
      t,
      '/user/search_by_name',
      { name_prefix: x.owner.user.lastName },
      { token: x.stranger.token },
    );
    expect(stranger.body.users).toEqual([]);
    const wildcard = await post(t, '/user/search_by_name', { name_prefix: '%' }, { token: x.member.token });
    expect(wildcard.body.users).toEqual([]);
    const ids = { user_ids: [x.owner.userId, x.stranger.userId] };
    expect((await post(t, '/user/get_list', ids)).status).toBe(401);
    const list = await post(t, '/user/get_list', ids, { token: x.member.token });
    expect(list.body.users.map((u: { userId: number }) => u.userId)).toEqual([x.owner.userId]);
    expect((await post(t, '/user/get_list', { user_ids: [] }, { token: x.member.token })).status).toBe(400);
  });
});

describe('attachments', () => {
  const roomPart = () => ({ name: 'room_id', data: String(w.roomId) });

  it.each([
    ['an HTML page named .png', 'evil.png', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['an SVG named .png', 'logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['an SVG', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML named .txt', 'notes.txt', Buffer.from('<html><body>hi</body></html>')],
    ['a PNG named .pdf', 'doc.pdf', PNG_1X1],
    ['an empty file', 'empty.txt', Buffer.alloc(0)],
  ])('refuses %s with 415 and stores nothing', async (_name, filename, data) => {
    const before = (await messagesOf(w.roomId)).length;
    const res = await uploadAttachment(t, w.member.token, [roomPart(), { name: 'file', filename, data }]);
    expect(res).toMatchObject({
      status: 415,
      body: { code: 'CHAT_ATTACHMENT_TYPE', message: CHAT_MESSAGES.attachmentType },
    });
    expect((await messagesOf(w.roomId)).length).toBe(before);
  });

  it('refuses a file over the size limit with 413, and a form without a file with 400', async () => {
    const big = Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES + 1, 0x61);
    const res = await uploadAttachment(t, w.member.token, [
      roomPart(),
      { name: 'file', filename: 'big.txt', data: big },
    ]);
    expect(res).toMatchObject({ status: 413, body: { message: CHAT_MESSAGES.attachmentTooLarge } });
    expect((await uploadAttachment(t, w.member.token, [roomPart()])).status).toBe(400);
    expect((await uploadAttachment(t, w.member.token, [{ name: 'file', filename: 'a.txt', data: 'x' }])).status).toBe(
      400,
    );
  });

  it('stores a PDF with its caption, serves it as a download, and removes it with its message', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const res = await uploadAttachment(t, w.member.token, [
      roomPart(),
      { name: 'message', data: 'The contract' },
      { name: 'client_message_id', data: 'file-1' },
      { name: 'file', filename: '../../Contract <final>.pdf', contentType: 'text/html', data: pdf },
    ]);
    expect(res.body).toMatchObject({
      message: 'The contract',
      attachment: { fileName: 'Contract final.pdf', contentType: 'application/pdf', size: pdf.length, isImage: false },
    });
    const file = await getAttachment(t, res.body.attachment.url, w.owner.token);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    await post(t, '/chat/message/delete', { message_id: res.body.messageId }, { token: w.member.token });
    expect((await getAttachment(t, res.body.attachment.url, w.owner.token)).status).toBe(404);
  });
});
