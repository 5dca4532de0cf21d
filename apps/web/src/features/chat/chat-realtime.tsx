import { useChatRealtime } from './use-chat-realtime';

/** Mounted by the shell: room lists and unread counts follow the realtime channel; the outbox sends. */
export function ChatRealtime() {
  useChatRealtime();
  return null;
}

export { chatApi, useGetUnreadTotalQuery } from './api';
