import { z } from 'zod';
import {
  CHAT_MESSAGE_MAX,
  CHAT_ROOM_KINDS,
  CHAT_ROOM_LIST_KINDS,
  PAGE_SIZE,
  USER_SEARCH_PREFIX_MAX,
} from '../constants.js';
import { LEAD_MESSAGES } from '../forms/lead-messages.js';
import { multilineText, text } from '../text.js';
import { defineCall, emptyRequest, ID_MAX, idField } from './call.js';
import { chatCallPaths, chatUserCallPaths } from './call-paths.js';
import { CHAT_MESSAGES } from './chat-messages.js';
import { pageFields } from './groups.js';

// Chat: rooms of five kinds, their messages, read state and mute, attachments,
// and the two user calls that find people to talk to. Every call that names a room answers
// 404 CHAT_ROOM_NOT_FOUND for a room that does not exist AND for one the caller is not a member of
// (membership is read from groups, businesses, opportunities and leads at every call).

export const chatRoomKind = z.enum(CHAT_ROOM_KINDS);
export type ChatRoomKind = z.infer<typeof chatRoomKind>;

/** A person as chat shows them (author, direct-room partner, search result). */
export const chatUser = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUser>;

/** A file sent in a message. `url` is GET with the bearer token; /chat/attachment/link gives an <img>-able one. */
export const chatAttachment = z.object({
  attachmentId: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  // A picture (PNG, JPEG, GIF, WebP) is shown inline; anything else is a download.
  isImage: z.boolean(),
  url: z.string(),
});
export type ChatAttachment = z.infer<typeof chatAttachment>;

/**
 * A chat message (messageId, message, user (firstName, lastName), roomId).
 * `seq` orders a room's messages (1, 2, 3 … per room, no gaps). `version` is the room's change counter at the
 * message's last change (send, edit or delete): catch-up asks for every message with version > the highest
 * version the client holds. A deleted message stays as a tombstone: message '' and deleted true.
 */
export const chatMessage = z.object({
  messageId: z.number().int(),
  roomId: z.number().int(),
  seq: z.number().int(),
  version: z.number().int(),
  message: z.string(),
  user: chatUser,
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deleted: z.boolean(),
  // The sender's own id for this message (idempotent send); null when none was given.
  clientMessageId: z.string().nullable(),
  attachment: chatAttachment.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A room as the caller sees it: its shown name, last message and the caller's unread count. */
export const chatRoom = z.object({
  roomId: z.number().int(),
  kind: chatRoomKind,
  // DIRECT: the other person's name; GROUP: the group's name; BUSINESS: the business name;
  // OPPORTUNITY: the opportunity's name; LEAD: the lead's name.
  name: z.string(),
  avatarUrl: z.string().nullable(),
  groupId: z.number().int().nullable(),
  businessId: z.number().int().nullable(),
  opportunityId: z.number().int().nullable(),
  leadId: z.number().int().nullable(),
  // DIRECT rooms: the other person.
  otherUser: chatUser.nullable(),
  lastMessage: chatMessage.nullable(),
  // Newest activity first: the last message's time, or the room's creation.
  lastActivityAt: z.string(),
  // Messages of others after the caller's read mark, not deleted; 0 while muted.
  unreadCount: z.number().int(),
  muted: z.boolean(),
  // The room's highest message seq and change version (catch-up starts from the version the client holds).
  lastSeq: z.number().int(),
  lastVersion: z.number().int(),
  lastReadSeq: z.number().int(),
});
export type ChatRoom = z.infer<typeof chatRoom>;

const roomIdRequest = z.strictObject({ room_id: idField });
const limitField = z.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE);
const offsetField = z.number().int().min(0).default(0);

// Rooms of one kind (grouping_level), optionally of one group / opportunity / business (grouping_level_id):
// newest activity first, 50 a page.
export const chatRoomListRequest = z.strictObject({
  grouping_level: z.enum(CHAT_ROOM_LIST_KINDS),
  grouping_level_id: idField.optional(),
  limit: limitField,
  offset: offsetField,
});
export const chatRoomListResponse = z.object({ rooms: z.array(chatRoom), totalCount: z.number().int() });

// A page next to a message seq: before_seq the `limit` messages just older, after_seq the `limit` just newer
// (either way newest first). One anchor at a time, and not with an offset.
const seqAnchorField = z.number().int().min(0).max(ID_MAX).optional();
export const seqAnchorFields = { before_seq: seqAnchorField, after_seq: seqAnchorField };
export const CHAT_ANCHOR_MESSAGES = {
  bothAnchors: 'Give before_seq or after_seq, not both.',
  anchorWithOffset: 'An offset cannot be given with before_seq or after_seq.',
  anchorWithSince: 'before_seq and after_seq page LATEST messages only.',
} as const;

/** Refuses both anchors at once, and an anchor with an offset. */
function checkSeqAnchors(
  value: { before_seq?: number; after_seq?: number },
  offset: number,
  offsetName: string,
  ctx: z.RefinementCtx,
) {
  if (value.before_seq !== undefined && value.after_seq !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['after_seq'], message: CHAT_ANCHOR_MESSAGES.bothAnchors });
  } else if ((value.before_seq !== undefined || value.after_seq !== undefined) && offset > 0) {
    ctx.addIssue({ code: 'custom', path: [offsetName], message: CHAT_ANCHOR_MESSAGES.anchorWithOffset });
  }
}

// LATEST: newest first; by anchor (before_seq / after_seq, read through the room's seq index) or, for the
// spec's callers, by offset. SINCE: catch-up, every message whose version is greater than since_version
// (new, edited or deleted), oldest change first, `limit` at a time: ask again with the last version
// received while `hasMore`.
export const CHAT_LIST_MESSAGE_TYPES = ['LATEST', 'SINCE'] as const;
export const chatMessageListRequest = z
  .strictObject({
    room_id: idField,
    list_message_type: z.enum(CHAT_LIST_MESSAGE_TYPES).default('LATEST'),
    offset: offsetField,
    limit: limitField,
    since_version: z.number().int().min(0).max(ID_MAX).optional(),
    ...seqAnchorFields,
  })
  .superRefine((value, ctx) => {
    checkSeqAnchors(value, value.offset, 'offset', ctx);
    const hasAnchor = value.before_seq !== undefined || value.after_seq !== undefined;
    if (hasAnchor && value.list_message_type === 'SINCE') {
      ctx.addIssue({ code: 'custom', path: ['list_message_type'], message: CHAT_ANCHOR_MESSAGES.anchorWithSince });
    }
  });
export const chatMessageListResponse = z.object({
  roomId: z.number().int(),
  messages: z.array(chatMessage),
  // LATEST: messages in the room (tombstones included); SINCE: changes returned in this page.
  totalCount: z.number().int(),
  // LATEST by offset or before_seq: older messages follow; after_seq: newer ones; SINCE: more changes.
  hasMore: z.boolean(),
  lastVersion: z.number().int(),
});

// Text of a message: optional only when a file is sent (/chat/attachment/upload). A lead room keeps the
// lead comment texts ('Write a comment first.'); other rooms say 'Write a message first.'.
export const chatMessageText = multilineText({ error: LEAD_MESSAGES.commentRequired })
  .trim()
  .max(CHAT_MESSAGE_MAX, CHAT_MESSAGES.messageTooLong);
export const clientMessageIdField = text()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Must be letters, digits, - or _');

export const chatMessageSendRequest = z.strictObject({
  room_id: idField,
  message: chatMessageText.optional(),
  // Sending the same id twice in a room stores one message and answers it both times.
  client_message_id: clientMessageIdField.optional(),
});
export const chatMessageEditRequest = z.strictObject({
  message_id: idField,
  message: chatMessageText.min(1, CHAT_MESSAGES.messageRequired),
});
export const chatMessageDeleteRequest = z.strictObject({ message_id: idField });

// Mark read up to `seq` (default: the room's last message).
export const chatRoomReadRequest = z.strictObject({
  room_id: idField,
  seq: z.number().int().min(0).max(ID_MAX).optional(),
});
export const chatRoomMuteRequest = z.strictObject({ room_id: idField, muted: z.boolean() });
export const chatRoomDirectRequest = z.strictObject({ user_id: idField });
export const chatUnreadState = z.object({
  roomId: z.number().int(),
  unreadCount: z.number().int(),
  muted: z.boolean(),
  lastReadSeq: z.number().int(),
});
export type ChatUnreadState = z.infer<typeof chatUnreadState>;

export const chatUnreadTotalResponse = z.object({
  // Sum over the caller's rooms (not muted) of every kind but LEAD: the sidebar's Chat badge.
  total: z.number().int(),
  byKind: z.object({
    DIRECT: z.number().int(),
    GROUP: z.number().int(),
    OPPORTUNITY: z.number().int(),
    BUSINESS: z.number().int(),
  }),
});

export const chatAuthenticateResponse = z.object({
  // Socket.IO path on this same origin; the access token goes in the handshake's auth: { token }.
  path: z.string(),
  userId: z.number().int(),
  // When the token in use expires; renew before with the `auth:renew` event.
  expiresAt: z.string(),
});

export const chatAttachmentLinkRequest = z.strictObject({ attachment_id: idField });
export const chatAttachmentLinkResponse = z.object({
  // A same-origin address usable in <img src> and <a href> for a few minutes, for this caller only.
  url: z.string(),
  expiresAt: z.string(),
});

/**
 * The upload of a file message: `POST /api/chat/attachment/upload`, multipart/form-data with the bearer
 * token, fields `room_id`, optional `message` and `client_message_id`, and ONE part `file`; answers the
 * new ChatMessage (one call: the file and its message are stored together or not at all).
 * The file: GET `/api/chat/attachment/<attachmentId>` (bearer) or the signed address of /chat/attachment/link.
 */
export const chatAttachmentUploadFields = z.strictObject({
  room_id: idField,
  message: chatMessageText.optional(),
  client_message_id: clientMessageIdField.optional(),
});

// A lead's comments: id is the lead's id; newest first, 50 a page, by anchor (before_seq / after_seq) or offset.
export const chatLeadListRequest = z
  .strictObject({ id: idField, ...pageFields, ...seqAnchorFields })
  .superRefine((value, ctx) => checkSeqAnchors(value, value.start_position, 'start_position', ctx));
export const chatLeadListResponse = z.object({
  roomId: z.number().int(),
  messages: z.array(chatMessage),
  totalCount: z.number().int(),
  // Older comments follow (after_seq: newer ones).
  hasMore: z.boolean(),
});

// People the caller shares a group or business with, by first or last name prefix (NEW ROOM, mentions).
// search_type ALL: everyone shared; GROUP / BUSINESS with id: the members of that group / business.
export const USER_SEARCH_TYPES = ['ALL', 'GROUP', 'BUSINESS'] as const;
export const userSearchByNameRequest = z.strictObject({
  id: idField.optional(),
  search_type: z.enum(USER_SEARCH_TYPES).default('ALL'),
  name_prefix: text().trim().max(USER_SEARCH_PREFIX_MAX).default(''),
});
export const userSearchByNameResponse = z.object({ users: z.array(chatUser) });

// Names and avatars of people the caller may see (shares a group, business or room with); others are left out.
export const userGetListRequest = z.strictObject({ user_ids: z.array(idField).min(1).max(PAGE_SIZE) });
export const userGetListResponse = z.object({ users: z.array(chatUser) });

export const chatCalls = {
  leadList: defineCall({
    ...chatCallPaths.leadList,
    summary: "A lead's comments, newest first, 50 a page (members of its group)",
    request: chatLeadListRequest,
    response: chatLeadListResponse,
  }),
  messageSend: defineCall({
    ...chatCallPaths.messageSend,
    summary: 'Post a message to a room the caller is a member of (idempotent with client_message_id)',
    request: chatMessageSendRequest,
    response: chatMessage,
  }),
  messageList: defineCall({
    ...chatCallPaths.messageList,
    summary: "A room's messages: LATEST newest first 50 a page, or SINCE a version for catch-up",
    request: chatMessageListRequest,
    response: chatMessageListResponse,
  }),
  messageEdit: defineCall({
    ...chatCallPaths.messageEdit,
    summary: "Change the text of one's own message",
    request: chatMessageEditRequest,
    response: chatMessage,
  }),
  messageDelete: defineCall({
    ...chatCallPaths.messageDelete,
    summary: "Delete one's own message (it stays as a removed message for everyone)",
    request: chatMessageDeleteRequest,
    response: chatMessage,
  }),
  roomList: defineCall({
    ...chatCallPaths.roomList,
    summary: "The caller's rooms of one kind, newest activity first, with last message and unread count",
    request: chatRoomListRequest,
    response: chatRoomListResponse,
  }),
  roomGet: defineCall({
    ...chatCallPaths.roomGet,
    summary: 'One room of the caller',
    request: roomIdRequest,
    response: chatRoom,
  }),
  roomDirect: defineCall({
    ...chatCallPaths.roomDirect,
    summary: 'Start or reopen the direct room with a person the caller shares a group or business with',
    request: chatRoomDirectRequest,
    response: chatRoom,
  }),
  roomRead: defineCall({
    ...chatCallPaths.roomRead,
    summary: 'Mark a room read up to a message seq (default: all of it)',
    request: chatRoomReadRequest,
    response: chatUnreadState,
  }),
  roomMute: defineCall({
    ...chatCallPaths.roomMute,
    summary: 'Mute or unmute a room: a muted room counts no unread messages',
    request: chatRoomMuteRequest,
    response: chatUnreadState,
  }),
  unreadTotal: defineCall({
    ...chatCallPaths.unreadTotal,
    summary: "The caller's unread messages over all rooms (the sidebar's Chat badge)",
    request: emptyRequest,
    response: chatUnreadTotalResponse,
  }),
  authenticate: defineCall({
    ...chatCallPaths.authenticate,
    summary: 'What the realtime channel needs to connect (Socket.IO path; the access token authenticates)',
    request: emptyRequest,
    response: chatAuthenticateResponse,
  }),
  attachmentLink: defineCall({
    ...chatCallPaths.attachmentLink,
    summary: 'A short-lived address of a file sent in a room, for <img> and download links (members)',
    request: chatAttachmentLinkRequest,
    response: chatAttachmentLinkResponse,
  }),
} as const;

export const chatUserCalls = {
  searchByName: defineCall({
    ...chatUserCallPaths.searchByName,
    summary: 'People the caller shares a group or business with, by name prefix (20 at most)',
    request: userSearchByNameRequest,
    response: userSearchByNameResponse,
  }),
  getList: defineCall({
    ...chatUserCallPaths.getList,
    summary: 'Names and avatars of people the caller may see',
    request: userGetListRequest,
    response: userGetListResponse,
  }),
} as const;
