import { readStoredSession } from './session-storage';

// Downloads a file the way a link with `download` does. A same-origin address is fetched with the
// session's bearer token (our API needs it); another origin (Stripe's hosted PDF) opens in a new tab.
export async function downloadFile(url: string, filename: string): Promise<void> {
  const target = new URL(url, window.location.origin);
  if (target.origin !== window.location.origin) {
    window.open(target.href, '_blank', 'noopener');
    return;
  }
  const { accessToken } = readStoredSession();
  const response = await fetch(target.href, {
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
  if (!response.ok) throw new Error(`GET ${target.pathname} answered ${response.status}`);
  saveBlob(await response.blob(), filename);
}

/** Hands a file made in the browser (a CSV of a table) to the browser's downloads. */
export function saveBlob(blob: Blob, filename: string): void {
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  }
}
