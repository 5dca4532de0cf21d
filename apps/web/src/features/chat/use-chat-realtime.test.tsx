import {
  type ChatMessage,
  type ChatMessageEvent,
  type ChatRoom,
  type ChatUnreadEvent,
  SERVER_EVENTS,
} from '@leadcircle/shared';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../core/realtime/realtime';
import { store } from '../../core/store';
import { answerCalls } from '../../test/fake-server';
import { chatApi, roomsOf } from './api';
import { useChatRealtime } from './use-chat-realtime';

// A message, an edit or a read in another tab reaches the room list and the unread badge from the
// realtime event alone: the cache is patched, nothing is fetched.

const ME = 0;
const OTHER = 7;

const room = (roomId: number, unreadCount: number, at: string): ChatRoom => ({
  roomId,
  kind: 'GROUP',
  name: `Room ${roomId}`,
  avatarUrl: null,
  groupId: roomId,
  businessId: null,
  opportunityId: null,
  leadId: null,
  otherUser: null,
  lastMessage: null,
  lastActivityAt: at,
  unreadCount,
  muted: false,
  lastSeq: 10,
  lastVersion: 10,
  lastReadSeq: 10 - unreadCount,
});

const message = (roomId: number, seq: number, userId: number, deleted = false): ChatMessage => ({
  messageId: 100 + seq,
  roomId,
  seq,
  version: seq + (deleted ? 1 : 0),
  message: deleted ? '' : `Message ${seq}`,
  user: { userId, firstName: 'Dana', lastName: 'Rivera', avatarUrl: null },
  createdAt: `2026-11-27T10:00:${String(seq).padStart(2, '0')}.000Z`,
  editedAt: null,
  deleted,
  clientMessageId: null,
  attachment: null,
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The chat shell's hook mounted over a loaded room list and total; returns the calls and a way to emit. */
async function mountWithRooms() {
  const calls = answerCalls({
    '/api/chat/room/list': {
      status: 200,
      body: { rooms: [room(1, 0, '2026-11-27T09:00:00.000Z'), room(2, 2, '2026-11-27T08:00:00.000Z')], totalCount: 2 },
    },
    '/api/chat/unread/total': {
      status: 200,
      body: { total: 2, byKind: { DIRECT: 0, GROUP: 2, OPPORTUNITY: 0, BUSINESS: 0 } },
    },
  });
  const on = vi.spyOn(realtime, 'on');
  await store.dispatch(chatApi.endpoints.listRooms.initiate({ kind: 'GROUP' }));
  await store.dispatch(chatApi.endpoints.getUnreadTotal.initiate());
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  renderHook(() => useChatRealtime(), { wrapper });
  const emit = (event: string, payload: unknown) => {
    for (const [name, listener] of on.mock.calls) if (name === event) (listener as (p: unknown) => void)(payload);
  };
  const loadedCalls = calls.length;
  const state = () => ({
    rooms: roomsOf(chatApi.endpoints.listRooms.select({ kind: 'GROUP' })(store.getState()).data?.pages),
    total: chatApi.endpoints.getUnreadTotal.select()(store.getState()).data,
  });
  return { calls, loadedCalls, emit, state };
}

describe('the room list and unread badge follow the realtime channel', () => {
  it('moves the room of a received message to the top and counts it, with no request', async () => {
    const { calls, loadedCalls, emit, state } = await mountWithRooms();
    const event: ChatMessageEvent = { roomId: 2, kind: 'GROUP', message: message(2, 11, OTHER) };
    emit(SERVER_EVENTS.chatMessage, event);
    // The same event twice counts once.
    emit(SERVER_EVENTS.chatMessage, event);
    expect(state().rooms.map((r) => [r.roomId, r.unreadCount])).toEqual([
      [2, 3],
      [1, 0],
    ]);
    expect(state().rooms[0]!.lastMessage?.messageId).toBe(111);
    expect(state().total).toMatchObject({ total: 3, byKind: { GROUP: 3 } });

    // One's own message reads the room up to it.
    emit(SERVER_EVENTS.chatMessage, { roomId: 1, kind: 'GROUP', message: message(1, 11, ME) });
    expect(state().rooms.map((r) => [r.roomId, r.unreadCount])).toEqual([
      [1, 0],
      [2, 3],
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.length).toBe(loadedCalls);
  });

  it('counts a deleted unread message no more, and takes a read from another tab, with no request', async () => {
    const { calls, loadedCalls, emit, state } = await mountWithRooms();
    emit(SERVER_EVENTS.chatMessageUpdated, { roomId: 2, kind: 'GROUP', message: message(2, 10, OTHER, true) });
    expect(state().rooms.find((r) => r.roomId === 2)!.unreadCount).toBe(1);
    expect(state().total).toMatchObject({ total: 1, byKind: { GROUP: 1 } });

    const read: ChatUnreadEvent = { roomId: 2, unreadCount: 0, muted: false, lastReadSeq: 10 };
    emit(SERVER_EVENTS.chatUnread, read);
    expect(state().rooms.find((r) => r.roomId === 2)!.unreadCount).toBe(0);
    expect(state().total).toMatchObject({ total: 0, byKind: { GROUP: 0 } });
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.length).toBe(loadedCalls);
  });
});
