// The browser's offer to install the app (`beforeinstallprompt`, Chromium browsers), caught at boot
// (main.tsx: it comes once, soon after load) and kept for the Download app page's INSTALL LEADCIRCLE.
// It imports nothing: it is part of the first load.

export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // The page offers it in its own words, on its own button.
    event.preventDefault();
    offered = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    offered = null;
    changed();
  });
}

export const installPrompt = (): InstallPromptEvent | null => offered;

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; answers whether the person installed. */
export async function promptInstall(): Promise<boolean> {
  const event = offered;
  if (!event) return false;
  offered = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

/** iPhone or iPad Safari, which installs through Share → Add to Home Screen only. */
export function isIosSafari(userAgent = navigator.userAgent): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
}

/** The app runs installed (from the home screen), not in a browser tab. */
export function isInstalled(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
