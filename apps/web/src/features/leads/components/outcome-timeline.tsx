import {
  formatCents,
  LEAD_LOST_REASON_LABELS,
  LEAD_OUTCOME_STAGE_LABELS,
  type LeadOutcomeStep,
} from '@leadcircle/shared';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dateFormat } from '../../../lib/intl-format';

const formatTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** 'Won: $12,000.00', 'Lost: No budget', 'Meeting'. */
export function stepTitle(step: Pick<LeadOutcomeStep, 'stage' | 'amountCents' | 'lostReason'>): string {
  const stage = LEAD_OUTCOME_STAGE_LABELS[step.stage];
  if (step.stage === 'WON' && step.amountCents !== null) return `${stage}: ${formatCents(step.amountCents)}`;
  if (step.stage === 'LOST' && step.lostReason !== null) return `${stage}: ${LEAD_LOST_REASON_LABELS[step.lostReason]}`;
  return stage;
}

/** A step the submitter reported: 'Not yet confirmed' while it waits, then who confirmed it and when. */
function Confirmation({ step, isAwaiting }: { step: LeadOutcomeStep; isAwaiting: boolean }) {
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      <Typography variant="caption" color="text.secondary">
        {isAwaiting || step.confirmedBy ? 'reported by the submitter ·' : 'reported by the submitter'}
      </Typography>
      {isAwaiting && (
        <Typography variant="caption" color="warning.main" sx={{ fontWeight: 500 }}>
          Not yet confirmed
        </Typography>
      )}
      {step.confirmedBy && step.confirmedAt && (
        <>
          <Typography
            variant="caption"
            color="text.secondary"
          >{`confirmed by ${step.confirmedBy.userName},`}</Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={step.confirmedAt}>
            {formatTime(new Date(step.confirmedAt))}
          </Typography>
        </>
      )}
    </Stack>
  );
}

function Step({ step, isAwaiting }: { step: LeadOutcomeStep; isAwaiting: boolean }) {
  return (
    <ListItem sx={{ px: 0, display: 'block' }} aria-label={stepTitle(step)}>
      <Typography variant="subtitle2">{stepTitle(step)}</Typography>
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary">{`by ${step.userName},`}</Typography>
        <Typography variant="caption" color="text.secondary" component="time" dateTime={step.createdAt}>
          {formatTime(new Date(step.createdAt))}
        </Typography>
      </Stack>
      {step.reportedBySubmitter && <Confirmation step={step} isAwaiting={isAwaiting} />}
      {step.note && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {step.note}
        </Typography>
      )}
    </ListItem>
  );
}

/**
 * A lead's steps, oldest first: stage (the amount of a Won, the reason of a Lost), who, when, the note,
 * and whether the submitter reported it. `isAwaiting`: the latest step waits for confirmation.
 */
export function OutcomeTimeline({ steps, isAwaiting }: { steps: readonly LeadOutcomeStep[]; isAwaiting: boolean }) {
  if (steps.length === 0) {
    return <Typography color="text.secondary">No progress recorded yet.</Typography>;
  }
  const latestId = steps[steps.length - 1]?.stepId;
  return (
    <List aria-label="Outcome timeline" dense sx={{ py: 0 }}>
      {steps.map((step) => (
        <Step key={step.stepId} step={step} isAwaiting={isAwaiting && step.stepId === latestId} />
      ))}
    </List>
  );
}
