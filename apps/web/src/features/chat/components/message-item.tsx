import { CHAT_MESSAGES, type ChatMessage } from '@leadcircle/shared';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, memo, useState } from 'react';
import { LinkedText } from '../../../components/linked-text';
import { UserAvatar } from '../../../components/user-avatar';
import { formatTime } from '../day-groups';
import { AttachmentView } from './attachment-view';

interface MessageItemProps {
  message: ChatMessage;
  isOwn: boolean;
  onEdit: (message: ChatMessage, text: string) => Promise<string | null>;
  onDelete: (message: ChatMessage) => void;
}

/**
 * One message: author's picture, name and time, the text with its links, its file; the author may edit or
 * delete it. Drawn again only when its own props change, not with every change of the room around it.
 */
export const MessageItem = memo(function MessageItem({ message, isOwn, onEdit, onDelete }: MessageItemProps) {
  const name = `${message.user.firstName} ${message.user.lastName}`.trim();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  // The menu is made when first opened (a room shows dozens of messages), then kept for its closing transition.
  const [menuMade, setMenuMade] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const [editError, setEditError] = useState<string | null>(null);

  const save = async () => {
    if (draft === null) return;
    if (draft.trim() === '') {
      setEditError(CHAT_MESSAGES.messageRequired);
      return;
    }
    const error = await onEdit(message, draft);
    setEditError(error);
    if (!error) setDraft(null);
  };
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  };

  return (
    <Box
      component="li"
      aria-label={`Message from ${name}`}
      sx={{ display: 'flex', gap: 1.5, py: 0.75, px: { xs: 1, sm: 2 }, '&:hover .message-actions': { opacity: 1 } }}
    >
      <UserAvatar
        firstName={message.user.firstName}
        lastName={message.user.lastName}
        src={message.user.avatarUrl}
        size={36}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2">{name}</Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.createdAt}>
            {formatTime(message.createdAt)}
          </Typography>
          {message.editedAt && !message.deleted && (
            <Typography variant="caption" color="text.secondary">
              (edited)
            </Typography>
          )}
        </Stack>
        {message.deleted ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            This message was removed.
          </Typography>
        ) : draft !== null ? (
          <Box sx={{ mt: 0.5 }}>
            <TextField
              label="Edit message"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={keyDown}
              multiline
              maxRows={6}
              fullWidth
              size="small"
              autoFocus
              error={editError !== null}
              helperText={editError ?? 'Enter to save, Esc to cancel'}
            />
            <Stack direction="row" sx={{ gap: 1, mt: 0.5 }}>
              <Button size="small" onClick={() => setDraft(null)}>
                CANCEL
              </Button>
              <Button size="small" variant="contained" onClick={() => void save()}>
                SAVE
              </Button>
            </Stack>
          </Box>
        ) : (
          <>
            {message.message && (
              // Text as written, line breaks kept, web addresses as links; never HTML.
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <LinkedText text={message.message} />
              </Typography>
            )}
            {message.attachment && <AttachmentView attachment={message.attachment} />}
          </>
        )}
      </Box>
      {isOwn && !message.deleted && draft === null && (
        <>
          <IconButton
            className="message-actions"
            size="small"
            aria-label="Message actions"
            onClick={(event) => {
              setMenuMade(true);
              setMenuAnchor(event.currentTarget);
            }}
            sx={{ alignSelf: 'flex-start', opacity: { xs: 1, md: 0.4 }, '&:focus-visible': { opacity: 1 } }}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          {/* Focus goes to the edit field or the delete dialog, not back to the button. */}
          {menuMade && (
            <Menu
              anchorEl={menuAnchor}
              open={menuAnchor !== null}
              onClose={() => setMenuAnchor(null)}
              disableRestoreFocus
            >
              {message.message !== '' || !message.attachment ? (
                <MenuItem
                  onClick={() => {
                    setMenuAnchor(null);
                    setEditError(null);
                    setDraft(message.message);
                  }}
                >
                  Edit
                </MenuItem>
              ) : null}
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  onDelete(message);
                }}
              >
                Delete
              </MenuItem>
            </Menu>
          )}
        </>
      )}
    </Box>
  );
});
