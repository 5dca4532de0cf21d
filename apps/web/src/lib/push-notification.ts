// What the service worker does with a push and a click on its notification, apart from the worker's
// own events so it can be tested. The payload is the server's (its push module): title, body, the
// app page to open, and a tag that lets a newer notification of the same thread replace the older.
// It imports nothing of the app: the worker stays a few kilobytes.

/** Pages the worker never answers from the cache: the API, the realtime channel, the dev routes. */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/socket\.io\//, /^\/dev\//];

const MAX_TEXT = 300;

export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, MAX_TEXT) : undefined;
}

/** The notification a push's payload shows, or none for a payload that is not ours. */
export function notificationFromPush(payload: unknown): ShownNotification | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const title = text(p.title);
  const url = text(p.url);
  if (!title || !url?.startsWith('/')) return null;
  const tag = text(p.tag);
  return {
    title,
    options: {
      body: text(p.body) ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
      // A newer notification with the same tag replaces the shown one, and still alerts.
      ...(tag && { tag, renotify: true }),
    } as ShownNotification['options'],
  };
}

/** The app address a click opens: the notification's own page, never another site. */
export function urlToOpen(data: unknown, origin: string): string {
  const path = (data as { url?: unknown } | null)?.url;
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return `${origin}/activities`;
  return new URL(path, origin).href;
}
