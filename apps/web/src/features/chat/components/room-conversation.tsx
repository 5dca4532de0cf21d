import type { ChatMessage } from '@leadcircle/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useAppSelector } from '../../../core/hooks';
import { errorMessage } from '../../../lib/api-error';
import { announcementOf, messageToAnnounce } from '../announcements';
import {
  useDeleteMessageMutation,
  useEditMessageMutation,
  useGetRoomQuery,
  useMarkRoomReadMutation,
  useMuteRoomMutation,
} from '../api';
import { groupByDay } from '../day-groups';
import { roomStartOf, useRoomMessages } from '../use-room-messages';
import { Composer } from './composer';
import { MessageItem } from './message-item';
import { PendingMessages } from './pending-messages';
import { RoomAvatar } from './room-avatar';

// Older messages load when the reader scrolls this close to the top.
const LOAD_OLDER_THRESHOLD_PX = 120;
// Still "at the bottom" this close to it: a new message then scrolls into view.
const STICK_TO_BOTTOM_PX = 80;

interface RoomConversationProps {
  roomId: number;
  /** On a phone, back to the room list. */
  onBack?: () => void;
  /** Hide the room's own title (a page that already names it, such as a group's Messages tab). */
  hideTitle?: boolean;
  /** Shown while the room has no message (the opportunity's tab has the spec's own). */
  emptyState?: ReactNode;
}

/**
 * A room's conversation: messages by day, newest at the bottom, older pages on scroll (50 at a time),
 * the author's edit and delete, mute, and the composer. A route composes it (a chat page, a group's or
 * an opportunity's Messages tab); it fills the height it is given.
 */
export function RoomConversation({ roomId, onBack, hideTitle = false, emptyState }: RoomConversationProps) {
  const userId = useAppSelector((state) => state.session.userId);
  const room = useGetRoomQuery(roomId);
  // A room with unread messages opens at the first of them (its read mark, once the room is known).
  const {
    state,
    hasOlder,
    isLoadingOlder,
    hasNewer,
    isLoadingNewer,
    firstUnreadSeq,
    error,
    loadOlder,
    loadNewer,
    apply,
  } = useRoomMessages(roomId, room.currentData ? roomStartOf(room.currentData) : undefined);
  const [markRead] = useMarkRoomReadMutation();
  const [mute, muteState] = useMuteRoomMutation();
  const [editMessage] = useEditMessageMutation();
  const [deleteMessage, deleteState] = useDeleteMessageMutation();
  const [toDelete, setToDelete] = useState<ChatMessage | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const scrollMemo = useRef({ height: 0, top: 0, firstId: 0, lastId: 0, wasAtBottom: true });
  const firstUnread = useRef<HTMLLIElement>(null);

  const { messages } = state;
  const first = messages[0];
  const last = messages.at(-1);

  // Keep the reader's place when older messages come in above; follow new ones at the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const memo = scrollMemo.current;
    const firstId = first?.messageId ?? 0;
    const lastId = last?.messageId ?? 0;
    if (memo.lastId === 0 && lastId !== 0 && firstUnread.current) {
      // Opened at the first unread message: it shows at the top, older ones load above, newer below.
      element.scrollTop = Math.max(0, firstUnread.current.offsetTop - element.offsetTop);
      memo.wasAtBottom = false;
    } else if (memo.firstId !== 0 && firstId !== memo.firstId && lastId === memo.lastId) {
      element.scrollTop = memo.top + (element.scrollHeight - memo.height);
    } else if (
      lastId !== memo.lastId &&
      (memo.wasAtBottom || memo.lastId === 0 || (last?.user.userId === userId && !hasNewer))
    ) {
      element.scrollTop = element.scrollHeight;
    }
    scrollMemo.current = { ...memo, firstId, lastId, height: element.scrollHeight, top: element.scrollTop };
  }, [first?.messageId, last?.messageId, last?.user.userId, userId, hasNewer]);

  // Content that grows after it is shown (a picture loading, a narrower screen) keeps a reader at the bottom there.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (!element || !content.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (scrollMemo.current.wasAtBottom) element.scrollTop = element.scrollHeight;
    });
    observer.observe(content.current);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    scrollMemo.current.top = element.scrollTop;
    scrollMemo.current.height = element.scrollHeight;
    scrollMemo.current.wasAtBottom =
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_THRESHOLD_PX && hasOlder && !isLoadingOlder) void loadOlder();
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (fromBottom < LOAD_OLDER_THRESHOLD_PX && hasNewer && !isLoadingNewer) void loadNewer();
  };

  // What is on screen in a visible tab is read.
  const lastSeq = last?.seq ?? 0;
  const marked = useRef(0);
  const lastReadSeq = room.data?.lastReadSeq;
  useEffect(() => {
    if (lastReadSeq === undefined || lastSeq === 0) return;
    const markIfVisible = () => {
      if (document.visibilityState !== 'visible' || lastSeq <= Math.max(marked.current, lastReadSeq)) return;
      marked.current = lastSeq;
      void markRead({ room_id: roomId, seq: lastSeq });
    };
    markIfVisible();
    document.addEventListener('visibilitychange', markIfVisible);
    return () => document.removeEventListener('visibilitychange', markIfVisible);
  }, [roomId, lastSeq, lastReadSeq, markRead]);

  // Kept the same between renders, so the messages are not drawn again for changes of the room around them.
  const edit = useCallback(
    async (message: ChatMessage, text: string): Promise<string | null> => {
      try {
        apply(await editMessage({ message_id: message.messageId, message: text.trim() }).unwrap());
        return null;
      } catch (failure) {
        return errorMessage(failure, 'The message could not be changed.');
      }
    },
    [apply, editMessage],
  );
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      apply(await deleteMessage(toDelete.messageId).unwrap());
      setActionError(null);
    } catch (failure) {
      setActionError(errorMessage(failure, 'The message could not be deleted.'));
    }
    setToDelete(null);
  };

  const isMuted = room.data?.muted ?? false;
  const toggleMute = async () => {
    try {
      await mute({ room_id: roomId, muted: !isMuted }).unwrap();
    } catch (failure) {
      setActionError(errorMessage(failure, 'The room could not be changed.'));
    }
  };

  // A message from someone else arriving while the room is open is read out, politely.
  const [announcement, setAnnouncement] = useState('');
  // The newest message id seen; null until the room's first page is in (that page is not read out).
  const seenId = useRef<number | null>(null);
  useEffect(() => {
    if (!state.isLoaded) {
      seenId.current = null;
      setAnnouncement('');
      return;
    }
    const arrived = seenId.current === null ? null : messageToAnnounce(messages, seenId.current, userId);
    if (arrived) setAnnouncement(announcementOf(arrived));
    seenId.current = Math.max(seenId.current ?? 0, last?.messageId ?? 0);
  }, [state.isLoaded, messages, last?.messageId, userId]);

  const days = groupByDay(messages, (message) => message.createdAt);
  const roomName = room.data?.name ?? '';
  return (
    <Box
      component="section"
      aria-label={roomName ? `Conversation: ${roomName}` : 'Conversation'}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, minWidth: 0 }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, px: { xs: 1, sm: 2 }, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {onBack && (
          <IconButton onClick={onBack} aria-label="Back to rooms" edge="start">
            <ArrowBackIcon />
          </IconButton>
        )}
        {!hideTitle && room.data && (
          <>
            <RoomAvatar name={room.data.name} src={room.data.avatarUrl} size={32} />
            <Typography component="h2" variant="h6" noWrap sx={{ flex: 1 }}>
              {room.data.name}
            </Typography>
          </>
        )}
        {(hideTitle || !room.data) && <Box sx={{ flex: 1 }} />}
        {room.data && (
          <Tooltip title={isMuted ? 'Unmute: count unread messages again' : 'Mute: no unread count or notifications'}>
            <Button
              size="small"
              onClick={() => void toggleMute()}
              disabled={muteState.isLoading}
              startIcon={isMuted ? <NotificationsIcon /> : <NotificationsOffIcon />}
              aria-pressed={isMuted}
            >
              {isMuted ? 'UNMUTE' : 'MUTE'}
            </Button>
          </Tooltip>
        )}
      </Stack>
      {(room.isError || Boolean(error)) && (
        <Alert severity="error" sx={{ m: 1 }}>
          {errorMessage(room.error ?? error, 'The conversation could not be loaded.')}
        </Alert>
      )}
      {actionError && (
        <Alert severity="error" sx={{ m: 1 }} onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      <Box ref={scroller} onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', py: 1 }}>
        <Box ref={content}>
          {hasOlder && (
            <Box sx={{ textAlign: 'center', py: 1 }}>
              <Button size="small" onClick={() => void loadOlder()} loading={isLoadingOlder}>
                SHOW OLDER MESSAGES
              </Button>
            </Box>
          )}
          {!state.isLoaded && !error && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress size={28} aria-label="Loading messages" />
            </Box>
          )}
          {state.isLoaded &&
            messages.length === 0 &&
            (emptyState ?? (
              <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4, px: 2 }}>
                No messages yet. Say hello!
              </Typography>
            ))}
          {days.map((day) => (
            <Box key={day.key} component="section" aria-label={day.heading}>
              <Divider sx={{ my: 1, typography: 'caption', color: 'text.secondary' }}>
                <Typography component="h3" variant="caption">
                  {day.heading}
                </Typography>
              </Divider>
              <Box component="ul" aria-label={`Messages of ${day.heading}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {day.items.map((message) => (
                  <Fragment key={message.messageId}>
                    {message.seq === firstUnreadSeq && (
                      <Box component="li" ref={firstUnread} sx={{ listStyle: 'none' }}>
                        <Divider sx={{ my: 1, typography: 'caption', color: 'primary.main' }}>New messages</Divider>
                      </Box>
                    )}
                    <MessageItem
                      message={message}
                      isOwn={message.user.userId === userId}
                      onEdit={edit}
                      onDelete={setToDelete}
                    />
                  </Fragment>
                ))}
              </Box>
            </Box>
          ))}
          {hasNewer && (
            <Box sx={{ textAlign: 'center', py: 1 }}>
              <Button size="small" onClick={() => void loadNewer()} loading={isLoadingNewer}>
                SHOW NEWER MESSAGES
              </Button>
            </Box>
          )}
          <PendingMessages roomId={roomId} />
        </Box>
      </Box>
      <Box aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Composer roomId={roomId} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete message"
        warning="The message is removed for everyone in the room."
        confirmLabel="DELETE"
        isDestructive
        isBusy={deleteState.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
