import { type ChatMessage, commentField, LEAD_MESSAGES, type Lead, SERVER_EVENTS } from '@leadcircle/shared';
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
import { EmptyState } from '../../../components/empty-state';
import { LinkedText } from '../../../components/linked-text';
import { UserAvatar } from '../../../components/user-avatar';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { errorMessage } from '../../../lib/api-error';
import { dateFormat } from '../../../lib/intl-format';
import { commentsOf, useListLeadCommentsInfiniteQuery, useSendLeadCommentMutation } from '../api';

const formatTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

function Comment({ comment }: { comment: ChatMessage }) {
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
        {/* Text as the person wrote it, line breaks kept; never HTML. */}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <LinkedText text={comment.message} />
        </Typography>
      </Box>
    </ListItem>
  );
}

/**
 * The lead's comments: newest first, 50 at a time with older ones on request, the
 * empty state, and 'Enter your comment' (Enter sends, Shift+Enter starts a new line). Other members'
 * comments arrive live: the realtime channel says a comment came, and the loaded pages are read again
 * (also after a reconnection, for whatever came meanwhile).
 */
export function LeadComments({ lead }: { lead: Lead }) {
  const comments = useListLeadCommentsInfiniteQuery(lead.leadId, { refetchOnMountOrArgChange: true });
  const { refetch } = comments;
  useRealtimeEvent(SERVER_EVENTS.leadComment, (event) => {
    if (event.leadId === lead.leadId) void refetch();
  });
  useOnReconnect(() => void refetch());
  const [sendComment, sendState] = useSendLeadCommentMutation();
  const [text, setText] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const checked = commentField.safeParse(text);
  const tooLong = !checked.success && text.trim() !== '' ? checked.error.issues[0]?.message : undefined;

  const send = async () => {
    if (!checked.success || sendState.isLoading) return;
    setSendError(null);
    try {
      await sendComment({ leadId: lead.leadId, body: { room_id: lead.roomId, message: checked.data } }).unwrap();
      setText('');
    } catch (error) {
      setSendError(errorMessage(error, LEAD_MESSAGES.commentFailed));
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

  const messages = commentsOf(comments.data?.pages);
  return (
    <Paper variant="outlined" component="section" aria-label="Comments" sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Comments
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={LEAD_MESSAGES.commentPlaceholder}
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
            disabled={!checked.success || sendState.isLoading}
            sx={{ mt: 1 }}
          >
            {sendState.isLoading ? <CircularProgress size={24} /> : <SendIcon />}
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
          <EmptyState title={LEAD_MESSAGES.commentsEmpty} />
        </Box>
      )}
      {messages.length > 0 && (
        <List aria-label="Lead comments">
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
