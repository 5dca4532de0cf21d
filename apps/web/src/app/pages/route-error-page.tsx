import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { CenteredLayout } from '../../components/centered-layout';
import { reportError } from '../../lib/error-reporter';

// A crash while rendering a route (or a chunk that failed to load) lands here instead of a blank page.
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => reportError(error, { during: 'rendering a route' }), [error]);
  return (
    <CenteredLayout title="Something went wrong">
      <Alert severity="error">The page could not be shown. Reloading usually helps.</Alert>
      <Button variant="contained" fullWidth sx={{ mt: 2 }} onClick={() => window.location.reload()}>
        Reload
      </Button>
    </CenteredLayout>
  );
}
