import type { ChatMessage } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { emptyRoomMessages, hasOlderMessages, isAfterGap, roomMessagesReducer } from './room-messages';

const user = { userId: 1, firstName: 'Ann', lastName: 'Lee', avatarUrl: null };
function message(seq: number, version = seq, text = `m${seq}`): ChatMessage {
  return {
    messageId: 100 + seq,
    roomId: 1,
    seq,
    version,
    message: text,
    user,
    createdAt: new Date(2026, 0, 1, 0, seq).toISOString(),
    editedAt: null,
    deleted: false,
    clientMessageId: null,
    attachment: null,
  };
}

describe('roomMessagesReducer', () => {
  const loaded = roomMessagesReducer(emptyRoomMessages, {
    type: 'latestLoaded',
    messages: [message(60), message(59), message(58)],
    version: 60,
  });

  it('keeps messages oldest first and knows older ones exist', () => {
    expect(loaded.messages.map((m) => m.seq)).toEqual([58, 59, 60]);
    expect(hasOlderMessages(loaded)).toBe(true);
  });

  it('shows a message delivered twice once, and an edit replaces it', () => {
    let state = roomMessagesReducer(loaded, { type: 'received', message: message(61) });
    state = roomMessagesReducer(state, { type: 'received', message: message(61) });
    expect(state.messages.map((m) => m.seq)).toEqual([58, 59, 60, 61]);
    expect(state.version).toBe(61);
    state = roomMessagesReducer(state, { type: 'received', message: message(61, 62, 'edited') });
    expect(state.messages.at(-1)?.message).toBe('edited');
    // A late copy of the first version does not undo the edit.
    state = roomMessagesReducer(state, { type: 'received', message: message(61) });
    expect(state.messages.at(-1)?.message).toBe('edited');
  });

  it('notices a gap and fills it from catch-up in order', () => {
    expect(isAfterGap(loaded, message(63))).toBe(true);
    let state = roomMessagesReducer(loaded, { type: 'received', message: message(63) });
    expect(state.version).toBe(60);
    state = roomMessagesReducer(state, {
      type: 'changesLoaded',
      messages: [message(61), message(62), message(63), message(20, 64, 'old edit')],
      version: 64,
    });
    expect(state.messages.map((m) => m.seq)).toEqual([58, 59, 60, 61, 62, 63]);
    expect(state.version).toBe(64);
  });

  it('adds older pages before the held ones', () => {
    const state = roomMessagesReducer(loaded, { type: 'olderLoaded', messages: [message(57), message(1)] });
    expect(state.messages[0]?.seq).toBe(1);
    expect(hasOlderMessages(state)).toBe(false);
  });
});
