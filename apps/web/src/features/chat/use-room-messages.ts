import {
  type CallResponse,
  type ChatMessage,
  type ChatMessageEvent,
  type chatCalls,
  PAGE_SIZE,
  SERVER_EVENTS,
} from '@leadcircle/shared';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useAppDispatch } from '../../core/hooks';
import { useOnReconnect, useRealtimeEvent } from '../../core/realtime/realtime';
import type { AppDispatch } from '../../core/store';
import { chatApi } from './api';
import { outbox } from './outbox';
import {
  emptyRoomMessages,
  hasNewerMessages,
  hasOlderMessages,
  isAfterGap,
  type RoomMessagesAction,
  type RoomMessagesState,
  roomMessagesReducer,
} from './room-messages';

export interface RoomMessages {
  state: RoomMessagesState;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  /** Newer messages than those held remain to load (a room opened at its first unread message). */
  hasNewer: boolean;
  isLoadingNewer: boolean;
  /** The seq of the first unread message the room was opened at; null when opened at its newest. */
  firstUnreadSeq: number | null;
  error: unknown;
  loadOlder: () => Promise<void>;
  loadNewer: () => Promise<void>;
  /** Shows a message the server answered (a send, an edit) at once. */
  apply: (message: ChatMessage) => void;
}

/** Where a room opens: at its newest messages, or just after the read mark (its first unread message). */
export type RoomStart = { kind: 'latest' } | { kind: 'afterRead'; lastReadSeq: number };

/** A room with unread messages opens at the first of them; any other at its newest. */
export function roomStartOf(room: { unreadCount: number; lastReadSeq: number; lastSeq: number }): RoomStart {
  return room.unreadCount > 0 && room.lastReadSeq < room.lastSeq
    ? { kind: 'afterRead', lastReadSeq: room.lastReadSeq }
    : { kind: 'latest' };
}

type MessagePage = CallResponse<typeof chatCalls.messageList>;

/** The page a room opens at: its newest, or the one just after its read mark. */
export function openingPageArgs(roomId: number, start: RoomStart) {
  return {
    room_id: roomId,
    list_message_type: 'LATEST' as const,
    ...(start.kind === 'afterRead' ? { after_seq: start.lastReadSeq } : {}),
    limit: PAGE_SIZE,
  };
}

/** A room's opening: what its held messages start as, and its first unread message's seq. */
interface Opening {
  action: RoomMessagesAction;
  firstUnreadSeq: number | null;
}

/** How a room opens from the page it opened at; undefined when the newest page must be asked for instead. */
function openingOf(page: MessagePage, start: RoomStart): Opening | undefined {
  if (start.kind === 'latest') {
    return {
      action: { type: 'latestLoaded', messages: page.messages, version: page.lastVersion },
      firstUnreadSeq: null,
    };
  }
  // Nothing after the mark any more (deleted meanwhile): the newest page, as any room.
  if (page.messages.length === 0) return undefined;
  return {
    action: { type: 'windowLoaded', messages: page.messages, version: page.lastVersion, hasNewer: page.hasMore },
    firstUnreadSeq: page.messages.at(-1)?.seq ?? null,
  };
}

// An opening page asked for before the room's screen (a first page's data), taken once by the room as it opens.
// Left untaken this long it is not used: the page has moved on, and the room may have too.
const EARLY_PAGE_TTL_MS = 30_000;
interface EarlyPage {
  at: number;
  page: Promise<MessagePage | undefined>;
  /** The answer, once in: the room's first render shows it. */
  answer?: MessagePage;
}
const earlyPages = new Map<string, EarlyPage>();
const earlyKey = (roomId: number, start: RoomStart) => JSON.stringify(openingPageArgs(roomId, start));

/**
 * Asks for the page a room opens at before its screen renders, so a first page shows its messages in its
 * first render; settles once the answer is in (a failure too: the room asks again as it opens).
 */
export function prefetchOpeningPage(dispatch: AppDispatch, roomId: number, start: RoomStart): Promise<unknown> {
  const request = dispatch(
    chatApi.endpoints.listMessages.initiate(openingPageArgs(roomId, start), { subscribe: false, forceRefetch: true }),
  );
  const early: EarlyPage = { at: Date.now(), page: request.unwrap().catch(() => undefined) };
  earlyPages.set(earlyKey(roomId, start), early);
  return early.page.then((answer) => {
    early.answer = answer;
  });
}

/** The early page for this opening, while it is fresh. */
function earlyPage(roomId: number, start: RoomStart): EarlyPage | undefined {
  const early = earlyPages.get(earlyKey(roomId, start));
  return early && Date.now() - early.at <= EARLY_PAGE_TTL_MS ? early : undefined;
}

/** The early page for this opening, taken (a page is used once, fresh or not). */
function takeEarlyPage(roomId: number, start: RoomStart): EarlyPage | undefined {
  const early = earlyPage(roomId, start);
  earlyPages.delete(earlyKey(roomId, start));
  return early;
}

/** The room's opening from an early page already in (then taken); undefined otherwise. */
function openedEarly(roomId: number, start: RoomStart | undefined): Opening | undefined {
  if (!start) return undefined;
  const answer = earlyPage(roomId, start)?.answer;
  const opening = answer && openingOf(answer, start);
  if (opening) takeEarlyPage(roomId, start);
  return opening;
}

/**
 * One open room's messages: pages of 50 next to a message seq (older before the oldest held, newer after
 * the newest held), starting at the first unread message or the newest; live messages, edits and deletions
 * from the realtime channel, and catch-up from the last change held after every reconnection or gap.
 * `start` undefined waits (the room's read mark is not known yet).
 */
export function useRoomMessages(roomId: number, start?: RoomStart): RoomMessages {
  const dispatch = useAppDispatch();
  // A room whose opening page is already in (a first page's data) shows it in its first render.
  const [opened] = useState(() => openedEarly(roomId, start));
  const [state, send] = useReducer(roomMessagesReducer, emptyRoomMessages, (empty) =>
    opened ? roomMessagesReducer(empty, opened.action) : empty,
  );
  const stateRef = useRef(state);
  stateRef.current = state;
  const [error, setError] = useState<unknown>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [isLoadingNewer, setIsLoadingNewer] = useState(false);
  const [firstUnreadSeq, setFirstUnreadSeq] = useState<number | null>(opened?.firstUnreadSeq ?? null);
  const openedRoom = useRef(opened ? roomId : null);
  const catchingUp = useRef(false);

  const fetchMessages = useCallback(
    async (body: Parameters<typeof chatApi.endpoints.listMessages.initiate>[0]) => {
      const request = dispatch(chatApi.endpoints.listMessages.initiate(body, { subscribe: false, forceRefetch: true }));
      return request.unwrap();
    },
    [dispatch],
  );

  const loadLatest = useCallback(async () => {
    const page = await fetchMessages(openingPageArgs(roomId, { kind: 'latest' }));
    send({ type: 'latestLoaded', messages: page.messages, version: page.lastVersion });
  }, [roomId, fetchMessages]);

  // The read mark is taken once, when the room opens (marking read as the reader goes must not reopen it).
  const startRef = useRef(start);
  startRef.current = start;
  const isStartKnown = start !== undefined;
  useEffect(() => {
    // Opened in the first render already.
    if (openedRoom.current === roomId) {
      openedRoom.current = null;
      return;
    }
    let isCurrent = true;
    send({ type: 'reset' });
    setError(null);
    setFirstUnreadSeq(null);
    const opening = startRef.current;
    if (!isStartKnown || opening === undefined) return;
    const open = async () => {
      const early = await takeEarlyPage(roomId, opening)?.page;
      const page = early ?? (await fetchMessages(openingPageArgs(roomId, opening)));
      const latest = { kind: 'latest' } as const;
      const opened =
        openingOf(page, opening) ?? openingOf(await fetchMessages(openingPageArgs(roomId, latest)), latest);
      if (!isCurrent || !opened) return;
      setFirstUnreadSeq(opened.firstUnreadSeq);
      send(opened.action);
    };
    open().catch((failure: unknown) => {
      if (isCurrent) setError(failure);
    });
    return () => {
      isCurrent = false;
    };
  }, [roomId, isStartKnown, fetchMessages]);

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
      if (message.roomId !== roomId) return;
      send({ type: 'received', message });
      // One's own message sent from a window with newer pages left: jump to the newest, where it is.
      if (stateRef.current.hasNewer && message.deleted === false && message.editedAt === null) {
        void loadLatest().catch(setError);
      }
    },
    [roomId, loadLatest],
  );
  useEffect(() => outbox.onSent(apply), [apply]);

  // The page just older than the oldest held, or just newer than the newest held (a room opened at its
  // first unread message), read next to that message's seq.
  const loadBeside = useCallback(
    async (side: 'older' | 'newer') => {
      const held = stateRef.current;
      const edge = side === 'older' ? held.messages[0] : held.messages.at(-1);
      const hasMoreThere = side === 'older' ? hasOlderMessages(held) : hasNewerMessages(held);
      if (!edge || !hasMoreThere) return;
      const setLoading = side === 'older' ? setIsLoadingOlder : setIsLoadingNewer;
      setLoading(true);
      try {
        const anchor = side === 'older' ? { before_seq: edge.seq } : { after_seq: edge.seq };
        const page = await fetchMessages({ room_id: roomId, list_message_type: 'LATEST', ...anchor, limit: PAGE_SIZE });
        send(
          side === 'older'
            ? { type: 'olderLoaded', messages: page.messages }
            : { type: 'newerLoaded', messages: page.messages, hasNewer: page.hasMore },
        );
      } catch (failure) {
        setError(failure);
      } finally {
        setLoading(false);
      }
    },
    [roomId, fetchMessages],
  );
  const loadOlder = useCallback(async () => {
    if (!isLoadingOlder) await loadBeside('older');
  }, [loadBeside, isLoadingOlder]);
  const loadNewer = useCallback(async () => {
    if (!isLoadingNewer) await loadBeside('newer');
  }, [loadBeside, isLoadingNewer]);

  return {
    state,
    hasOlder: hasOlderMessages(state),
    isLoadingOlder,
    hasNewer: hasNewerMessages(state),
    isLoadingNewer,
    firstUnreadSeq,
    error,
    loadOlder,
    loadNewer,
    apply,
  };
}

function maxVersion(messages: readonly ChatMessage[]): number {
  return messages.reduce((max, message) => Math.max(max, message.version), 0);
}
