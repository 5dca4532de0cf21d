import type { ChatMessage } from '@leadcircle/shared';

// What an open room holds: its newest messages in order (by seq, oldest first), every change applied once.
// seq numbers a room's messages without gaps, so the room has older messages while the oldest held is not 1.
// version counts the room's changes (send, edit, delete): catch-up asks for everything after `version`.

export interface RoomMessagesState {
  messages: ChatMessage[];
  /** The highest change version known to be complete: every change up to it is applied. */
  version: number;
  isLoaded: boolean;
}

export const emptyRoomMessages: RoomMessagesState = { messages: [], version: 0, isLoaded: false };

export type RoomMessagesAction =
  | { type: 'reset' }
  | { type: 'latestLoaded'; messages: ChatMessage[]; version: number }
  | { type: 'olderLoaded'; messages: ChatMessage[] }
  | { type: 'changesLoaded'; messages: ChatMessage[]; version: number }
  | { type: 'received'; message: ChatMessage };

/** Adds or replaces messages by id; an older copy of a message never replaces a newer one. */
function merge(held: ChatMessage[], incoming: readonly ChatMessage[], acceptOlder: boolean): ChatMessage[] {
  if (incoming.length === 0) return held;
  const byId = new Map(held.map((message) => [message.messageId, message]));
  const oldestSeq = held[0]?.seq ?? Number.POSITIVE_INFINITY;
  for (const message of incoming) {
    const current = byId.get(message.messageId);
    if (current) {
      if (message.version > current.version) byId.set(message.messageId, message);
    } else if (acceptOlder || message.seq > oldestSeq || held.length === 0) {
      // A change to a message older than the loaded pages waits for its page.
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
        messages: merge(state.messages, action.messages, true),
        version: Math.max(state.version, action.version),
        isLoaded: true,
      };
    case 'olderLoaded':
      return { ...state, messages: merge(state.messages, action.messages, true) };
    case 'changesLoaded':
      return {
        ...state,
        messages: merge(state.messages, action.messages, false),
        version: Math.max(state.version, action.version),
      };
    case 'received': {
      const { message } = action;
      // The next change in order moves the complete version on; after a gap, catch-up fills it.
      const version = message.version === state.version + 1 ? message.version : state.version;
      return { ...state, messages: merge(state.messages, [message], false), version };
    }
  }
}

/** The room has messages before the oldest one held. */
export function hasOlderMessages(state: RoomMessagesState): boolean {
  const oldest = state.messages[0];
  return oldest !== undefined && oldest.seq > 1;
}

/** A received change skipped some: catch-up is needed. */
export function isAfterGap(state: RoomMessagesState, message: ChatMessage): boolean {
  return state.isLoaded && message.version > state.version + 1;
}
