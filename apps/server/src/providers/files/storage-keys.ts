// Keys are made by the server, never taken from a request; this guards against a mistake all the same.
const SAFE_KEY = /^[a-z0-9]+(?:\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.length > 300) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

const SAFE_FOLDER = /^[a-z0-9]+(?:\/[A-Za-z0-9_-]+)+$/;

export function assertSafeFolder(folder: string): void {
  if (!SAFE_FOLDER.test(folder) || folder.length > 300) {
    throw new Error(`unsafe storage folder: ${JSON.stringify(folder)}`);
  }
}
