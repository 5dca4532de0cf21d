import Button from '@mui/material/Button';
import { Workbox } from 'workbox-window';
import { whenSnackbarHost } from '../components/use-notify';

// Registers the service worker (dist/sw.js, src/sw.ts) once the first page shows, so it never competes
// with the first paint. A new version waits; the snackbar's RELOAD lets it take over and loads the page
// again under it. Without RELOAD it takes over when every tab of the app has closed.

// The snackbar reads "A new version is ready — RELOAD", RELOAD its button.
export const NEW_VERSION_MESSAGE = 'A new version is ready —';

let workbox: Workbox | undefined;

/** The registration, once registerServiceWorker has run in a browser that has service workers. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.ready;
}

export function registerServiceWorker(): void {
  if (workbox || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  const wb = workbox;
  wb.addEventListener('waiting', () => {
    void whenSnackbarHost().then((enqueue) =>
      enqueue(NEW_VERSION_MESSAGE, {
        variant: 'info',
        persist: true,
        preventDuplicate: true,
        action: () => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              // Once the new worker controls the page, load the page again from it.
              wb.addEventListener('controlling', () => window.location.reload());
              wb.messageSkipWaiting();
            }}
          >
            RELOAD
          </Button>
        ),
      }),
    );
  });
  void wb.register().catch(() => {});
}
