import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { CenteredLayout } from '../../components/centered-layout';
import { reportError } from '../../lib/error-reporter';

// A crash while rendering a route (or a chunk that failed to load) lands here instead of a blank page.
export function RouteErrorPage({ error }: { error: unknown }) {
  useEffect(() => reportError(error, { during: 'rendering a route' }), [error]);
  return (
    <CenteredLayout title="Something went wrong">
      {/* Text, not an Alert: this page is in every first load (it shows when a chunk fails to load). */}
      <Typography role="alert" color="error" align="center">
        The page could not be shown. Reloading usually helps.
      </Typography>
      <Button variant="contained" fullWidth sx={{ mt: 2 }} onClick={() => window.location.reload()}>
        Reload
      </Button>
    </CenteredLayout>
  );
}
