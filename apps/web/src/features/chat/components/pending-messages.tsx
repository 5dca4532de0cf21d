import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { outbox } from '../outbox';
import { useOutboxItems } from '../use-chat-realtime';

/** Messages written here and not stored yet: waiting for the connection, being sent, or refused with the reason. */
export function PendingMessages({ roomId }: { roomId: number }) {
  const items = useOutboxItems(roomId);
  if (items.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Messages not sent yet"
      sx={{ listStyle: 'none', m: 0, px: { xs: 1, sm: 2 }, py: 0 }}
    >
      {items.map((item) => (
        <Box
          component="li"
          key={item.clientMessageId}
          sx={{ py: 0.75, pl: 6, opacity: item.status === 'failed' ? 1 : 0.7 }}
        >
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.message || item.file?.name}
          </Typography>
          {item.status === 'failed' ? (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="caption" color="error" role="alert">
                {item.error}
              </Typography>
              <Button size="small" onClick={() => outbox.retry(item.clientMessageId)}>
                TRY AGAIN
              </Button>
              <Button size="small" onClick={() => outbox.discard(item.clientMessageId)}>
                DISCARD
              </Button>
            </Stack>
          ) : (
            <Typography variant="caption" color="text.secondary">
              {item.status === 'sending' ? 'Sending…' : 'Waiting for the connection…'}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
