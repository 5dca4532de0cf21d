import { LEAD_MESSAGES, ROUTES, routePath, SERVER_EVENTS } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { DetailsPage } from '../../../components/details-page';
import { PageSpinner } from '../../../components/page-spinner';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useRouteId } from '../../../lib/route-id';
import { useGetLeadQuery } from '../api';
import { LeadCard, leadAddressText } from '../components/lead-card';
import { LeadComments } from '../components/lead-comments';
import { LeadCrm } from '../components/lead-crm';
import { LeadDialog } from '../components/lead-dialog';
import { LeadOutcome } from '../components/lead-outcome';

// Leaflet is its own chunk: the lead list never downloads it.
const LeadMap = lazy(() => import('../../../components/location-map').then((m) => ({ default: m.LocationMap })));

/**
 * Lead details: back to the group's leads, CREATE OPPORTUNITY, EDIT for its owner;
 * the lead card with its rating, the map at its address, its outcome and its comments.
 */
export function LeadDetailsPage() {
  const groupId = useRouteId('group_id');
  const leadId = useRouteId('lead_id');
  const lead = useGetLeadQuery(leadId, { skip: leadId === 0, refetchOnMountOrArgChange: true });
  // The members' rating changes live: read the lead again (each member's own rating is not broadcast).
  const { refetch } = lead;
  useRealtimeEvent(SERVER_EVENTS.leadRating, (event) => {
    if (event.leadId === leadId) void refetch();
  });
  useOnReconnect(() => {
    if (leadId !== 0) void refetch();
  });
  const [isEditing, setIsEditing] = useState(false);
  const navigate = useNavigate();
  const backTo = groupId ? routePath(ROUTES.groupLeads, { group_id: groupId }) : ROUTES.groups;

  // A refetch that fails for a moment keeps the lead on screen; a lead deleted or out of reach does not.
  const isGone =
    leadId === 0 ||
    (lead.isError && (!lead.data || (isApiError(lead.error) && [403, 404].includes(lead.error.status))));

  let content: ReactNode;
  if (isGone) {
    content = <Alert severity="error">{errorMessage(lead.error, LEAD_MESSAGES.notFound)}</Alert>;
  } else if (lead.isLoading || !lead.data) {
    content = <PageSpinner />;
  } else {
    const data = lead.data;
    const { latitude, longitude } = data.address;
    content = (
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <LeadCard lead={data} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          {latitude !== null && longitude !== null ? (
            <Suspense fallback={<PageSpinner />}>
              <LeadMap latitude={latitude} longitude={longitude} label={leadAddressText(data)} />
            </Suspense>
          ) : (
            <Typography color="text.secondary">There is no map for this address.</Typography>
          )}
        </Grid>
        <Grid size={12}>
          <LeadCrm lead={data} />
        </Grid>
        <Grid size={12}>
          <LeadOutcome lead={data} />
        </Grid>
        <Grid size={12}>
          <LeadComments lead={data} />
        </Grid>
        {isEditing && (
          <LeadDialog
            groupId={data.groupId}
            lead={data}
            onClose={() => setIsEditing(false)}
            onSuccess={() => setIsEditing(false)}
          />
        )}
      </Grid>
    );
  }

  return (
    <DetailsPage
      backTo={backTo}
      backLabel="Back to leads"
      title={lead.data?.fullName ?? 'Lead'}
      actions={
        lead.data && (
          <>
            {/* The opportunity list opens its create dialog prefilled from this lead. */}
            <Button variant="outlined" onClick={() => navigate(`${ROUTES.opportunities}?lead_id=${leadId}`)}>
              CREATE OPPORTUNITY
            </Button>
            {lead.data.isOwner && (
              <Button variant="contained" onClick={() => setIsEditing(true)}>
                EDIT
              </Button>
            )}
          </>
        )
      }
    >
      {content}
    </DetailsPage>
  );
}
