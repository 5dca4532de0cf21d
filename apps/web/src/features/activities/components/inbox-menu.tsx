import { describeActivity } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useInboxQuery, useMarkInboxAllReadMutation, useMarkInboxReadMutation } from '../api';
import { relativeTime } from '../describe';

/**
 * The inbox the bell opens, from the bell's own inbox query; a click opens an item and marks it read. In a file
 * of its own so the menu's code loads when the bell is first used.
 */
export function InboxMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const navigate = useNavigate();
  const inbox = useInboxQuery();
  const [markRead] = useMarkInboxReadMutation();
  const [markAllRead] = useMarkInboxAllReadMutation();
  const unread = inbox.data?.unreadCount ?? 0;
  const items = inbox.data?.notifications ?? [];

  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
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
              onClose();
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
  );
}
