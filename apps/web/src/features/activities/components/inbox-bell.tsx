import { SERVER_EVENTS } from '@leadcircle/shared';
import NotificationsIcon from '@mui/icons-material/Notifications';
import IconButton from '@mui/material/IconButton';
import { Suspense, useRef, useState } from 'react';
import { CountBadge, unreadText } from '../../../components/count-badge';
import { useAppDispatch } from '../../../core/hooks';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { lazyPreloadable } from '../../../lib/lazy-preloadable';
import { activitiesApi, useInboxQuery } from '../api';

// The menu (MUI's Menu, Popover and MenuList) is on no page's first load: the bell is on every signed-in page,
// its menu opened now and then. Fetched when the bell is pointed at or focused, so it is there by the click.
const InboxMenu = lazyPreloadable(() => import('./inbox-menu').then((m) => m.InboxMenu));
const preloadMenu = () => void InboxMenu.preload().catch(() => {});

/**
 * The app bar's bell: the unread count, and the inbox (InboxMenu) it opens. Live: a new item
 * adds one to the count from its event, and the list is read again when the menu next opens.
 */
export function InboxBell() {
  const dispatch = useAppDispatch();
  const inbox = useInboxQuery();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so it closes with its transition.
  const [menuMounted, setMenuMounted] = useState(false);
  // Whether items came since the list was read: it is read again when the menu opens.
  const listStale = useRef(false);
  const refresh = () => dispatch(activitiesApi.util.invalidateTags(['Inbox']));
  // One more unread, counted here from the event: a new activity asks the server nothing.
  useRealtimeEvent(SERVER_EVENTS.activityNew, (event) => {
    if (!event.inbox) return;
    listStale.current = true;
    dispatch(
      activitiesApi.util.updateQueryData('inbox', undefined, (draft) => {
        draft.unreadCount += 1;
      }),
    );
  });
  // Missed events, or a group, business or opportunity lost (its activities leave the inbox): counted again.
  useOnReconnect(refresh);
  useRealtimeEvent(SERVER_EVENTS.chatRoomRemoved, refresh);
  const open = (target: HTMLElement) => {
    setMenuMounted(true);
    setAnchor(target);
    if (listStale.current) {
      listStale.current = false;
      void inbox.refetch();
    }
  };
  const unread = inbox.data?.unreadCount ?? 0;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread > 0 ? `Notifications, ${unreadText(unread)}` : 'Notifications'}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => open(event.currentTarget)}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        sx={{ mr: 1 }}
      >
        <CountBadge count={unread}>
          <NotificationsIcon />
        </CountBadge>
      </IconButton>
      {menuMounted && (
        <Suspense fallback={null}>
          <InboxMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
