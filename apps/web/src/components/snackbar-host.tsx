import { SNACKBAR_AUTO_HIDE_MS } from '@leadcircle/shared';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { snackbarHostMounted } from './use-notify';

// The app's one snackbar provider, beside the screens rather than around them, so it (and notistack)
// can load after the first paint. useNotify's messages come here.
export function SnackbarHost() {
  useEffect(() => {
    // notistack's enqueueSnackbar is the newest provider's: read at each call.
    snackbarHostMounted((...args: Parameters<typeof enqueueSnackbar>) => enqueueSnackbar(...args));
  }, []);
  return <SnackbarProvider autoHideDuration={SNACKBAR_AUTO_HIDE_MS} maxSnack={3} />;
}
