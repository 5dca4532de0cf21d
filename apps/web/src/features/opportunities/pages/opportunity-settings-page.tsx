import { OPPORTUNITY_MESSAGES, type OpportunityDetail, ROUTES, routePath } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageSpinner } from '../../../components/page-spinner';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useGetOpportunityQuery, useRemoveOpportunityUserMutation, useUpdateOpportunitySettingsMutation } from '../api';
import { ShareDialog } from '../components/share-dialog';
import { SharedWithList } from '../components/shared-with-list';
import { useOpportunityId } from './opportunity-layout';

/** Opportunity settings: SHARE, the 'Shared With' list, the 'Messages' toggle, Cancel and SAVE. */
export function OpportunitySettingsPage() {
  const opportunityId = useOpportunityId();
  const opportunity = useGetOpportunityQuery(opportunityId, {
    skip: opportunityId === 0,
    refetchOnMountOrArgChange: true,
  });

  let content: ReactNode;
  if (opportunityId === 0 || opportunity.isError) {
    content = <Alert severity="error">{errorMessage(opportunity.error, OPPORTUNITY_MESSAGES.notFound)}</Alert>;
  } else if (!opportunity.data) {
    content = <PageSpinner />;
  } else {
    content = <SettingsEditor key={opportunity.data.opportunityId} opportunity={opportunity.data} />;
  }
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        Opportunity settings
      </Typography>
      {content}
    </Box>
  );
}

type SharedUser = OpportunityDetail['users'][number];

function SettingsEditor({ opportunity }: { opportunity: OpportunityDetail }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const opportunityId = opportunity.opportunityId;
  const [messages, setMessages] = useState(opportunity.settings.messages);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSharing, setIsSharing] = useState(false);
  const [removing, setRemoving] = useState<SharedUser | null>(null);
  const [updateSettings, updateState] = useUpdateOpportunitySettingsMutation();
  const [removeUser, removeState] = useRemoveOpportunityUserMutation();

  // Saving goes back one screen; opened directly, back means the opportunity's information.
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(routePath(ROUTES.opportunityInformation, { opportunity_id: opportunityId }));
  };

  const save = async () => {
    setServerError(null);
    try {
      await updateSettings({ opportunity_id: opportunityId, messages }).unwrap();
      notify.success(OPPORTUNITY_MESSAGES.settingsUpdated);
      goBack();
    } catch (error) {
      setServerError(errorMessage(error, OPPORTUNITY_MESSAGES.settingsFailed));
    }
  };

  const takeBack = async () => {
    if (!removing) return;
    try {
      await removeUser({ opportunity_id: opportunityId, user_id: removing.userId }).unwrap();
      setRemoving(null);
    } catch (error) {
      setRemoving(null);
      setServerError(errorMessage(error, OPPORTUNITY_MESSAGES.shareRemoveFailed));
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }}>
      {serverError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverError}
        </Alert>
      )}
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>
        {opportunity.name}
      </Typography>
      {opportunity.isOwner && (
        <Button variant="outlined" onClick={() => setIsSharing(true)} sx={{ mb: 2 }}>
          SHARE
        </Button>
      )}
      <SharedWithList opportunity={opportunity} onRemove={opportunity.isOwner ? setRemoving : undefined} />
      <FormControlLabel
        sx={{ mt: 2 }}
        control={<Switch checked={messages} onChange={(event) => setMessages(event.target.checked)} />}
        label="Messages"
      />
      <Stack direction="row" sx={{ mt: 3, gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={goBack} disabled={updateState.isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} loading={updateState.isLoading}>
          SAVE
        </Button>
      </Stack>
      {isSharing && <ShareDialog opportunityId={opportunityId} onClose={() => setIsSharing(false)} />}
      <ConfirmDialog
        open={removing !== null}
        title={`Stop sharing with ${removing?.fullName ?? 'this user'}?`}
        warning="They lose access to this opportunity, its contacts and its messages."
        confirmLabel="REMOVE"
        isDestructive
        isBusy={removeState.isLoading}
        onConfirm={() => void takeBack()}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
