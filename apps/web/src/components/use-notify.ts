import type { enqueueSnackbar } from 'notistack';

// Snackbars hide after SNACKBAR_AUTO_HIDE_MS (set once on the provider in snackbar-host.tsx). notistack
// loads after the first paint (app/app.tsx mounts the host lazily); a message shown before it is up
// waits for it (docs/decisions/performance.md).

type Enqueue = typeof enqueueSnackbar;

let hostMounted: (enqueue: Enqueue) => void = () => {};
const host = new Promise<Enqueue>((resolve) => {
  hostMounted = resolve;
});

/** SnackbarHost, once its provider is up: messages go to it from now on. */
export function snackbarHostMounted(enqueue: Enqueue): void {
  hostMounted(enqueue);
}

/** notistack's enqueueSnackbar, once the host is up (for a snackbar with an action button). */
export function whenSnackbarHost(): Promise<Enqueue> {
  return host;
}

const notify = {
  success: (message: string) => void host.then((enqueue) => enqueue(message, { variant: 'success' })),
  info: (message: string) => void host.then((enqueue) => enqueue(message, { variant: 'info' })),
  error: (message: string) =>
    void host.then((enqueue) => enqueue(message, { variant: 'error', preventDuplicate: true })),
};

export function useNotify() {
  return notify;
}
