import { commentField } from '@leadcircle/shared';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { errorMessage } from '../lib/api-error';
import { dateFormat } from '../lib/intl-format';
import { EmptyState } from './empty-state';
import { LinkedText } from './linked-text';
import { UserAvatar } from './user-avatar';

const formatTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** One comment as a room's message list answers it (a lead's or a contact's). */
export interface CommentItem {
  messageId: number;
  message: string;
  createdAt: string;
  user: { firstName: string; lastName: string; avatarUrl: string | null };
}

/** The loaded comments and the state of reading them (an infinite query's). */
export interface CommentsState {
  messages: readonly CommentItem[];
  isLoading: boolean;
  isSuccess: boolean;
  isError: boolean;
  error?: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface CommentsPanelProps {
  comments: CommentsState;
  /** The comment list's accessible name ('Lead comments'). */
  listLabel: string;
  emptyText: string;
  placeholder: string;
  /** Shown when a send fails and the server gives no message. */
  sendFailedText: string;
  /** Sends one checked comment; rejects when it is refused. */
  onSend: (message: string) => Promise<unknown>;
}

function Comment({ comment }: { comment: CommentItem }) {
  const name = `${comment.user.firstName} ${comment.user.lastName}`.trim();
  return (
    <ListItem alignItems="flex-start" sx={{ gap: 1.5, px: 0 }} aria-label={`Comment by ${name}`}>
      <UserAvatar firstName={comment.user.firstName} lastName={comment.user.lastName} src={comment.user.avatarUrl} />
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2">{name}</Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={comment.createdAt}>
            {formatTime(new Date(comment.createdAt))}
          </Typography>
        </Stack>
        {/* Text as the person wrote it, line breaks kept, links as links; never HTML. */}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <LinkedText text={comment.message} />
        </Typography>
      </Box>
    </ListItem>
  );
}

/**
 * Comments on a person (a lead, a contact): newest first, 50 at a time with older ones on request,
 * the empty state, and the comment field (Enter sends, Shift+Enter starts a new line).
 */
export function CommentsPanel({
  comments,
  listLabel,
  emptyText,
  placeholder,
  sendFailedText,
  onSend,
}: CommentsPanelProps) {
  const [text, setText] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const checked = commentField.safeParse(text);
  const tooLong = !checked.success && text.trim() !== '' ? checked.error.issues[0]?.message : undefined;

  const send = async () => {
    if (!checked.success || isSending) return;
    setSendError(null);
    setIsSending(true);
    try {
      await onSend(checked.data);
      setText('');
    } catch (error) {
      setSendError(errorMessage(error, sendFailedText));
    } finally {
      setIsSending(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const { messages } = comments;
  return (
    <Paper variant="outlined" component="section" aria-label="Comments" sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Comments
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={placeholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={keyDown}
            multiline
            maxRows={6}
            fullWidth
            error={tooLong !== undefined}
            helperText={tooLong}
          />
          <IconButton
            type="submit"
            aria-label="Send comment"
            color="primary"
            disabled={!checked.success || isSending}
            sx={{ mt: 1 }}
          >
            {isSending ? <CircularProgress size={24} /> : <SendIcon />}
          </IconButton>
        </Stack>
      </Box>
      {sendError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {sendError}
        </Alert>
      )}
      {comments.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(comments.error, 'The comments could not be loaded.')}
        </Alert>
      )}
      {comments.isLoading && <CircularProgress size={28} aria-label="Loading" sx={{ mt: 2 }} />}
      {comments.isSuccess && messages.length === 0 && (
        <Box sx={{ mt: 2 }}>
          <EmptyState title={emptyText} />
        </Box>
      )}
      {messages.length > 0 && (
        <List aria-label={listLabel}>
          {messages.map((comment) => (
            <Comment key={comment.messageId} comment={comment} />
          ))}
        </List>
      )}
      {comments.hasNextPage && (
        <Button onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
          SHOW OLDER COMMENTS
        </Button>
      )}
    </Paper>
  );
}
