import { type ChatMessage, type ChatMessageEvent, PAGE_SIZE, SERVER_EVENTS } from '@leadcircle/shared';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useAppDispatch } from '../../core/hooks';
import { useOnReconnect, useRealtimeEvent } from '../../core/realtime/realtime';
import { chatApi } from './api';
import { outbox } from './outbox';
import {
  emptyRoomMessages,
  hasOlderMessages,
  isAfterGap,
  type RoomMessagesState,
  roomMessagesReducer,
} from './room-messages';

export interface RoomMessages {
  state: RoomMessagesState;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  error: unknown;
  loadOlder: () => Promise<void>;
  /** Shows a message the server answered (a send, an edit) at once. */
  apply: (message: ChatMessage) => void;
}

/**
 * One open room's messages: the newest 50, older pages on request (offset = the messages held, so
 * offsets grow by 50), live messages, edits and deletions from the realtime channel, and catch-up from
 * the last change held after every reconnection or gap.
 */
export function useRoomMessages(roomId: number): RoomMessages {
  const dispatch = useAppDispatch();
  const [state, send] = useReducer(roomMessagesReducer, emptyRoomMessages);
  const stateRef = useRef(state);
  stateRef.current = state;
  const [error, setError] = useState<unknown>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const catchingUp = useRef(false);

  const fetchMessages = useCallback(
    async (body: Parameters<typeof chatApi.endpoints.listMessages.initiate>[0]) => {
      const request = dispatch(chatApi.endpoints.listMessages.initiate(body, { subscribe: false, forceRefetch: true }));
      return request.unwrap();
    },
    [dispatch],
  );

  useEffect(() => {
    let isCurrent = true;
    send({ type: 'reset' });
    setError(null);
    fetchMessages({ room_id: roomId, list_message_type: 'LATEST', offset: 0, limit: PAGE_SIZE })
      .then((page) => {
        if (isCurrent) send({ type: 'latestLoaded', messages: page.messages, version: page.lastVersion });
      })
      .catch((failure: unknown) => {
        if (isCurrent) setError(failure);
      });
    return () => {
      isCurrent = false;
    };
  }, [roomId, fetchMessages]);

  // Every change after the last complete version, a page at a time, oldest change first.
  const catchUp = useCallback(async () => {
    if (catchingUp.current || !stateRef.current.isLoaded) return;
    catchingUp.current = true;
    try {
      for (;;) {
        const page = await fetchMessages({
          room_id: roomId,
          list_message_type: 'SINCE',
          since_version: stateRef.current.version,
          offset: 0,
          limit: PAGE_SIZE,
        });
        // lastVersion is the room's own: complete only once the last page is in.
        const held = maxVersion(page.messages);
        send({
          type: 'changesLoaded',
          messages: page.messages,
          version: page.hasMore ? held : Math.max(held, page.lastVersion),
        });
        if (!page.hasMore || page.messages.length === 0) break;
      }
    } catch {
      // The next reconnection or gap tries again.
    } finally {
      catchingUp.current = false;
    }
  }, [roomId, fetchMessages]);

  const receive = (event: ChatMessageEvent) => {
    if (event.roomId !== roomId) return;
    const gap = isAfterGap(stateRef.current, event.message);
    send({ type: 'received', message: event.message });
    if (gap) void catchUp();
  };
  useRealtimeEvent(SERVER_EVENTS.chatMessage, receive);
  useRealtimeEvent(SERVER_EVENTS.chatMessageUpdated, receive);
  useOnReconnect(() => void catchUp());

  const apply = useCallback(
    (message: ChatMessage) => {
      if (message.roomId === roomId) send({ type: 'received', message });
    },
    [roomId],
  );
  useEffect(() => outbox.onSent(apply), [apply]);

  const loadOlder = useCallback(async () => {
    if (isLoadingOlder || !hasOlderMessages(stateRef.current)) return;
    setIsLoadingOlder(true);
    try {
      const page = await fetchMessages({
        room_id: roomId,
        list_message_type: 'LATEST',
        offset: stateRef.current.messages.length,
        limit: PAGE_SIZE,
      });
      send({ type: 'olderLoaded', messages: page.messages });
    } catch (failure) {
      setError(failure);
    } finally {
      setIsLoadingOlder(false);
    }
  }, [roomId, fetchMessages, isLoadingOlder]);

  return { state, hasOlder: hasOlderMessages(state), isLoadingOlder, error, loadOlder, apply };
}

function maxVersion(messages: readonly ChatMessage[]): number {
  return messages.reduce((max, message) => Math.max(max, message.version), 0);
}
