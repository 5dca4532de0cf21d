import { CHAT_MESSAGES, type ChatMessage, SERVER_EVENTS } from '@leadcircle/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { realtime, useOnReconnect, useRealtimeEvent, useRealtimeState } from '../../core/realtime/realtime';
import { errorMessage, isApiError } from '../../lib/api-error';
import { chatApi } from './api';
import { type OutboxItem, outbox, type SendResult } from './outbox';
import { messageReceived, messageUpdated, unreadChanged } from './room-cache-sync';

// While the shell is open: room lists and unread counts follow the realtime channel (a message, an edit, a
// read in another tab patch the cache; the lists are fetched again only after a reconnect, a membership
// change or for a room no loaded page holds), and the outbox sends what waits whenever the connection is up.

const REFRESH_DELAY_MS = 200;
const RETRY_MS = 5_000;

/** Room lists and unread counts refetch (once for a burst of events) when rooms come, go or change. */
function useRoomListRefresh() {
  const dispatch = useAppDispatch();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = (roomId?: number) => {
    if (roomId) dispatch(chatApi.util.invalidateTags([{ type: 'ChatRoom', id: roomId }]));
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      dispatch(chatApi.util.invalidateTags(['ChatRooms', 'ChatUnread']));
    }, REFRESH_DELAY_MS);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return refresh;
}

export function useChatRealtime(): void {
  const dispatch = useAppDispatch();
  const refresh = useRoomListRefresh();
  const userId = useAppSelector((state) => state.session.userId) ?? 0;
  useRealtimeEvent(SERVER_EVENTS.chatMessage, (event) => {
    if (!dispatch(messageReceived(event, userId))) refresh();
  });
  useRealtimeEvent(SERVER_EVENTS.chatMessageUpdated, (event) => {
    if (!dispatch(messageUpdated(event, userId))) refresh();
  });
  useRealtimeEvent(SERVER_EVENTS.chatUnread, (event) => {
    if (!dispatch(unreadChanged(event))) refresh(event.roomId);
  });
  useRealtimeEvent(SERVER_EVENTS.chatRoomAdded, () => refresh());
  useRealtimeEvent(SERVER_EVENTS.chatRoomRemoved, (event) => refresh(event.roomId));
  useRealtimeEvent(SERVER_EVENTS.chatRoomChanged, (event) => refresh(event.roomId));
  useOnReconnect(() => refresh());

  const { status } = useRealtimeState();
  const items = useSyncExternalStore(outbox.subscribe, outbox.getItems);
  const hasWaiting = items.some((item) => item.status === 'waiting');
  useEffect(() => {
    if (status !== 'connected' || !hasWaiting) return;
    const send = async (item: OutboxItem): Promise<SendResult> => {
      // The connection went down meanwhile: wait for it.
      if (!realtime.isConnected) return { ok: false, retry: true };
      const request = item.file
        ? dispatch(
            chatApi.endpoints.uploadAttachment.initiate({
              roomId: item.roomId,
              file: item.file,
              message: item.message || undefined,
              clientMessageId: item.clientMessageId,
            }),
          )
        : dispatch(
            chatApi.endpoints.sendMessage.initiate({
              room_id: item.roomId,
              message: item.message,
              client_message_id: item.clientMessageId,
            }),
          );
      const result = await request;
      // Nothing else reads the call's entry: let it go.
      request.reset();
      if ('data' in result && result.data) return { ok: true, message: result.data as ChatMessage };
      const error = 'error' in result ? result.error : undefined;
      // Not reached, or the server failed for a moment: try again later. Anything else is the answer.
      const retry = !isApiError(error) || error.status === 0 || error.status >= 500;
      return { ok: false, retry, error: errorMessage(error, CHAT_MESSAGES.sendFailed) };
    };
    void outbox.flush(send);
    // A message kept back by a failed attempt is tried again a little later.
    const retry = setInterval(() => void outbox.flush(send), RETRY_MS);
    return () => clearInterval(retry);
  }, [status, hasWaiting, dispatch]);
}

/** The messages of one room waiting in the outbox. */
export function useOutboxItems(roomId: number): OutboxItem[] {
  const items = useSyncExternalStore(outbox.subscribe, outbox.getItems);
  return items.filter((item) => item.roomId === roomId);
}
