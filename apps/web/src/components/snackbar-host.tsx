import { SNACKBAR_AUTO_HIDE_MS } from '@leadcircle/shared';
import { styled } from '@mui/material/styles';
import { enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { snackbarHostMounted } from './use-notify';

// notistack's own green and blue carry white text at 3.3:1 and 3.1:1; the theme's success green and dark
// info blue keep it above 4.5:1 (its red already does).
const Content = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.dark },
}));
const VARIANTS = { success: Content, info: Content, error: Content };

// The app's one snackbar provider, beside the screens rather than around them, so it (and notistack)
// can load after the first paint. useNotify's messages come here.
export function SnackbarHost() {
  useEffect(() => {
    // notistack's enqueueSnackbar is the newest provider's: read at each call.
    snackbarHostMounted((...args: Parameters<typeof enqueueSnackbar>) => enqueueSnackbar(...args));
  }, []);
  return <SnackbarProvider autoHideDuration={SNACKBAR_AUTO_HIDE_MS} maxSnack={3} Components={VARIANTS} />;
}
