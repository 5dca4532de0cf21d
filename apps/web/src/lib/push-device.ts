import { serviceWorkerRegistration } from './service-worker';

// This browser's push subscription: made only when the person turns "Push on this device" on (the
// browser asks its permission then, never on page load), and the id the server gave the device, kept
// so the page can say when the app is visible here (no push comes while it is).

const DEVICE_KEY = 'leadcircle.pushDeviceId';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

export function thisDeviceId(): number | null {
  const stored = Number(window.localStorage.getItem(DEVICE_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

export function rememberDevice(id: number | null): void {
  if (id === null) window.localStorage.removeItem(DEVICE_KEY);
  else window.localStorage.setItem(DEVICE_KEY, String(id));
}

/** A short name for this device in the list: its browser and system. */
export function deviceLabel(userAgent = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iPhone'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'Mac'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'this device';
  return `${browser} on ${system}`;
}

export type PushStartResult =
  | { ok: true; subscription: { endpoint: string; keys: { p256dh: string; auth: string } } }
  | { ok: false; reason: 'unsupported' | 'denied' | 'failed' };

/** Asks the browser's permission and subscribes with the server's key. */
export async function startPush(publicKey: string): Promise<PushStartResult> {
  if (!pushSupported()) return { ok: false, reason: 'unsupported' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  try {
    const registration = await serviceWorkerRegistration();
    if (!registration) return { ok: false, reason: 'unsupported' };
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: urlBase64ToBytes(publicKey),
    });
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return { ok: false, reason: 'failed' };
    return {
      ok: true,
      subscription: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } },
    };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/** Ends this browser's subscription (the server forgets the device through its own call). */
export async function stopPush(): Promise<void> {
  const registration = await serviceWorkerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

function urlBase64ToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
