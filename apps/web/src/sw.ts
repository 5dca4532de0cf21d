import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NAVIGATION_DENYLIST, notificationFromPush, urlToOpen } from './lib/push-notification';

// The service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js): the app shell and the
// built files precached, every page answered by the cached index.html, the API and the realtime channel
// never cached (they do not match a precached file and the navigation route leaves them out), and the
// push notifications shown and opened. A new version waits until the page says SKIP_WAITING (the
// "A new version is ready" snackbar's RELOAD).

// The DOM library's types stand in for the worker's: the few the worker uses are named here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

// Written as self.__WB_MANIFEST for the build to find and replace with the list of built files.
precacheAndRoute((self as unknown as { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] }).__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
});

worker.addEventListener('push', (event) => {
  const shown = notificationFromPush(event.data?.json());
  if (!shown) return;
  event.waitUntil(worker.registration.showNotification(shown.title, shown.options));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = urlToOpen(event.notification.data, worker.location.origin);
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      // A window of the app already open goes to the notification's page; else a new one opens.
      const open = windows.find((w) => new URL(w.url).origin === worker.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(url);
        return;
      }
      await worker.clients.openWindow(url);
    }),
  );
});
