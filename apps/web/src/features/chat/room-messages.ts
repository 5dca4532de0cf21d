import type { ChatMessage } from '@leadcircle/shared';

// What an open room holds: a run of its messages in order (by seq, oldest first), every change applied once.
// The run is the newest messages, or, for a room opened at its first unread message, a window starting
// there with newer pages still to load (`hasNewer`). seq numbers a room's messages, so the room has older
// messages while the oldest held is not 1. version counts the room's changes (send, edit, delete):
// catch-up asks for everything after `version`.

export interface RoomMessagesState {
  messages: ChatMessage[];
  /** The highest change version known to be complete: every change up to it is applied. */
  version: number;
  isLoaded: boolean;
  /** Newer messages than the newest held are on the server, to load by page (not from live events). */
  hasNewer: boolean;
}

export const emptyRoomMessages: RoomMessagesState = { messages: [], version: 0, isLoaded: false, hasNewer: false };

export type RoomMessagesAction =
  | { type: 'reset' }
  | { type: 'latestLoaded'; messages: ChatMessage[]; version: number }
  | { type: 'windowLoaded'; messages: ChatMessage[]; version: number; hasNewer: boolean }
  | { type: 'olderLoaded'; messages: ChatMessage[] }
  | { type: 'newerLoaded'; messages: ChatMessage[]; hasNewer: boolean }
  | { type: 'changesLoaded'; messages: ChatMessage[]; version: number }
  | { type: 'received'; message: ChatMessage };

/**
 * Adds or replaces messages by id; an older copy of a message never replaces a newer one. A live change
 * (not a loaded page) is taken inside the held run only: older than it waits for its page, and so does
 * newer while newer pages remain (taking it would leave a hole).
 */
function merge(state: RoomMessagesState, incoming: readonly ChatMessage[], isPage: boolean): ChatMessage[] {
  const held = state.messages;
  if (incoming.length === 0) return held;
  const byId = new Map(held.map((message) => [message.messageId, message]));
  const oldestSeq = held[0]?.seq ?? Number.POSITIVE_INFINITY;
  const newestSeq = held.at(-1)?.seq ?? Number.NEGATIVE_INFINITY;
  for (const message of incoming) {
    const current = byId.get(message.messageId);
    if (current) {
      if (message.version > current.version) byId.set(message.messageId, message);
    } else if (
      isPage ||
      held.length === 0 ||
      (message.seq > oldestSeq && (!state.hasNewer || message.seq < newestSeq))
    ) {
      byId.set(message.messageId, message);
    }
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

export function roomMessagesReducer(state: RoomMessagesState, action: RoomMessagesAction): RoomMessagesState {
  switch (action.type) {
    case 'reset':
      return emptyRoomMessages;
    case 'latestLoaded':
      return {
        // Over a window with newer pages left, the newest page replaces it (merging would leave a hole).
        messages: merge(state.hasNewer ? emptyRoomMessages : state, action.messages, true),
        version: Math.max(state.version, action.version),
        isLoaded: true,
        hasNewer: false,
      };
    case 'windowLoaded':
      return {
        messages: merge(state, action.messages, true),
        version: Math.max(state.version, action.version),
        isLoaded: true,
        hasNewer: action.hasNewer,
      };
    case 'olderLoaded':
      return { ...state, messages: merge(state, action.messages, true) };
    case 'newerLoaded':
      return { ...state, messages: merge(state, action.messages, true), hasNewer: action.hasNewer };
    case 'changesLoaded':
      return {
        ...state,
        messages: merge(state, action.messages, false),
        version: Math.max(state.version, action.version),
      };
    case 'received': {
      const { message } = action;
      // The next change in order moves the complete version on; after a gap, catch-up fills it.
      const version = message.version === state.version + 1 ? message.version : state.version;
      return { ...state, messages: merge(state, [message], false), version };
    }
  }
}

/** The room has messages before the oldest one held. */
export function hasOlderMessages(state: RoomMessagesState): boolean {
  const oldest = state.messages[0];
  return oldest !== undefined && oldest.seq > 1;
}

/** The room has messages after the newest one held that are not loaded yet. */
export function hasNewerMessages(state: RoomMessagesState): boolean {
  return state.hasNewer;
}

/** A received change skipped some: catch-up is needed. */
export function isAfterGap(state: RoomMessagesState, message: ChatMessage): boolean {
  return state.isLoaded && message.version > state.version + 1;
}
