import Box from '@mui/material/Box';
import { useSyncExternalStore } from 'react';

// Shown while the browser is offline: the shell still opens (the service worker has it) and the lists
// show their last answers (lib/offline-answers.ts); nothing can be changed until the connection is back.

export const OFFLINE_MESSAGE = 'You are offline — showing what was loaded last';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    // Plain text on the warning colour: the shell's first load carries no Alert.
    <Box role="status" sx={{ px: 2, py: 1, bgcolor: 'warning.light', color: 'warning.contrastText' }}>
      {OFFLINE_MESSAGE}
    </Box>
  );
}
