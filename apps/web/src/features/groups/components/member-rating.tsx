import { MEMBER_RATING_EXPLANATION, type MemberRatingParts, memberRatingSummary } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/**
 * A member's rating ('—' while there is none) with what it is made of written beside it ('3.8 · 4★ quality,
 * 1 lead won, 0 lost': a phone opens no tooltip), and how the two blend in a tooltip (focusable, for keyboards).
 */
export function MemberRating({ rating, parts }: { rating: number | null; parts: MemberRatingParts | null }) {
  const text = rating === null || parts === null ? null : memberRatingSummary(rating, parts);
  return (
    <Tooltip title={MEMBER_RATING_EXPLANATION}>
      <Box
        component="span"
        tabIndex={0}
        aria-label={text === null ? 'No rating yet' : `Rating ${text}`}
        sx={{ textDecoration: 'underline dotted', cursor: 'help', overflowWrap: 'normal', wordBreak: 'normal' }}
      >
        {text ?? '—'}
      </Box>
    </Tooltip>
  );
}
