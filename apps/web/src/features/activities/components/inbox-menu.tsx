import { describeActivity } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { InboxItem } from '../api';
import { relativeTime } from '../describe';

export interface InboxMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  unread: number;
  items: InboxItem[];
  isError: boolean;
  isSuccess: boolean;
  onMarkAllRead: () => void;
  /** `to`: where the activity happened, when it has a page. */
  onOpenItem: (item: InboxItem, to: string | null) => void;
}

/** The inbox the bell opens; in a file of its own so the menu's code loads when the bell is first used. */
export function InboxMenu({
  anchor,
  onClose,
  unread,
  items,
  isError,
  isSuccess,
  onMarkAllRead,
  onOpenItem,
}: InboxMenuProps) {
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': 'Notifications' }, paper: { sx: { maxWidth: 360, maxHeight: 480 } } }}
    >
      <MenuItem disabled={unread === 0} onClick={onMarkAllRead}>
        <Button size="small" component="span">
          Mark all read
        </Button>
      </MenuItem>
      {isError && (
        <MenuItem disabled>
          <Typography variant="body2">Notifications could not be loaded.</Typography>
        </MenuItem>
      )}
      {isSuccess && items.length === 0 && (
        <MenuItem disabled>
          <Typography variant="body2">Nothing new.</Typography>
        </MenuItem>
      )}
      {items.map((item) => {
        const { activity, read } = item;
        const { text, to } = describeActivity(activity);
        return (
          <MenuItem key={activity.activityId} onClick={() => onOpenItem(item, to)}>
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
