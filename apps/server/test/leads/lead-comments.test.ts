import { COMMENT_MAX, LEAD_MESSAGES, MESSAGES, PAGE_SIZE } from '@leadcircle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRooms, leads, users } from '../../src/db/schema/index.js';
import { RATE_LIMITS } from '../../src/http/rate-limit.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead, leadNotFound, notMember } from '../leads.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const roomNotFound = { code: 'CHAT_ROOM_NOT_FOUND', message: LEAD_MESSAGES.roomNotFound };
const MINUTE = 60_000;

const messagesOf = (roomId: number) => t.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));
const lastActivity = async (leadId: number) =>
  (await t.db.select().from(leads).where(eq(leads.id, leadId)))[0]!.lastActivityAt.toISOString();

/** A group (owner, member, stranger) and a lead the group's owner submitted, with its room. */
async function setup() {
  const ctx = await createGroupWithMembers(t);
  const lead = await insertLead(t, {
    groupId: ctx.group.groupId,
    createdBy: ctx.owner.user.id,
    lastActivityAt: clock.now(),
  });
  return { ...ctx, lead };
}

/** Messages straight into a room, one second apart, oldest first. */
async function insertMessages(roomId: number, userId: number, n: number) {
  const start = clock.now().getTime();
  await t.db.insert(chatMessages).values(
    Array.from({ length: n }, (_, i) => ({
      roomId,
      userId,
      message: `Comment ${i + 1}`,
      createdAt: new Date(start + i * 1000),
    })),
  );
}

describe('/chat/message/send', () => {
  it('answers 401 anonymous and 403 to a non-member, and posts for the owner and a member', async () => {
    const c = await setup();
    const body = { room_id: c.lead.roomId, message: 'Called them, they want a demo.' };
    expect((await post(t, '/chat/message/send', body)).status).toBe(401);
    expect(await post(t, '/chat/message/send', body, { token: c.stranger.token })).toMatchObject({
      status: 403,
      body: notMember,
    });
    expect(await messagesOf(c.lead.roomId)).toEqual([]);
    expect((await post(t, '/chat/message/send', body, { token: c.owner.token })).status).toBe(200);
    expect((await post(t, '/chat/message/send', body, { token: c.member.token })).status).toBe(200);
    expect((await messagesOf(c.lead.roomId)).map((m) => m.userId)).toEqual([c.owner.user.id, c.member.user.id]);
  });

  it('stores the trimmed message and answers it with its author, and moves the lead up', async () => {
    const c = await setup();
    const before = await lastActivity(c.lead.id);
    clock.advance(MINUTE);
    const res = await post(
      t,
      '/chat/message/send',
      { room_id: c.lead.roomId, message: '  Budget confirmed for Q3.  ' },
      { token: c.member.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      messageId: expect.any(Number),
      roomId: c.lead.roomId,
      seq: 1,
      version: 1,
      message: 'Budget confirmed for Q3.',
      user: {
        userId: c.member.user.id,
        firstName: c.member.user.firstName,
        lastName: c.member.user.lastName,
        avatarUrl: null,
      },
      createdAt: clock.now().toISOString(),
      editedAt: null,
      deleted: false,
      clientMessageId: null,
      attachment: null,
    });
    const [stored] = await messagesOf(c.lead.roomId);
    expect(stored).toMatchObject({ id: res.body.messageId, message: 'Budget confirmed for Q3.' });
    expect(await lastActivity(c.lead.id)).toBe(clock.now().toISOString());
    expect(await lastActivity(c.lead.id)).not.toBe(before);
  });

  it('accepts a comment of exactly COMMENT_MAX characters', async () => {
    const c = await setup();
    const res = await post(
      t,
      '/chat/message/send',
      { room_id: c.lead.roomId, message: 'x'.repeat(COMMENT_MAX) },
      { token: c.member.token },
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ['empty', '', LEAD_MESSAGES.commentRequired],
    ['only spaces', '   \n\t ', LEAD_MESSAGES.commentRequired],
    ['missing', undefined, LEAD_MESSAGES.commentRequired],
    ['null', null, LEAD_MESSAGES.commentRequired],
    ['a number', 42, LEAD_MESSAGES.commentRequired],
    ['too long', 'x'.repeat(COMMENT_MAX + 1), LEAD_MESSAGES.commentTooLong],
    ['huge', 'y'.repeat(500_000), LEAD_MESSAGES.commentTooLong],
  ])('answers 400 for a message %s, and stores nothing', async (_name, message, expected) => {
    const c = await setup();
    const before = await lastActivity(c.lead.id);
    const body = message === undefined ? { room_id: c.lead.roomId } : { room_id: c.lead.roomId, message };
    const res = await post(t, '/chat/message/send', body, { token: c.member.token });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', message: expected } });
    expect(await messagesOf(c.lead.roomId)).toEqual([]);
    expect(await lastActivity(c.lead.id)).toBe(before);
  });

  it.each([
    ['not a number', 'abc'],
    ['zero', 0],
    ['beyond the id range', 3_000_000_000],
    ['missing', undefined],
  ])('answers 400 for a room_id %s', async (_name, roomId) => {
    const c = await setup();
    const body = roomId === undefined ? { message: 'Hello' } : { room_id: roomId, message: 'Hello' };
    const res = await post(t, '/chat/message/send', body, { token: c.member.token });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain('room_id');
  });

  it('answers 400 for an unknown field', async () => {
    const c = await setup();
    const res = await post(
      t,
      '/chat/message/send',
      { room_id: c.lead.roomId, message: 'Hi', user_id: c.owner.user.id },
      { token: c.member.token },
    );
    expect(res.status).toBe(400);
    expect(await messagesOf(c.lead.roomId)).toEqual([]);
  });

  it('answers 404 CHAT_ROOM_NOT_FOUND for a room that does not exist and for a room of a group one is not in', async () => {
    const c = await setup();
    const missing = await post(
      t,
      '/chat/message/send',
      { room_id: c.lead.roomId + 100_000, message: 'Hello' },
      { token: c.member.token },
    );
    expect(missing).toMatchObject({ status: 404, body: roomNotFound });
    const elsewhere = await createGroupWithMembers(t);
    // The other group's own room, made with the group.
    const [groupRoom] = await t.db
      .select()
      .from(chatRooms)
      .where(and(eq(chatRooms.kind, 'GROUP'), eq(chatRooms.groupId, elsewhere.group.groupId)));
    const other = await post(
      t,
      '/chat/message/send',
      { room_id: groupRoom!.id, message: 'Hello' },
      { token: c.member.token },
    );
    expect(other).toMatchObject({ status: 404, body: roomNotFound });
    expect(await messagesOf(groupRoom!.id)).toEqual([]);
  });

  it(`answers 429 after ${RATE_LIMITS.chatMessagePerUser.limit} comments in a minute, and again allows them a minute later`, async () => {
    const c = await setup();
    clock.advance(10 * MINUTE);
    const limit = RATE_LIMITS.chatMessagePerUser.limit;
    const send = (token: string, i: number) =>
      post(t, '/chat/message/send', { room_id: c.lead.roomId, message: `Comment ${i}` }, { token });
    for (let i = 0; i < limit; i += 1) expect((await send(c.member.token, i)).status).toBe(200);
    const refused = await send(c.member.token, limit);
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: MESSAGES.tooManyAttempts } });
    expect((await messagesOf(c.lead.roomId)).length).toBe(limit);
    // Other members are not held back.
    expect((await send(c.owner.token, 0)).status).toBe(200);
    clock.advance(MINUTE + 1000);
    expect((await send(c.member.token, limit + 1)).status).toBe(200);
  });
});

describe('/chat/lead/list', () => {
  it('answers 401 anonymous and 403 to a non-member, and the comments to the owner and a member', async () => {
    const c = await setup();
    await insertMessages(c.lead.roomId, c.member.user.id, 2);
    const body = { id: c.lead.id, start_position: 0, get_next: PAGE_SIZE };
    expect((await post(t, '/chat/lead/list', body)).status).toBe(401);
    expect(await post(t, '/chat/lead/list', body, { token: c.stranger.token })).toMatchObject({
      status: 403,
      body: notMember,
    });
    for (const who of [c.owner, c.member]) {
      const res = await post(t, '/chat/lead/list', body, { token: who.token });
      expect(res).toMatchObject({ status: 200, body: { roomId: c.lead.roomId, totalCount: 2 } });
      expect(res.body.messages.map((m: { message: string }) => m.message)).toEqual(['Comment 2', 'Comment 1']);
    }
  });

  it('answers a lead without comments with an empty page', async () => {
    const c = await setup();
    const res = await post(t, '/chat/lead/list', { id: c.lead.id }, { token: c.member.token });
    expect(res).toMatchObject({ status: 200, body: { roomId: c.lead.roomId, messages: [], totalCount: 0 } });
  });

  it('pages newest first, 50 a page, with the total, and keeps each lead’s comments apart', async () => {
    const c = await setup();
    const other = await insertLead(t, { groupId: c.group.groupId, createdBy: c.owner.user.id });
    await insertMessages(c.lead.roomId, c.member.user.id, 55);
    await insertMessages(other.roomId, c.member.user.id, 3);
    const first = await post(t, '/chat/lead/list', { id: c.lead.id }, { token: c.member.token });
    expect(first.body.totalCount).toBe(55);
    expect(first.body.messages).toHaveLength(PAGE_SIZE);
    expect(first.body.messages[0].message).toBe('Comment 55');
    expect(first.body.messages[49].message).toBe('Comment 6');
    const second = await post(
      t,
      '/chat/lead/list',
      { id: c.lead.id, start_position: 50, get_next: 50 },
      { token: c.member.token },
    );
    expect(second.body.messages.map((m: { message: string }) => m.message)).toEqual([
      'Comment 5',
      'Comment 4',
      'Comment 3',
      'Comment 2',
      'Comment 1',
    ]);
    const small = await post(t, '/chat/lead/list', { id: c.lead.id, get_next: 2 }, { token: c.member.token });
    expect(small.body.messages.map((m: { message: string }) => m.message)).toEqual(['Comment 55', 'Comment 54']);
    const beyond = await post(t, '/chat/lead/list', { id: c.lead.id, start_position: 1000 }, { token: c.member.token });
    expect(beyond.body).toMatchObject({ messages: [], totalCount: 55 });
  });

  it('shows authors with their picture, and a hidden author as Deleted user', async () => {
    const c = await setup();
    await t.db.update(users).set({ avatarKey: 'avatars/member.png' }).where(eq(users.id, c.member.user.id));
    await post(t, '/chat/message/send', { room_id: c.lead.roomId, message: 'Mine' }, { token: c.member.token });
    await post(t, '/chat/message/send', { room_id: c.lead.roomId, message: 'Theirs' }, { token: c.owner.token });
    const shown = await post(t, '/chat/lead/list', { id: c.lead.id }, { token: c.owner.token });
    expect(shown.body.messages.map((m: { user: unknown }) => m.user)).toEqual([
      { userId: c.owner.user.id, firstName: c.owner.user.firstName, lastName: c.owner.user.lastName, avatarUrl: null },
      {
        userId: c.member.user.id,
        firstName: c.member.user.firstName,
        lastName: c.member.user.lastName,
        avatarUrl: '/api/avatars/member.png',
      },
    ]);
    await t.db.update(users).set({ deletionRequestedAt: clock.now() }).where(eq(users.id, c.member.user.id));
    const hidden = await post(t, '/chat/lead/list', { id: c.lead.id }, { token: c.owner.token });
    expect(hidden.body.messages[1]).toMatchObject({
      message: 'Mine',
      user: { userId: c.member.user.id, firstName: MESSAGES.deletedUserName, lastName: '', avatarUrl: null },
    });
  });

  it('answers 404 LEAD_NOT_FOUND for a lead that does not exist', async () => {
    const c = await setup();
    const res = await post(t, '/chat/lead/list', { id: c.lead.id + 100_000 }, { token: c.member.token });
    expect(res).toMatchObject({ status: 404, body: leadNotFound });
  });

  it.each([
    ['an id that is not a number', (_id: number) => ({ id: 'abc' })],
    ['a missing id', (_id: number) => ({})],
    ['a negative start_position', (id: number) => ({ id, start_position: -1 })],
    ['get_next above 50', (id: number) => ({ id, get_next: PAGE_SIZE + 1 })],
    ['get_next 0', (id: number) => ({ id, get_next: 0 })],
    ['a string start_position', (id: number) => ({ id, start_position: 'x'.repeat(10_000) })],
    ['an unknown field', (id: number) => ({ id, room_id: 1 })],
  ])('answers 400 for %s', async (_name, body) => {
    const c = await setup();
    const res = await post(t, '/chat/lead/list', body(c.lead.id), { token: c.member.token });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});
