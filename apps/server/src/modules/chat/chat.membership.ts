import { SERVER_EVENTS } from '@leadcircle/shared';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { chatRooms } from '../../db/schema/index.js';
import { businessRoom, chatRoomChannel, groupRoom, joinSockets, leaveSockets, userRoom } from '../../realtime/rooms.js';

// Membership changes reach open sockets at once, on every instance: the module that changes a membership
// calls these after its transaction commits.

async function groupChatRoomId(deps: AppDeps, groupId: number): Promise<number | undefined> {
  const [row] = await deps.db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.kind, 'GROUP'), eq(chatRooms.groupId, groupId)));
  return row?.id;
}

/** A user joined a group: their sockets receive its room and its leads' comments from now on. */
export async function groupJoined(deps: AppDeps, groupId: number, userId: number): Promise<void> {
  joinSockets(deps.realtime, [userRoom(userId)], [groupRoom(groupId)]);
  const roomId = await groupChatRoomId(deps, groupId);
  if (roomId !== undefined) {
    deps.realtime.publish({
      rooms: [userRoom(userId)],
      event: SERVER_EVENTS.chatRoomAdded,
      data: { roomId, kind: 'GROUP' },
    });
  }
}

/** A user left or was removed from a group (or, with `userId` undefined, the group is gone for everyone). */
export async function groupLeft(deps: AppDeps, groupId: number, userId?: number, roomId?: number): Promise<void> {
  const who = userId === undefined ? [groupRoom(groupId)] : [userRoom(userId)];
  const id = roomId ?? (await groupChatRoomId(deps, groupId));
  // Told first, while the sockets are still in the group's room.
  if (id !== undefined) {
    deps.realtime.publish({ rooms: who, event: SERVER_EVENTS.chatRoomRemoved, data: { roomId: id, kind: 'GROUP' } });
  }
  leaveSockets(deps.realtime, who, [groupRoom(groupId)]);
}

/** Looked up before a group is deleted (its room goes with it). */
export const findGroupChatRoomId = groupChatRoomId;

/** A user left a business (removed, moved): their sockets stop receiving its room at once. */
export function businessLeft(deps: AppDeps, businessId: number, userId: number): void {
  leaveSockets(deps.realtime, [userRoom(userId)], [businessRoom(businessId)]);
}

/** A user joined a business: their open sockets receive its room from now on. */
export function businessJoined(deps: AppDeps, businessId: number, userId: number): void {
  joinSockets(deps.realtime, [userRoom(userId)], [businessRoom(businessId)]);
}

/** A user lost an opportunity (share removed) or it was deleted (`userId` undefined: everyone). */
export function opportunityRoomLeft(deps: AppDeps, roomId: number, userId?: number): void {
  const who = userId === undefined ? [chatRoomChannel(roomId)] : [userRoom(userId)];
  deps.realtime.publish({ rooms: who, event: SERVER_EVENTS.chatRoomRemoved, data: { roomId, kind: 'OPPORTUNITY' } });
  leaveSockets(deps.realtime, who, [chatRoomChannel(roomId)]);
}
