import { CHAT_MESSAGES } from '@leadcircle/shared';
import { createGroupWithMembers, createPayingUser, GROUP_CODE } from '../groups.js';
import { post } from '../helpers.js';
import type { TestApp } from '../test-app.js';
import { multipartBody, type UploadPart } from '../uploads.js';

// Factories shared by the chat tests.

export const roomNotFound = { code: 'CHAT_ROOM_NOT_FOUND', message: CHAT_MESSAGES.roomNotFound };

/**
 * A group with its owner, a member, a stranger and a member who joined and then left; and the group's room.
 * The leaver is still signed in: their token works, their membership does not.
 */
export async function createChatWorld(t: TestApp) {
  const ctx = await createGroupWithMembers(t);
  const leaver = await createPayingUser(t);
  const joined = await post(
    t,
    '/group/add',
    { groupName: ctx.group.name, privateCode: GROUP_CODE },
    { token: leaver.token },
  );
  if (joined.status !== 200) throw new Error(`group/add: ${joined.status}`);
  const rooms = await post(
    t,
    '/chat/room/list',
    { grouping_level: 'GROUP', grouping_level_id: ctx.group.groupId },
    { token: ctx.member.token },
  );
  if (rooms.status !== 200 || rooms.body.rooms.length !== 1)
    throw new Error(`room/list: ${JSON.stringify(rooms.body)}`);
  const roomId = rooms.body.rooms[0].roomId as number;
  return { ...ctx, leaver, roomId };
}

/** The leaver leaves the group (a member who just left). */
export async function leave(t: TestApp, world: Awaited<ReturnType<typeof createChatWorld>>) {
  const res = await post(
    t,
    '/group/remove',
    { group_id: world.group.groupId, user_id: world.leaver.userId },
    { token: world.leaver.token },
  );
  if (res.status !== 200) throw new Error(`group/remove: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function send(t: TestApp, token: string, roomId: number, message: string, clientId?: string) {
  return post(
    t,
    '/chat/message/send',
    { room_id: roomId, message, ...(clientId && { client_message_id: clientId }) },
    { token },
  );
}

/** POST /api/chat/attachment/upload as the browser's form sends it. */
export async function uploadAttachment(t: TestApp, token: string | undefined, parts: UploadPart[]) {
  const body = multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/attachment/upload',
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(token && { authorization: `Bearer ${token}` }) },
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

export async function getAttachment(t: TestApp, url: string, token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload };
}

// A real 1x1 PNG.
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
