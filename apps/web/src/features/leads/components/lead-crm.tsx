import { CRM_TEXTS, type CrmLeadState, type Lead, SERVER_EVENTS } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '../../../components/use-notify';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { errorMessage } from '../../../lib/api-error';
import { dateFormat } from '../../../lib/intl-format';
import { useGetLeadCrmQuery, useSendLeadToCrmMutation } from '../api';

const sendFailed = 'The lead could not be sent. Try again.';
const formatTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** The later of two states of the lead's push: an answer read before the job finished never hides its event. */
function laterState(read: CrmLeadState | undefined, live: CrmLeadState | null): CrmLeadState | undefined {
  if (!live) return read;
  if (!read) return live;
  return (live.push?.updatedAt ?? '') >= (read.push?.updatedAt ?? '') ? live : read;
}

/**
 * The lead in the member's business's CRM: SEND TO SALESFORCE (or HUBSPOT), "Sending…" while the background
 * job runs, then "In Salesforce" with the record's link and when, or the CRM's own words when it refused.
 * Nothing shows when the business has no CRM. The state arrives live over the socket.
 */
export function LeadCrm({ lead }: { lead: Lead }) {
  const notify = useNotify();
  const crm = useGetLeadCrmQuery(lead.leadId, { refetchOnMountOrArgChange: true });
  const [send, sendState] = useSendLeadToCrmMutation();
  const [live, setLive] = useState<CrmLeadState | null>(null);
  useRealtimeEvent(SERVER_EVENTS.crmLead, (event) => {
    if (event.leadId === lead.leadId) setLive((current) => laterState(current ?? undefined, event) ?? null);
  });
  const { refetch } = crm;
  useOnReconnect(() => void refetch());

  const state = laterState(crm.data, live);
  const provider = state?.provider;
  if (!provider) return null;
  const push = state?.push ?? null;
  const isSending = sendState.isLoading || push?.state === 'SENDING';

  const onSend = async () => {
    try {
      await send(lead.leadId).unwrap();
    } catch (error) {
      notify.error(errorMessage(error, sendFailed));
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Button variant="outlined" onClick={onSend} disabled={isSending}>
        {push?.state === 'SENT' ? CRM_TEXTS.sendAgain(provider) : CRM_TEXTS.send(provider)}
      </Button>
      <div role="status" aria-live="polite">
        {isSending && <Typography>{CRM_TEXTS.sending}</Typography>}
        {!isSending && push?.state === 'SENT' && push.recordUrl && (
          <Typography>
            <Link href={push.recordUrl} target="_blank" rel="noopener noreferrer">
              {CRM_TEXTS.inCrm(provider)}
            </Link>
            {push.sentAt && (
              <Typography component="span" color="text.secondary">
                {' · sent '}
                <time dateTime={push.sentAt}>{formatTime(new Date(push.sentAt))}</time>
              </Typography>
            )}
          </Typography>
        )}
        {!isSending && push?.state === 'WAITING' && <Alert severity="warning">{CRM_TEXTS.waiting(provider)}</Alert>}
        {!isSending && push?.state === 'FAILED' && push.error && <Alert severity="error">{push.error}</Alert>}
      </div>
    </Stack>
  );
}
