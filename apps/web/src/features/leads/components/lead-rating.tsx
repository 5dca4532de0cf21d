import { LEAD_MESSAGES, type Lead, RATING_MAX } from '@leadcircle/shared';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useRateLeadMutation } from '../api';

// Names no fallback for rating.
const rateFailed = 'Rate lead failed.';

/** "Average rating: 4.5 of 5, from 2 ratings", or that nobody has rated yet. */
export function ratingSummary(rating: Lead['rating']): string {
  if (rating.rating === null || rating.count === 0) return 'No ratings yet';
  const count = `${rating.count} ${rating.count === 1 ? 'rating' : 'ratings'}`;
  return `Average rating: ${rating.rating} of ${RATING_MAX}, from ${count}`;
}

/**
 * The lead's quality rating, 0 to 5: the members' average, read-only for its
 * owner; another member sets their own rating, and choosing it again takes it back (0).
 */
export function LeadRating({ lead }: { lead: Lead }) {
  const labelId = useId();
  const notify = useNotify();
  const [rateLead, rateState] = useRateLeadMutation();

  const rate = async (value: number | null) => {
    try {
      await rateLead({ lead_id: lead.leadId, rating: value ?? 0 }).unwrap();
    } catch (error) {
      notify.error(errorMessage(error, rateFailed));
    }
  };

  return (
    <Stack sx={{ gap: 0.5 }}>
      <Typography id={labelId} variant="overline" color="text.secondary">
        {lead.isOwner ? 'Rating' : 'Your rating'}
      </Typography>
      {lead.isOwner ? (
        <Rating value={lead.rating.rating ?? 0} max={RATING_MAX} precision={0.5} readOnly />
      ) : (
        <Rating
          name={`lead-${lead.leadId}-rating`}
          aria-labelledby={labelId}
          value={lead.rating.userRating ?? 0}
          max={RATING_MAX}
          disabled={rateState.isLoading}
          onChange={(_event, value) => void rate(value)}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {ratingSummary(lead.rating)}
      </Typography>
      {lead.isOwner && (
        <Typography variant="caption" color="text.secondary">
          {LEAD_MESSAGES.ownRating}
        </Typography>
      )}
    </Stack>
  );
}
