import { CRM_CALLBACK_SLUGS, CRM_PROVIDER_NAMES, CRM_PROVIDERS, ROUTES } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useFinishCrmConnectMutation } from '../api';

/**
 * Where the CRM's sign-in page sends the admin back (/admin/crms/<crm>/callback?code&state): the code and the
 * state go to the server, which checks the state is this admin's and exchanges the code; then the CRM page.
 */
export function CrmCallbackPage() {
  const { provider: slug = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [finish, state] = useFinishCrmConnectMutation();
  const sent = useRef(false);
  const provider = CRM_PROVIDERS.find((p) => CRM_CALLBACK_SLUGS[p] === slug);
  const code = params.get('code') ?? '';
  const returnedState = params.get('state') ?? '';
  const denied = params.get('error_description') ?? params.get('error');

  useEffect(() => {
    if (sent.current || !provider || !code || !returnedState) return;
    sent.current = true;
    finish({ provider, code, state: returnedState })
      .unwrap()
      .then(() => {
        notify.success(`${CRM_PROVIDER_NAMES[provider]} is connected.`);
        navigate(ROUTES.adminCrms, { replace: true });
      })
      .catch(() => {});
  }, [provider, code, returnedState, finish, navigate, notify]);

  const failure = !provider
    ? 'This is not a CRM we connect.'
    : denied
      ? `${CRM_PROVIDER_NAMES[provider]} did not connect: ${denied}`
      : !code || !returnedState
        ? 'The sign-in did not come back with a code. Connect again.'
        : state.isError
          ? errorMessage(state.error, 'The CRM could not be connected. Connect again.')
          : null;

  if (!failure) return <PageSpinner />;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h4" gutterBottom>
        Connecting your CRM
      </Typography>
      <Alert severity="error" sx={{ mb: 2 }}>
        {failure}
      </Alert>
      <Button component={RouterLink} to={ROUTES.adminCrms} variant="contained">
        BACK TO CRMS
      </Button>
    </Box>
  );
}
