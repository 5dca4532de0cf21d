import {
  activityDataKey,
  CHAT_MESSAGES,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatRoom,
  type ChatRoomKind,
  type ChatUnreadState,
  type ContactCommentEvent,
  LEAD_MESSAGES,
  type LeadCommentEvent,
  REALTIME_PATH,
  SERVER_EVENTS,
} from '@leadcircle/shared';
import { decodeJwt } from 'jose';
import type { AppDeps } from '../../app-deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors.js';
import { consumeRateLimits, RATE_LIMITS } from '../../http/rate-limit.js';
import { userRoom } from '../../realtime/rooms.js';
import { avatarUrlOf, displayName } from '../accounts/accounts.service.js';
import { findLeadRow, requireLeadMember, touchLead } from '../leads/leads.access.js';
import { deliveryRooms, requireRoomMember, roomNotFound } from './chat.access.js';
import * as q from './chat.queries.js';

// Chat rooms and their messages (docs/decisions/chat.md). Every change is stored first and
// published to the realtime channel after its transaction commits; clients that missed an event catch up
// with /chat/message/list SINCE the last version they hold.

export const ATTACHMENT_PATH_PREFIX = '/api/chat/attachment/';

function toChatMessage(row: q.MessageRow): ChatMessage {
  const hidden = row.authorHidden !== null;
  const deleted = row.deletedAt !== null;
  return {
    messageId: row.messageId,
    roomId: row.roomId,
    seq: row.seq,
    version: row.version,
    message: deleted ? '' : row.message,
    user: {
      userId: row.userId,
      // The message carries the name in two parts: a hidden author's is 'Deleted user' and ''.
      firstName: displayName(row.firstName, '', hidden),
      lastName: hidden ? '' : row.lastName,
      avatarUrl: hidden ? null : avatarUrlOf(row.avatarKey),
    },
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deleted,
    clientMessageId: row.clientMessageId,
    attachment:
      row.attachmentId === null || deleted
        ? null
        : {
            attachmentId: row.attachmentId,
            fileName: row.fileName!,
            contentType: row.contentType!,
            size: row.size!,
            isImage: row.contentType!.startsWith('image/'),
            url: `${ATTACHMENT_PATH_PREFIX}${row.attachmentId}`,
          },
  };
}

async function loadMessage(deps: AppDeps, messageId: number): Promise<ChatMessage> {
  const row = await q.findMessage(deps.db, messageId);
  return toChatMessage(row!);
}

/** A room is called after what it is about; a direct room after the other person. */
function roomName(row: q.RoomSummaryRow): string {
  switch (row.kind) {
    case 'GROUP':
      return row.group_name ?? '';
    case 'BUSINESS':
      return row.business_name ?? '';
    case 'LEAD':
      return row.lead_name ?? '';
    case 'DIRECT':
      return displayName(row.other_first_name, row.other_last_name, row.other_hidden !== null);
    // A contact's comments are called after its opportunity.
    case 'OPPORTUNITY':
    case 'CONTACT':
      return row.opportunity_name ?? '';
  }
}

function toChatRoom(row: q.RoomSummaryRow, lastMessage: q.MessageRow | undefined): ChatRoom {
  const otherHidden = row.other_hidden !== null;
  const otherUser =
    row.other_id === null
      ? null
      : {
          userId: row.other_id,
          firstName: displayName(row.other_first_name, '', otherHidden),
          lastName: otherHidden ? '' : (row.other_last_name ?? ''),
          avatarUrl: otherHidden ? null : avatarUrlOf(row.other_avatar_key),
        };
  return {
    roomId: row.id,
    kind: row.kind,
    name: roomName(row),
    avatarUrl: otherUser?.avatarUrl ?? null,
    groupId: row.group_id,
    businessId: row.business_id,
    opportunityId: row.opportunity_id,
    leadId: row.lead_id,
    otherUser,
    lastMessage: lastMessage ? toChatMessage(lastMessage) : null,
    lastActivityAt: row.last_activity_at.toISOString(),
    unreadCount: row.unread,
    muted: row.muted,
    lastSeq: row.last_seq,
    lastVersion: row.last_version,
    lastReadSeq: row.last_read_seq,
  };
}

async function presentRooms(deps: AppDeps, rows: q.RoomSummaryRow[]): Promise<ChatRoom[]> {
  const last = await q.lastMessages(
    deps.db,
    rows.map((r) => ({ roomId: r.id, lastSeq: r.last_seq })),
  );
  const byRoom = new Map(last.map((m) => [m.roomId, m]));
  return rows.map((row) => toChatRoom(row, byRoom.get(row.id)));
}

async function presentRoom(deps: AppDeps, userId: number, roomId: number): Promise<ChatRoom> {
  const row = await q.findRoomSummary(deps.db, userId, roomId);
  if (!row) throw roomNotFound();
  const [room] = await presentRooms(deps, [row]);
  return room!;
}

// ---- rooms ----

export async function listRooms(
  deps: AppDeps,
  userId: number,
  input: { grouping_level: Exclude<ChatRoomKind, 'LEAD'>; grouping_level_id?: number; limit: number; offset: number },
): Promise<{ rooms: ChatRoom[]; totalCount: number }> {
  const kind = input.grouping_level;
  const condition = q.memberRoomsCondition(userId, kind, input.grouping_level_id);
  const { rows, totalCount } = await q.listRoomSummaries(deps.db, userId, condition, {
    offset: input.offset,
    limit: input.limit,
  });
  return { rooms: await presentRooms(deps, rows), totalCount };
}

export async function getRoom(deps: AppDeps, userId: number, roomId: number): Promise<ChatRoom> {
  await requireRoomMember(deps.db, userId, roomId);
  return presentRoom(deps, userId, roomId);
}

/** Starts or reopens the direct room with a person the caller shares a group or business with. */
export async function openDirectRoom(deps: AppDeps, userId: number, otherId: number): Promise<ChatRoom> {
  if (otherId === userId) throw badRequest('CHAT_DIRECT_SELF', CHAT_MESSAGES.directWithSelf);
  if (!(await q.findVisibleUser(deps.db, otherId))) throw notFound('USER_NOT_FOUND', CHAT_MESSAGES.userNotFound);
  if (!(await q.shareGroupOrBusiness(deps.db, userId, otherId))) {
    throw forbidden('CHAT_DIRECT_NOT_SHARED', CHAT_MESSAGES.directNotShared);
  }
  const { roomId, created } = await q.ensureDirectRoom(deps.db, userId, otherId);
  if (created) {
    deps.realtime.publish({
      rooms: [userRoom(userId), userRoom(otherId)],
      event: SERVER_EVENTS.chatRoomAdded,
      data: { roomId, kind: 'DIRECT' },
    });
  }
  return presentRoom(deps, userId, roomId);
}

async function unreadState(deps: AppDeps, userId: number, roomId: number): Promise<ChatUnreadState> {
  const state = await q.readStateOf(deps.db, roomId, userId);
  const unreadCount = state.muted ? 0 : await q.countUnread(deps.db, roomId, userId);
  return { roomId, unreadCount, muted: state.muted, lastReadSeq: state.lastReadSeq };
}

export async function markRoomRead(
  deps: AppDeps,
  userId: number,
  input: { room_id: number; seq?: number },
): Promise<ChatUnreadState> {
  const room = await requireRoomMember(deps.db, userId, input.room_id);
  const seq = Math.min(input.seq ?? room.lastSeq, room.lastSeq);
  await deps.db.transaction(async (tx) => {
    await q.lockRoom(tx, room.id);
    await q.markRead(tx, room.id, userId, seq, deps.clock.now());
  });
  const state = await unreadState(deps, userId, room.id);
  deps.realtime.publish({ rooms: [userRoom(userId)], event: SERVER_EVENTS.chatUnread, data: state });
  return state;
}

export async function muteRoom(
  deps: AppDeps,
  userId: number,
  input: { room_id: number; muted: boolean },
): Promise<ChatUnreadState> {
  const room = await requireRoomMember(deps.db, userId, input.room_id);
  await q.setMuted(deps.db, room.id, userId, input.muted, deps.clock.now());
  const state = await unreadState(deps, userId, room.id);
  deps.realtime.publish({ rooms: [userRoom(userId)], event: SERVER_EVENTS.chatUnread, data: state });
  return state;
}

export async function unreadTotal(deps: AppDeps, userId: number) {
  const byKind = await q.unreadByKind(deps.db, userId);
  const get = (kind: ChatRoomKind) => byKind.get(kind) ?? 0;
  const counts = {
    DIRECT: get('DIRECT'),
    GROUP: get('GROUP'),
    OPPORTUNITY: get('OPPORTUNITY'),
    BUSINESS: get('BUSINESS'),
  };
  return { total: counts.DIRECT + counts.GROUP + counts.OPPORTUNITY + counts.BUSINESS, byKind: counts };
}

/** What the realtime channel needs: its path; the access token in use authenticates the socket. */
export function realtimeAuthentication(userId: number, authorization: string | undefined) {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const exp = decodeJwt(token).exp ?? 0;
  return { path: REALTIME_PATH, userId, expiresAt: new Date(exp * 1000).toISOString() };
}

// ---- messages ----

export async function listMessages(
  deps: AppDeps,
  userId: number,
  input: {
    room_id: number;
    list_message_type: 'LATEST' | 'SINCE';
    offset: number;
    limit: number;
    since_version?: number;
    before_seq?: number;
    after_seq?: number;
  },
) {
  const room = await requireRoomMember(deps.db, userId, input.room_id);
  if (input.list_message_type === 'SINCE') {
    const rows = await q.listMessagesSince(deps.db, room.id, input.since_version ?? 0, input.limit + 1);
    const page = rows.slice(0, input.limit);
    return {
      roomId: room.id,
      messages: page.map(toChatMessage),
      totalCount: page.length,
      hasMore: rows.length > input.limit,
      lastVersion: room.lastVersion,
    };
  }
  const { rows, hasMore, totalCount } = await messagePage(deps, room.id, input, input.offset, input.limit);
  return { roomId: room.id, messages: rows.map(toChatMessage), totalCount, hasMore, lastVersion: room.lastVersion };
}

/** A lead's comments, newest first (members of its group). */
export async function listLeadMessages(
  deps: AppDeps,
  userId: number,
  input: { id: number; start_position: number; get_next: number; before_seq?: number; after_seq?: number },
): Promise<{ roomId: number; messages: ChatMessage[]; totalCount: number; hasMore: boolean }> {
  await requireLeadMember(deps.db, input.id, userId);
  const roomId = await q.findLeadRoomId(deps.db, input.id);
  if (roomId === undefined) throw roomNotFound();
  return { roomId, ...(await listComments(deps, roomId, input)) };
}

/**
 * A page of a comments room (a lead's, a contact's), newest first. The caller has checked that the person
 * may read what the room is about.
 */
export async function listComments(
  deps: AppDeps,
  roomId: number,
  page: { start_position: number; get_next: number; before_seq?: number; after_seq?: number },
): Promise<{ messages: ChatMessage[]; totalCount: number; hasMore: boolean }> {
  const { rows, hasMore, totalCount } = await messagePage(deps, roomId, page, page.start_position, page.get_next);
  return { messages: rows.map(toChatMessage), totalCount, hasMore };
}

/**
 * A page of a room's messages, newest first: next to an anchor seq (one more row read tells whether the
 * page has a neighbour beyond it) or, for the spec's callers, by offset. The total is the room's kept count.
 */
async function messagePage(
  deps: AppDeps,
  roomId: number,
  anchor: { before_seq?: number; after_seq?: number },
  offset: number,
  limit: number,
) {
  const totalCount = await q.countMessages(deps.db, roomId);
  if (anchor.before_seq === undefined && anchor.after_seq === undefined) {
    const rows = await q.listMessagesBySeq(deps.db, roomId, { offset, limit });
    return { rows, totalCount, hasMore: offset + rows.length < totalCount };
  }
  const page =
    anchor.before_seq !== undefined
      ? { beforeSeq: anchor.before_seq, limit: limit + 1 }
      : { afterSeq: anchor.after_seq ?? 0, limit: limit + 1 };
  const rows = await q.listMessagesBySeq(deps.db, roomId, page);
  const hasMore = rows.length > limit;
  // The extra row is the farthest from the anchor: the oldest before it, the newest after it.
  const kept = !hasMore ? rows : anchor.before_seq !== undefined ? rows.slice(0, limit) : rows.slice(1);
  return { rows: kept, totalCount, hasMore };
}

/** A lead's or a contact's comments: a room that is not listed in chat and keeps the comment texts. */
const isCommentRoom = (room: q.ChatRoomRow) => room.kind === 'LEAD' || room.kind === 'CONTACT';

const validationFailed = (message: string) =>
  new AppError('VALIDATION_FAILED', 400, message, [{ path: 'message', message }]);

/** A file to store with a message (already sniffed and size-checked). */
export interface AttachmentInput {
  body: Buffer;
  fileName: string;
  contentType: string;
  extension: string;
}

/**
 * Posts to a room the caller is a member of. With a client message id, a second send of the same id answers
 * the message the first one stored. The text, the file and the room's counters are stored in one transaction.
 */
export async function sendMessage(
  deps: AppDeps,
  userId: number,
  input: { room_id: number; message?: string; client_message_id?: string },
  attachment?: AttachmentInput,
): Promise<ChatMessage> {
  const room = await requireRoomMember(deps.db, userId, input.room_id);
  const clientId = input.client_message_id ?? null;
  if (clientId !== null) {
    const existing = await q.findByClientId(deps.db, room.id, userId, clientId);
    if (existing !== undefined) return loadMessage(deps, existing);
  }
  const text = input.message ?? '';
  if (text === '' && !attachment) {
    throw validationFailed(isCommentRoom(room) ? LEAD_MESSAGES.commentRequired : CHAT_MESSAGES.messageRequired);
  }
  const now = deps.clock.now();
  await consumeRateLimits(
    deps.db,
    [{ key: `chat-message:user:${userId}`, rule: RATE_LIMITS.chatMessagePerUser }],
    now,
  ).catch((error) => {
    // Comments keep their answer; chat rooms say what happened in chat's words.
    if (!isCommentRoom(room) && error instanceof AppError && error.status === 429) {
      throw tooManyRequests('RATE_LIMITED', CHAT_MESSAGES.rateLimited);
    }
    throw error;
  });
  const storageKey = attachment ? `chat/${room.id}/${crypto.randomUUID()}.${attachment.extension}` : null;
  if (attachment && storageKey) await deps.files.put(storageKey, attachment.body, attachment.contentType);
  let messageId: number;
  let activityId = 0;
  const activity = await chatActivity(deps, room, userId);
  try {
    messageId = await deps.db.transaction(async (tx) => {
      const { id, seq } = await q.appendMessage(tx, {
        roomId: room.id,
        userId,
        message: text,
        createdAt: now,
        clientMessageId: clientId,
      });
      if (attachment && storageKey) {
        await q.insertAttachment(tx, {
          roomId: room.id,
          messageId: id,
          storageKey,
          fileName: attachment.fileName,
          contentType: attachment.contentType,
          size: attachment.body.length,
          createdAt: now,
        });
      }
      // One's own message is seen, and sending reads the room up to it.
      await q.readThroughOwnMessage(tx, room.id, userId, seq, now);
      if (room.kind === 'LEAD' && room.leadId !== null) await touchLead(tx, room.leadId, now);
      if (activity) {
        const { fields, data, ...rest } = activity;
        activityId = await deps.activities.record(tx, {
          ...rest,
          data: { ...data, [activityDataKey(activity.type)]: { ...fields, messageId: id } },
        });
      }
      return id;
    });
  } catch (error) {
    if (storageKey) await deps.files.delete(storageKey).catch(() => {});
    // The same client id sent twice at once: the other send stored it.
    if (clientId !== null && isUniqueViolation(error)) {
      const existing = await q.findByClientId(deps.db, room.id, userId, clientId);
      if (existing !== undefined) return loadMessage(deps, existing);
    }
    throw error;
  }
  const message = await loadMessage(deps, messageId);
  if (activityId !== 0 && ANNOUNCED_BY_MESSAGE.has(room.kind)) {
    // One event per member: the message carries its activity.
    await publishNew(deps, room, message, activityId);
  } else {
    await publishNew(deps, room, message);
    await deps.activities.announce(activityId);
  }
  return message;
}

// Rooms whose message reaches exactly those who may see its activity, which names no recipient (so it is
// news to no inbox): the chat:message event stands for the activity's activity:new.
const ANNOUNCED_BY_MESSAGE = new Set<ChatRoomKind>(['GROUP', 'BUSINESS', 'OPPORTUNITY']);

// A contact's comments are no activity (nobody is told of them but through the open contact).
const CHAT_ACTIVITY_TYPES = {
  GROUP: 'CHAT_MESSAGE_GROUP',
  LEAD: 'CHAT_MESSAGE_LEAD',
  OPPORTUNITY: 'CHAT_MESSAGE_OPPORTUNITY',
  DIRECT: 'CHAT_MESSAGE_USER',
  BUSINESS: 'CHAT_MESSAGE_BUSINESS',
} as const;

/** A message is activity of its room: a group's (a lead's comments too), an opportunity's, a business's or the two people's. */
async function chatActivity(deps: AppDeps, room: q.ChatRoomRow, userId: number) {
  const type = CHAT_ACTIVITY_TYPES[room.kind as keyof typeof CHAT_ACTIVITY_TYPES];
  if (!type) return undefined;
  const fields: Record<string, unknown> = { roomId: room.id };
  const data: Record<string, unknown> = {};
  let groupId: number | null = room.groupId;
  if (room.kind === 'LEAD' && room.leadId !== null) {
    const lead = await findLeadRow(deps.db, room.leadId);
    if (!lead) return undefined;
    groupId = lead.groupId;
    fields.leadId = lead.id;
    // The lead's submitter hears of a comment on it (inbox).
    if (lead.createdBy !== userId) data.recipientUserIds = [lead.createdBy];
  }
  if (room.kind === 'DIRECT') {
    const other = room.directUserLow === userId ? room.directUserHigh : room.directUserLow;
    data.recipientUserIds = other === null ? [] : [other];
  }
  if (room.kind === 'BUSINESS') data.businessId = room.businessId;
  return {
    type,
    actorUserId: userId,
    groupId: room.kind === 'GROUP' || room.kind === 'LEAD' ? groupId : null,
    opportunityId: room.kind === 'OPPORTUNITY' ? room.opportunityId : null,
    fields,
    data,
  };
}

async function publishNew(
  deps: AppDeps,
  room: q.ChatRoomRow,
  message: ChatMessage,
  activityId?: number,
): Promise<void> {
  if (room.kind === 'LEAD') {
    const lead = room.leadId === null ? undefined : await findLeadRow(deps.db, room.leadId);
    if (!lead) return;
    const data: LeadCommentEvent = { leadId: lead.id, groupId: lead.groupId, message };
    deps.realtime.publish({ rooms: await deliveryRooms(deps.db, room), event: SERVER_EVENTS.leadComment, data });
    return;
  }
  if (room.kind === 'CONTACT') {
    if (room.contactId === null || room.opportunityId === null) return;
    const data: ContactCommentEvent = { contactId: room.contactId, opportunityId: room.opportunityId, message };
    deps.realtime.publish({ rooms: await deliveryRooms(deps.db, room), event: SERVER_EVENTS.contactComment, data });
    return;
  }
  const data: ChatMessageEvent = { roomId: room.id, kind: room.kind, message, ...(activityId && { activityId }) };
  deps.realtime.publish({ rooms: await deliveryRooms(deps.db, room), event: SERVER_EVENTS.chatMessage, data });
}

async function publishUpdated(deps: AppDeps, room: q.ChatRoomRow, message: ChatMessage): Promise<void> {
  const data: ChatMessageEvent = { roomId: room.id, kind: room.kind, message };
  deps.realtime.publish({ rooms: await deliveryRooms(deps.db, room), event: SERVER_EVENTS.chatMessageUpdated, data });
}

const messageDeleted = () => notFound('CHAT_MESSAGE_DELETED', CHAT_MESSAGES.messageDeleted);

/** One's own message, in a room one is still a member of. */
async function requireOwnMessage(deps: AppDeps, userId: number, messageId: number) {
  const row = await q.findMessageRow(deps.db, messageId);
  if (!row) throw notFound('CHAT_MESSAGE_NOT_FOUND', CHAT_MESSAGES.messageNotFound);
  const room = await requireRoomMember(deps.db, userId, row.roomId);
  if (row.userId !== userId) throw forbidden('CHAT_MESSAGE_OWN_ONLY', CHAT_MESSAGES.ownMessageOnly);
  if (row.deletedAt !== null) throw messageDeleted();
  return { row, room };
}

export async function editMessage(
  deps: AppDeps,
  userId: number,
  input: { message_id: number; message: string },
): Promise<ChatMessage> {
  const { row, room } = await requireOwnMessage(deps, userId, input.message_id);
  if (row.message !== input.message) {
    await deps.db.transaction(async (tx) => {
      const version = await q.nextVersion(tx, room.id);
      const values = { message: input.message, version, editedAt: deps.clock.now() };
      if (!(await q.updateMessage(tx, row.id, values))) throw messageDeleted();
    });
  }
  const message = await loadMessage(deps, row.id);
  if (row.message !== input.message) await publishUpdated(deps, room, message);
  return message;
}

/** Deletes one's own message: it stays, empty and marked deleted, and its file is removed. */
export async function deleteMessage(
  deps: AppDeps,
  userId: number,
  input: { message_id: number },
): Promise<ChatMessage> {
  const { row, room } = await requireOwnMessage(deps, userId, input.message_id);
  const storageKey = await deps.db.transaction(async (tx) => {
    const version = await q.nextVersion(tx, room.id);
    if (!(await q.updateMessage(tx, row.id, { message: '', version, deletedAt: deps.clock.now() }))) {
      throw messageDeleted();
    }
    await q.uncountMessage(tx, room.id, row.seq, row.userId);
    return q.deleteAttachmentOfMessage(tx, row.id);
  });
  if (storageKey) await deps.files.delete(storageKey).catch(() => {});
  const message = await loadMessage(deps, row.id);
  await publishUpdated(deps, room, message);
  return message;
}
