import type { ChatMessage, ChatRoomKind, ChatUnreadState } from './api/chat.js';
import type { CrmLeadState } from './api/crm.js';
import type { LeadImportProgressEvent } from './api/lead-imports.js';
import type { LeadRating } from './api/leads.js';
import type { LeadOutcome } from './api/outcomes.js';

// The realtime channel: Socket.IO on the app's own origin (path REALTIME_PATH), authenticated with the
// access token in the handshake (`auth: { token }`). On connect the server puts the socket in the rooms of
// its user, groups, business and chat rooms; membership changes move open sockets at once.
// Socket.IO delivers at most once: after a reconnect the client catches up with /chat/message/list SINCE.

export const REALTIME_PATH = '/socket.io';

/** Events the server sends. */
export const SERVER_EVENTS = {
  /** A new message in a chat room the user is a member of (every kind but LEAD and CONTACT). */
  chatMessage: 'chat:message',
  /** A message was edited or deleted (deleted: true, message ''). Same payload as chatMessage. */
  chatMessageUpdated: 'chat:message_updated',
  /** The user's read mark or mute of a room changed (another tab, another device). */
  chatUnread: 'chat:unread',
  /** The user joined a room (a new direct room, a group joined): refetch the room list. */
  chatRoomAdded: 'chat:room_added',
  /** The user lost a room (left the group, removed from the business): drop it. */
  chatRoomRemoved: 'chat:room_removed',
  /**
   * A room's name changed (its group or opportunity renamed, the other person's new name), or whether it is
   * listed (a business's room shows while it has two people): refetch it.
   */
  chatRoomChanged: 'chat:room_changed',
  /** A new comment on a lead of one of the user's groups. */
  leadComment: 'lead:comment',
  /** A new comment on a contact of an opportunity the user owns or is shared on. */
  contactComment: 'contact:comment',
  /** A lead's average rating changed. */
  leadRating: 'lead:rating',
  /** A step was recorded on a lead (its outcome): refetch /lead/outcome/list if it is open. */
  leadOutcome: 'lead:outcome',
  /** A lead import of one of the user's groups moved on (progress, done, failed, undone). */
  leadImportProgress: 'lead:import_progress',
  /** A lead's push to the business's CRM moved on (sending, sent with its link, refused): to the business's members of the lead's group. */
  crmLead: 'crm:lead',
  /**
   * An activity the user may see was recorded: refetch the feed. `inbox: true` tells the people it is news to
   * (one more unread in their inbox): the bell counts it without asking the server.
   */
  activityNew: 'activity:new',
  /** The token expires now: the socket is closed; reconnect with a fresh token. */
  authExpired: 'auth:expired',
} as const satisfies Record<string, ServerEventName>;

/** Events the client sends (each with an acknowledgement callback). */
export const CLIENT_EVENTS = {
  /** A fresh access token before the current one expires: ack RealtimeAck & { expiresAt }. */
  authRenew: 'auth:renew',
  /** Join a room by id (checked for membership): ack RealtimeAck. Rooms of the user are joined on connect. */
  chatJoin: 'chat:join',
} as const satisfies Record<string, ClientEventName>;

export interface ChatMessageEvent {
  roomId: number;
  kind: ChatRoomKind;
  message: ChatMessage;
  /**
   * A new message of a group's, business's or opportunity's room: the activity it recorded. The event stands for
   * that activity's activity:new (those who may see the activity are the room's members, and it is news to no
   * one's inbox), so each member gets one event per message.
   */
  activityId?: number;
}
export type ChatUnreadEvent = ChatUnreadState;
export interface ChatRoomChangeEvent {
  roomId: number;
  kind: ChatRoomKind;
}
export interface LeadCommentEvent {
  leadId: number;
  groupId: number;
  message: ChatMessage;
}
export interface ContactCommentEvent {
  contactId: number;
  opportunityId: number;
  message: ChatMessage;
}
export interface LeadRatingEvent {
  leadId: number;
  groupId: number;
  // The members' average (LeadRating.rating); each member's own rating is not broadcast.
  rating: LeadRating['rating'];
  count: LeadRating['count'];
}
export interface LeadOutcomeEvent {
  leadId: number;
  groupId: number;
  outcome: LeadOutcome | null;
}
export type CrmLeadEvent = CrmLeadState;
export interface ActivityNewEvent {
  activityId: number;
  /** The activity's type, e.g. 'NEW_LEAD'. */
  type: string;
  /** True when it is one more unread item in this person's inbox. */
  inbox: boolean;
}
export interface AuthExpiredEvent {
  message: string;
}

export interface AuthRenewPayload {
  token: string;
}
export interface ChatJoinPayload {
  roomId: number;
}
export type RealtimeAck = { ok: true; expiresAt?: string } | { ok: false; message: string; code: string };

/**
 * Event name → payload of every event the server sends: the server publishes and emits only these, and the
 * web app listens only for these, so a wrong name or payload fails to compile on either side.
 */
export interface ServerEventMap {
  'chat:message': ChatMessageEvent;
  'chat:message_updated': ChatMessageEvent;
  'chat:unread': ChatUnreadEvent;
  'chat:room_added': ChatRoomChangeEvent;
  'chat:room_removed': ChatRoomChangeEvent;
  'chat:room_changed': ChatRoomChangeEvent;
  'lead:comment': LeadCommentEvent;
  'contact:comment': ContactCommentEvent;
  'lead:rating': LeadRatingEvent;
  'lead:outcome': LeadOutcomeEvent;
  'lead:import_progress': LeadImportProgressEvent;
  'crm:lead': CrmLeadEvent;
  'activity:new': ActivityNewEvent;
  'auth:expired': AuthExpiredEvent;
}
export type ServerEventName = keyof ServerEventMap;

/** Event name → payload of every event a client may send (each is answered through its ack). */
export interface ClientEventMap {
  'auth:renew': AuthRenewPayload;
  'chat:join': ChatJoinPayload;
}
export type ClientEventName = keyof ClientEventMap;

/** The maps as Socket.IO's typed sockets take them. */
export type ServerToClientEvents = { [E in ServerEventName]: (event: ServerEventMap[E]) => void };
export type ClientToServerEvents = {
  [E in ClientEventName]: (payload: ClientEventMap[E], ack: (result: RealtimeAck) => void) => void;
};
