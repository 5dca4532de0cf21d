import { STORAGE_KEYS, type Tokens } from '@leadcircle/shared';
import { browserStorage, type KeyValueStorage } from './key-value-storage';
import { forgetAnswers } from './offline-answers';

// The spec keeps the session in local storage: it is the record; the store mirrors it.

export interface StoredSession {
  accessToken: string | null;
  refreshToken: string | null;
  userId: number | null;
}

export function readStoredSession(storage: KeyValueStorage = browserStorage()): StoredSession {
  const userId = Number(storage.getItem(STORAGE_KEYS.userId));
  return {
    accessToken: storage.getItem(STORAGE_KEYS.accessToken),
    refreshToken: storage.getItem(STORAGE_KEYS.refreshToken),
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
  };
}

export function storeTokens(tokens: Tokens, storage: KeyValueStorage = browserStorage()): void {
  storage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  storage.setItem(STORAGE_KEYS.userId, String(tokens.userId));
}

export function clearStoredSession(storage: KeyValueStorage = browserStorage()): void {
  storage.removeItem(STORAGE_KEYS.accessToken);
  storage.removeItem(STORAGE_KEYS.refreshToken);
  storage.removeItem(STORAGE_KEYS.userId);
  // The offline copy of the person's lists goes with the session.
  forgetAnswers(storage);
}
