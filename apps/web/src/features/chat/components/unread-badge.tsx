import Box from '@mui/material/Box';
import { countText, unreadText } from '../../../components/count-badge';

/** The number of unread messages, in a pill; nothing when there are none. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const label = unreadText(count);
  return (
    <Box
      component="span"
      role="status"
      aria-label={label}
      title={label}
      sx={{
        minWidth: 22,
        height: 22,
        px: 0.75,
        borderRadius: 11,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: 12,
        fontWeight: 700,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {countText(count)}
    </Box>
  );
}
