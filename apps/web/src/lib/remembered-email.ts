import { browserStorage, type KeyValueStorage } from './key-value-storage';

// 'Remember me' on sign in (its effect is not shown in the spec): we keep the e-mail address on
// this device to pre-fill the form. It is not part of the session, so signing out keeps it.
const REMEMBERED_EMAIL_KEY = 'remembered_email';

export function readRememberedEmail(storage: KeyValueStorage = browserStorage()): string | null {
  return storage.getItem(REMEMBERED_EMAIL_KEY);
}

export function rememberEmail(email: string | null, storage: KeyValueStorage = browserStorage()): void {
  if (email) storage.setItem(REMEMBERED_EMAIL_KEY, email);
  else storage.removeItem(REMEMBERED_EMAIL_KEY);
}
