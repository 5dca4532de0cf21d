import { type ChatMessage, PAGE_SIZE } from '@leadcircle/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { store } from '../../core/store';
import { answerCalls, bodiesSentTo } from '../../test/fake-server';
import { roomStartOf, useRoomMessages } from './use-room-messages';

const user = { userId: 2, firstName: 'Ann', lastName: 'Lee', avatarUrl: null };
function message(seq: number): ChatMessage {
  return {
    messageId: 100 + seq,
    roomId: 7,
    seq,
    version: seq,
    message: `m${seq}`,
    user,
    createdAt: new Date(2026, 0, 1, 0, seq).toISOString(),
    editedAt: null,
    deleted: false,
    clientMessageId: null,
    attachment: null,
  };
}
/** A page as the server answers it: newest first. */
const page = (from: number, to: number, hasMore: boolean) => ({
  status: 200,
  body: {
    roomId: 7,
    messages: Array.from({ length: to - from + 1 }, (_, i) => message(to - i)),
    totalCount: 300,
    hasMore,
    lastVersion: 300,
  },
});
const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
const LIST = '/api/chat/message/list';

describe('roomStartOf', () => {
  it('opens a room with unread messages just after its read mark, any other at its newest', () => {
    expect(roomStartOf({ unreadCount: 3, lastReadSeq: 40, lastSeq: 43 })).toEqual({
      kind: 'afterRead',
      lastReadSeq: 40,
    });
    expect(roomStartOf({ unreadCount: 0, lastReadSeq: 40, lastSeq: 43 })).toEqual({ kind: 'latest' });
    expect(roomStartOf({ unreadCount: 0, lastReadSeq: 43, lastSeq: 43 })).toEqual({ kind: 'latest' });
  });
});

describe('useRoomMessages', () => {
  it('opens at its newest page and pages back by before_seq, never by offset', async () => {
    const calls = answerCalls({ [LIST]: [page(251, 300, true), page(201, 250, true)] });
    const { result } = renderHook(() => useRoomMessages(7, { kind: 'latest' }), { wrapper });
    await waitFor(() => expect(result.current.state.isLoaded).toBe(true));
    expect(result.current.state.messages[0]?.seq).toBe(251);
    expect(result.current.firstUnreadSeq).toBeNull();
    await act(() => result.current.loadOlder());
    expect(result.current.state.messages[0]?.seq).toBe(201);
    expect(bodiesSentTo(calls, LIST)).toEqual([
      { room_id: 7, list_message_type: 'LATEST', limit: PAGE_SIZE },
      { room_id: 7, list_message_type: 'LATEST', before_seq: 251, limit: PAGE_SIZE },
    ]);
  });

  it('opens a room with unread messages at the first of them, older above and newer below by anchor', async () => {
    const calls = answerCalls({ [LIST]: [page(121, 170, true), page(171, 220, false), page(71, 120, true)] });
    const { result } = renderHook(() => useRoomMessages(7, { kind: 'afterRead', lastReadSeq: 120 }), { wrapper });
    await waitFor(() => expect(result.current.state.isLoaded).toBe(true));
    expect(result.current.firstUnreadSeq).toBe(121);
    expect(result.current.state.messages[0]?.seq).toBe(121);
    expect(result.current).toMatchObject({ hasOlder: true, hasNewer: true });
    await act(() => result.current.loadNewer());
    expect(result.current.state.messages.at(-1)?.seq).toBe(220);
    expect(result.current.hasNewer).toBe(false);
    await act(() => result.current.loadOlder());
    expect(result.current.state.messages[0]?.seq).toBe(71);
    expect(bodiesSentTo(calls, LIST)).toEqual([
      { room_id: 7, list_message_type: 'LATEST', after_seq: 120, limit: PAGE_SIZE },
      { room_id: 7, list_message_type: 'LATEST', after_seq: 170, limit: PAGE_SIZE },
      { room_id: 7, list_message_type: 'LATEST', before_seq: 121, limit: PAGE_SIZE },
    ]);
  });

  it('waits for the read mark before it loads, and a later read mark does not reopen the room', async () => {
    const calls = answerCalls({ [LIST]: page(121, 170, true) });
    const { result, rerender } = renderHook(
      ({ lastReadSeq }: { lastReadSeq?: number }) =>
        useRoomMessages(7, lastReadSeq === undefined ? undefined : { kind: 'afterRead', lastReadSeq }),
      { wrapper, initialProps: {} },
    );
    expect(bodiesSentTo(calls, LIST)).toEqual([]);
    rerender({ lastReadSeq: 120 });
    await waitFor(() => expect(result.current.state.isLoaded).toBe(true));
    rerender({ lastReadSeq: 170 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodiesSentTo(calls, LIST)).toHaveLength(1);
  });
});
