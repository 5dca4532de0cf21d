import { describeActivity, SERVER_EVENTS } from '@leadcircle/shared';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CountBadge, unreadText } from '../../../components/count-badge';
import { useAppDispatch } from '../../../core/hooks';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { activitiesApi, useInboxQuery, useMarkInboxAllReadMutation, useMarkInboxReadMutation } from '../api';
import { relativeTime } from '../describe';

/**
 * The app bar's bell: the unread count, the inbox; a click opens an item and marks it read. Live: a new item
 * adds one to the count from its event, and the list is read again when the menu next opens.
 */
export function InboxBell() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const inbox = useInboxQuery();
  const [markRead] = useMarkInboxReadMutation();
  const [markAllRead] = useMarkInboxAllReadMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
    setAnchor(target);
    if (listStale.current) {
      listStale.current = false;
      void inbox.refetch();
    }
  };
  const unread = inbox.data?.unreadCount ?? 0;
  const items = inbox.data?.notifications ?? [];

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread > 0 ? `Notifications, ${unreadText(unread)}` : 'Notifications'}
        onClick={(event) => open(event.currentTarget)}
        sx={{ mr: 1 }}
      >
        <CountBadge count={unread}>
          <NotificationsIcon />
        </CountBadge>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Notifications' }, paper: { sx: { maxWidth: 360, maxHeight: 480 } } }}
      >
        <MenuItem disabled={unread === 0} onClick={() => markAllRead()}>
          <Button size="small" component="span">
            Mark all read
          </Button>
        </MenuItem>
        {inbox.isError && !inbox.data && (
          <MenuItem disabled>
            <Typography variant="body2">Notifications could not be loaded.</Typography>
          </MenuItem>
        )}
        {inbox.isSuccess && items.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">Nothing new.</Typography>
          </MenuItem>
        )}
        {items.map(({ activity, read }) => {
          const { text, to } = describeActivity(activity);
          return (
            <MenuItem
              key={activity.activityId}
              onClick={() => {
                setAnchor(null);
                if (!read) void markRead(activity.activityId);
                if (to) navigate(to);
              }}
            >
              <ListItemText
                primary={text}
                secondary={relativeTime(activity.timestamp)}
                slotProps={{ primary: { sx: { fontWeight: read ? 400 : 700, whiteSpace: 'normal' } } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
