import { MEMBER_RATING_EXPLANATION } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/** A member's rating ('—' while there is none), with how it is made in a tooltip (focusable, for keyboards). */
export function MemberRating({ rating }: { rating: number | null }) {
  return (
    <Tooltip title={MEMBER_RATING_EXPLANATION}>
      <Box
        component="span"
        tabIndex={0}
        aria-label={rating === null ? 'No rating yet' : `Rating ${rating}`}
        sx={{ textDecoration: 'underline dotted', cursor: 'help' }}
      >
        {rating ?? '—'}
      </Box>
    </Tooltip>
  );
}
