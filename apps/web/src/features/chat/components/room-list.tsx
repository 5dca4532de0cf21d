import type { ChatMessage, ChatRoom } from '@leadcircle/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { formatListTime } from '../day-groups';
import { RoomAvatar } from './room-avatar';
import { UnreadBadge } from './unread-badge';

/** One line of a room's last message: its text, or what stands in for it; a file's is marked by the icon. */
export function messagePreview(message: ChatMessage | null): { text: string; hasAttachment: boolean } {
  if (!message) return { text: 'No messages yet', hasAttachment: false };
  if (message.deleted) return { text: 'Message removed', hasAttachment: false };
  const text = message.message.replace(/\s+/g, ' ').trim();
  if (message.attachment) return { text: text || message.attachment.fileName, hasAttachment: true };
  return { text, hasAttachment: false };
}

/** The last message's line, a file's marked with the app's attachment icon (an emoji may show as a box). */
function MessagePreview({ message }: { message: ChatMessage | null }) {
  const { text, hasAttachment } = messagePreview(message);
  return (
    <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1 }}>
      {hasAttachment && (
        <AttachFileIcon titleAccess="Attachment" sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.25 }} />
      )}
      {text}
    </Typography>
  );
}

interface RoomListProps {
  rooms: readonly ChatRoom[];
  selectedRoomId: number | null;
  /** The address that opens a room. */
  roomHref: (roomId: number) => string;
  label: string;
}

/** Rooms, newest activity first: picture or initial, name, last message, its time and the unread count. */
export function RoomList({ rooms, selectedRoomId, roomHref, label }: RoomListProps) {
  return (
    <List aria-label={label} disablePadding>
      {rooms.map((room) => {
        const time = room.lastMessage?.createdAt ?? room.lastActivityAt;
        return (
          <ListItem key={room.roomId} disablePadding>
            <ListItemButton
              component={Link}
              to={roomHref(room.roomId)}
              selected={room.roomId === selectedRoomId}
              aria-current={room.roomId === selectedRoomId ? 'page' : undefined}
              sx={{ gap: 1, alignItems: 'flex-start', py: 1.25 }}
            >
              <ListItemAvatar sx={{ minWidth: 48, mt: 0.25 }}>
                <RoomAvatar name={room.name} src={room.avatarUrl} />
              </ListItemAvatar>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1 }}>
                  <Typography variant="subtitle2" noWrap sx={{ flex: 1, fontWeight: room.unreadCount > 0 ? 700 : 500 }}>
                    {room.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="time" dateTime={time}>
                    {formatListTime(time)}
                  </Typography>
                </Stack>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                  <MessagePreview message={room.lastMessage} />
                  {room.muted && <NotificationsOffIcon fontSize="small" color="disabled" titleAccess="Muted" />}
                  <UnreadBadge count={room.unreadCount} />
                </Stack>
              </Box>
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
