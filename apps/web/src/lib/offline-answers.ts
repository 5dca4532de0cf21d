import { browserStorage, type KeyValueStorage } from './key-value-storage';

// The last answers of the calls the offline shell shows (the person, their groups, a group's leads, the
// chat rooms and their messages), kept in localStorage — not in the service worker's HTTP cache, which
// never holds API answers. Offline, a call that cannot reach the server gets its last answer instead,
// and the page says it is showing what was loaded last. Signing out forgets them.

const KEY = 'leadcircle.offlineAnswers';
const CACHED_PATHS = new Set([
  '/user/get',
  '/business/get_by_user',
  '/group/list',
  '/group/get',
  '/lead/list',
  '/chat/room/list',
  '/chat/unread/total',
  '/chat/message/list',
  '/activity/global',
]);
const MAX_ENTRIES = 40;
const MAX_CHARS = 1_500_000;

type Stored = { key: string; data: unknown }[];

function read(storage: KeyValueStorage): Stored {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

const keyOf = (url: string, body: unknown) => `${url} ${JSON.stringify(body ?? {})}`;

export function isCachedOffline(url: string): boolean {
  return CACHED_PATHS.has(url);
}

/** Keeps the answer (newest first; the oldest go when there are too many or too much). */
export function keepAnswer(url: string, body: unknown, data: unknown, storage = browserStorage()): void {
  if (!CACHED_PATHS.has(url)) return;
  const key = keyOf(url, body);
  const entries = [{ key, data }, ...read(storage).filter((e) => e.key !== key)].slice(0, MAX_ENTRIES);
  let text = JSON.stringify(entries);
  while (text.length > MAX_CHARS && entries.length > 1) {
    entries.pop();
    text = JSON.stringify(entries);
  }
  try {
    storage.setItem(KEY, text);
  } catch {
    // Storage full: the offline copy is a nicety.
  }
}

/** The last answer to this very call, if one was kept. */
export function lastAnswer(url: string, body: unknown, storage = browserStorage()): { data: unknown } | undefined {
  if (!CACHED_PATHS.has(url)) return undefined;
  const key = keyOf(url, body);
  const entry = read(storage).find((e) => e.key === key);
  return entry ? { data: entry.data } : undefined;
}

export function forgetAnswers(storage = browserStorage()): void {
  storage.removeItem(KEY);
}
