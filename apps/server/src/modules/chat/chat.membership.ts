import { type ChatRoomKind, SERVER_EVENTS } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { businessRoom, chatRoomChannel, groupRoom, joinSockets, leaveSockets, userRoom } from '../../realtime/rooms.js';
import * as q from './chat.queries.js';

// Membership changes reach open sockets at once, on every instance: the module that changes a membership
// (or renames what a room is about) calls these after its transaction commits.

const groupChatRoomId = (deps: AppDeps, groupId: number) => q.findRoomIdOf(deps.db, 'GROUP', groupId);

/** Tells `who` that a room's name changed (or whether it shows): their lists and the open room fetch it again. */
function roomChanged(deps: AppDeps, who: string[], roomId: number, kind: ChatRoomKind): void {
  deps.realtime.publish({ rooms: who, event: SERVER_EVENTS.chatRoomChanged, data: { roomId, kind } });
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

/**
 * A user left a business (removed, moved): their sockets stop receiving its room at once. Those who stay
 * hear of it too: a business's room is listed only while it has two people.
 */
export async function businessLeft(deps: AppDeps, businessId: number, userId: number): Promise<void> {
  const roomId = await q.findRoomIdOf(deps.db, 'BUSINESS', businessId);
  if (roomId !== undefined) {
    deps.realtime.publish({
      rooms: [userRoom(userId)],
      event: SERVER_EVENTS.chatRoomRemoved,
      data: { roomId, kind: 'BUSINESS' },
    });
  }
  leaveSockets(deps.realtime, [userRoom(userId)], [businessRoom(businessId)]);
  if (roomId !== undefined) roomChanged(deps, [businessRoom(businessId)], roomId, 'BUSINESS');
}

/** A user joined a business: their open sockets receive its room from now on, and everyone in it lists it. */
export async function businessJoined(deps: AppDeps, businessId: number, userId: number): Promise<void> {
  joinSockets(deps.realtime, [userRoom(userId)], [businessRoom(businessId)]);
  const roomId = await q.ensureBusinessRoom(deps.db, businessId);
  deps.realtime.publish({
    rooms: [businessRoom(businessId)],
    event: SERVER_EVENTS.chatRoomAdded,
    data: { roomId, kind: 'BUSINESS' },
  });
}

/** A group was renamed: its room carries the new name for its members at once. */
export async function groupRenamed(deps: AppDeps, groupId: number): Promise<void> {
  const roomId = await groupChatRoomId(deps, groupId);
  if (roomId !== undefined) roomChanged(deps, [groupRoom(groupId)], roomId, 'GROUP');
}

/** An opportunity was renamed: so is its room, for its owner and the people it is shared with. */
export async function opportunityRenamed(deps: AppDeps, opportunityId: number): Promise<void> {
  const roomId = await q.findRoomIdOf(deps.db, 'OPPORTUNITY', opportunityId);
  if (roomId !== undefined) roomChanged(deps, [chatRoomChannel(roomId)], roomId, 'OPPORTUNITY');
}

/** A person changed their name: the direct rooms others have with them are called by it. */
export async function personRenamed(deps: AppDeps, userId: number): Promise<void> {
  for (const { roomId, otherId } of await q.directRoomsOf(deps.db, userId)) {
    roomChanged(deps, [userRoom(otherId)], roomId, 'DIRECT');
  }
}

/** A user lost an opportunity (share removed) or it was deleted (`userId` undefined: everyone). */
export function opportunityRoomLeft(deps: AppDeps, roomId: number, userId?: number): void {
  const who = userId === undefined ? [chatRoomChannel(roomId)] : [userRoom(userId)];
  deps.realtime.publish({ rooms: who, event: SERVER_EVENTS.chatRoomRemoved, data: { roomId, kind: 'OPPORTUNITY' } });
  leaveSockets(deps.realtime, who, [chatRoomChannel(roomId)]);
}
