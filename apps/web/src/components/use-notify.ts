import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

// Snackbars hide after SNACKBAR_AUTO_HIDE_MS (set once on the provider in app/app.tsx).
export function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
      info: (message: string) => enqueueSnackbar(message, { variant: 'info' }),
      error: (message: string) => enqueueSnackbar(message, { variant: 'error', preventDuplicate: true }),
    }),
    [enqueueSnackbar],
  );
}
