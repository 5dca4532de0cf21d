import { CONTROL_EVENTS, type RealtimePublisher } from './publisher.js';

// Socket.IO rooms: every socket of a user is in `user:<id>`, in `group:<id>` for each of their groups, in
// `business:<id>` for their business and in `chat:<id>` for the rooms it joined by id. A chat room's messages
// go to the rooms its membership follows (a group room to `group:<id>`, a direct room to both users').

export const userRoom = (userId: number) => `user:${userId}`;
export const groupRoom = (groupId: number) => `group:${groupId}`;
export const businessRoom = (businessId: number) => `business:${businessId}`;
export const chatRoomChannel = (roomId: number) => `chat:${roomId}`;

/** The open sockets of `who` (e.g. `user:5`, or `group:3` for all its members) join `rooms` at once. */
export function joinSockets(realtime: RealtimePublisher, who: string[], rooms: string[]): void {
  realtime.publish({ rooms: who, event: CONTROL_EVENTS.join, data: { rooms } });
}

/** The open sockets of `who` leave `rooms` at once: nothing more of those rooms reaches them. */
export function leaveSockets(realtime: RealtimePublisher, who: string[], rooms: string[]): void {
  realtime.publish({ rooms: who, event: CONTROL_EVENTS.leave, data: { rooms } });
}

/** Closes every socket of a user (blocked, deleted, signed out everywhere). */
export function disconnectUser(realtime: RealtimePublisher, userId: number): void {
  realtime.publish({ rooms: [userRoom(userId)], event: CONTROL_EVENTS.disconnect, data: {} });
}
