import { CHAT_MESSAGES } from '@leadcircle/shared';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { businessRoom, chatRoomChannel, groupRoom, userRoom } from '../../realtime/rooms.js';
import { isGroupMember } from '../groups/groups.access.js';
import { findLeadRow, requireLeadMember } from '../leads/leads.access.js';
import { canReadOpportunity } from '../opportunities/opportunities.access.js';
import * as q from './chat.queries.js';

// Who is in a chat room, read from its source at every call: a lead's room, the lead's group; a group's
// room, its members; a business's room, its active users; a direct room, its two people; an opportunity's
// room and its contacts' rooms, whoever may read the opportunity. A room the caller is not in reads as one that does not exist.

export const roomNotFound = () => notFound('CHAT_ROOM_NOT_FOUND', CHAT_MESSAGES.roomNotFound);

export async function isRoomMember(db: DbOrTx, userId: number, room: q.ChatRoomRow): Promise<boolean> {
  switch (room.kind) {
    case 'LEAD': {
      const lead = room.leadId === null ? undefined : await findLeadRow(db, room.leadId);
      return lead !== undefined && isGroupMember(db, lead.groupId, userId);
    }
    case 'GROUP':
      return room.groupId !== null && isGroupMember(db, room.groupId, userId);
    case 'BUSINESS':
      return room.businessId !== null && (await q.businessIdOfUser(db, userId)) === room.businessId;
    case 'DIRECT':
      return userId === room.directUserLow || userId === room.directUserHigh;
    case 'OPPORTUNITY':
    case 'CONTACT':
      return room.opportunityId !== null && canReadOpportunity(db, userId, room.opportunityId);
  }
}

/**
 * The room for one of its members; 404 CHAT_ROOM_NOT_FOUND otherwise. A lead's room answers as its lead
 * does (404 LEAD_NOT_FOUND, 403 GROUP_NOT_MEMBER), as the lead's comments always have.
 */
export async function requireRoomMember(db: DbOrTx, userId: number, roomId: number): Promise<q.ChatRoomRow> {
  const room = await q.findRoom(db, roomId);
  if (!room) throw roomNotFound();
  if (room.kind === 'LEAD' && room.leadId !== null) {
    await requireLeadMember(db, room.leadId, userId);
    return room;
  }
  if (!(await isRoomMember(db, userId, room))) throw roomNotFound();
  return room;
}

/** The Socket.IO rooms a chat room's events are delivered to: the ones its membership follows. */
export async function deliveryRooms(db: DbOrTx, room: q.ChatRoomRow): Promise<string[]> {
  switch (room.kind) {
    case 'LEAD': {
      const lead = room.leadId === null ? undefined : await findLeadRow(db, room.leadId);
      return lead ? [groupRoom(lead.groupId)] : [];
    }
    case 'GROUP':
      return room.groupId === null ? [] : [groupRoom(room.groupId)];
    case 'BUSINESS':
      return room.businessId === null ? [] : [businessRoom(room.businessId)];
    case 'DIRECT':
      return [room.directUserLow, room.directUserHigh].filter((id) => id !== null).map((id) => userRoom(id));
    case 'OPPORTUNITY':
      return [chatRoomChannel(room.id)];
    // A contact's comments go to its opportunity's room: its readers are in it, and leave it with their share.
    case 'CONTACT': {
      const opportunityRoomId =
        room.opportunityId === null ? undefined : await q.findRoomIdOf(db, 'OPPORTUNITY', room.opportunityId);
      return opportunityRoomId === undefined ? [] : [chatRoomChannel(opportunityRoomId)];
    }
  }
}

/** Every Socket.IO room a user's sockets belong in (besides `user:<id>`). */
export async function socketRoomsOf(db: DbOrTx, userId: number): Promise<string[]> {
  const [groupIds, businessId, opportunityRoomIds] = await Promise.all([
    q.groupIdsOfUser(db, userId),
    q.businessIdOfUser(db, userId),
    q.opportunityRoomIdsOfUser(db, userId),
  ]);
  return [
    ...groupIds.map(groupRoom),
    ...(businessId === null ? [] : [businessRoom(businessId)]),
    ...opportunityRoomIds.map(chatRoomChannel),
  ];
}

/** The Socket.IO rooms joining chat room `roomId` by id gives, or null to a non-member. */
export async function socketRoomsForChatRoom(db: DbOrTx, userId: number, roomId: number): Promise<string[] | null> {
  const room = await q.findRoom(db, roomId);
  if (!room || !(await isRoomMember(db, userId, room))) return null;
  return deliveryRooms(db, room);
}
