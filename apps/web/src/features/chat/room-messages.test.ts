import type { ChatMessage } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyRoomMessages,
  hasNewerMessages,
  hasOlderMessages,
  isAfterGap,
  roomMessagesReducer,
} from './room-messages';

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

describe('a room opened at its first unread message', () => {
  // Read up to 40 of 60: the page after 40 is 41..45 here, newer ones still on the server.
  const opened = roomMessagesReducer(emptyRoomMessages, {
    type: 'windowLoaded',
    messages: [message(45), message(44), message(43), message(42), message(41)],
    version: 60,
    hasNewer: true,
  });

  it('holds the first unread message first, with older ones above and newer ones below to load', () => {
    expect(opened.messages.map((m) => m.seq)).toEqual([41, 42, 43, 44, 45]);
    expect(opened.isLoaded).toBe(true);
    expect(hasOlderMessages(opened)).toBe(true);
    expect(hasNewerMessages(opened)).toBe(true);
  });

  it('leaves a live message past the newer pages for those pages (no hole), but takes edits of held ones', () => {
    let state = roomMessagesReducer(opened, { type: 'received', message: message(61) });
    expect(state.messages.map((m) => m.seq)).toEqual([41, 42, 43, 44, 45]);
    expect(state.version).toBe(61);
    state = roomMessagesReducer(state, { type: 'received', message: message(43, 62, 'edited') });
    expect(state.messages.find((m) => m.seq === 43)?.message).toBe('edited');
    state = roomMessagesReducer(state, {
      type: 'changesLoaded',
      messages: [message(61), message(50, 63, 'not held yet')],
      version: 63,
    });
    expect(state.messages.map((m) => m.seq)).toEqual([41, 42, 43, 44, 45]);
  });

  it('adds newer pages below until the newest, then follows live messages', () => {
    let state = roomMessagesReducer(opened, {
      type: 'newerLoaded',
      messages: [message(50), message(49), message(48), message(47), message(46)],
      hasNewer: true,
    });
    expect(state.messages.map((m) => m.seq)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    expect(hasNewerMessages(state)).toBe(true);
    state = roomMessagesReducer(state, {
      type: 'newerLoaded',
      messages: Array.from({ length: 10 }, (_, i) => message(60 - i)),
      hasNewer: false,
    });
    expect(hasNewerMessages(state)).toBe(false);
    state = roomMessagesReducer(state, { type: 'received', message: message(61) });
    expect(state.messages.at(-1)?.seq).toBe(61);
  });

  it('the newest page opened normally has no newer messages', () => {
    expect(
      hasNewerMessages(
        roomMessagesReducer(emptyRoomMessages, { type: 'latestLoaded', messages: [message(3)], version: 3 }),
      ),
    ).toBe(false);
  });
});

describe('jumping to the newest from a window', () => {
  it('replaces the window with the newest page, leaving no hole', () => {
    const opened = roomMessagesReducer(emptyRoomMessages, {
      type: 'windowLoaded',
      messages: [message(42), message(41)],
      version: 60,
      hasNewer: true,
    });
    const state = roomMessagesReducer(opened, {
      type: 'latestLoaded',
      messages: [message(61), message(60)],
      version: 61,
    });
    expect(state.messages.map((m) => m.seq)).toEqual([60, 61]);
    expect(hasNewerMessages(state)).toBe(false);
  });
});
