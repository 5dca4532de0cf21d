import { type Lead, OUTCOME_MESSAGES, SERVER_EVENTS } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNotify } from '../../../components/use-notify';
import { useGetCurrentUserQuery } from '../../../core/current-user-api';
import { useAppDispatch } from '../../../core/hooks';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { errorMessage } from '../../../lib/api-error';
import { leadsApi, useConfirmLeadOutcomeMutation, useGetLeadOutcomeQuery, useTakeLeadMutation } from '../api';
import { OutcomeTimeline, stepTitle } from './outcome-timeline';
import { RecordOutcomeDialog } from './record-outcome-dialog';

const takeFailed = 'Assign user to lead failed';

/**
 * What became of the lead: who it is assigned to, its outcome and the timeline of its steps. A
 * member takes an unassigned lead (TAKE THIS LEAD); its assignee records the next step (RECORD
 * PROGRESS), its submitter too while nobody has taken it ("reported by the submitter"), which the
 * assignee or a group owner then confirms (CONFIRM).
 */
export function LeadOutcome({ lead }: { lead: Lead }) {
  const notify = useNotify();
  const dispatch = useAppDispatch();
  const { data: me } = useGetCurrentUserQuery();
  const timeline = useGetLeadOutcomeQuery(lead.leadId, { refetchOnMountOrArgChange: true });
  const [takeLead, takeState] = useTakeLeadMutation();
  const [confirmOutcome, confirmState] = useConfirmLeadOutcomeMutation();
  // Another member's step arrives live (and whatever came while the channel was down, after it is back).
  const { refetch } = timeline;
  useRealtimeEvent(SERVER_EVENTS.leadOutcome, (event) => {
    if (event.leadId === lead.leadId) void refetch();
  });
  useOnReconnect(() => void refetch());
  const [isRecording, setIsRecording] = useState(false);
  const titleId = useId();
  const outcome = timeline.data?.outcome ?? lead.outcome;
  const canTake = lead.assignedTo === null && !lead.isOwner && me !== undefined;

  const take = async () => {
    if (!me) return;
    try {
      await takeLead({ group_id: lead.groupId, lead_id: lead.leadId, user_id: me.userId }).unwrap();
    } catch (error) {
      notify.error(errorMessage(error, takeFailed));
      // Someone may have taken it meanwhile: show who.
      void dispatch(leadsApi.endpoints.getLead.initiate(lead.leadId, { forceRefetch: true, subscribe: false }));
    }
  };

  const confirm = async () => {
    try {
      await confirmOutcome({ lead_id: lead.leadId }).unwrap();
    } catch (error) {
      notify.error(errorMessage(error, OUTCOME_MESSAGES.confirmFailed));
      void refetch();
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
            Outcome
          </Typography>
          {outcome && (
            <Chip
              label={stepTitle(outcome)}
              color={outcome.stage === 'WON' ? 'success' : outcome.stage === 'LOST' ? 'default' : 'primary'}
              aria-label={`Outcome: ${stepTitle(outcome)}`}
            />
          )}
        </Stack>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {lead.assignedTo ? `Assigned to ${lead.assignedTo.fullName}` : 'Not assigned to anyone yet.'}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }}>
          {canTake && (
            <Button variant="contained" onClick={() => void take()} loading={takeState.isLoading}>
              TAKE THIS LEAD
            </Button>
          )}
          {timeline.data?.canRecord && (
            <Button variant="contained" onClick={() => setIsRecording(true)}>
              RECORD PROGRESS
            </Button>
          )}
          {timeline.data?.canConfirm && (
            <Button variant="outlined" onClick={() => void confirm()} loading={confirmState.isLoading}>
              CONFIRM
            </Button>
          )}
        </Stack>
        {timeline.isError ? (
          <Alert severity="error">{errorMessage(timeline.error, 'The outcome could not be loaded.')}</Alert>
        ) : (
          timeline.data && (
            <OutcomeTimeline steps={timeline.data.steps} isAwaiting={timeline.data.outcome?.unconfirmed ?? false} />
          )
        )}
      </CardContent>
      {isRecording && <RecordOutcomeDialog leadId={lead.leadId} onClose={() => setIsRecording(false)} />}
    </Card>
  );
}
