import type { KeyValueStorage } from '../lib/key-value-storage';
import type { UiState } from './ui-slice';

// The interface choices (the ui slice) are kept across visits in local storage, under the key and in
// the format redux-persist used (a JSON object of JSON strings), so what it wrote stays readable.
// A dozen lines instead of redux-persist: the store is in the sign-in screen's first load.

const KEY = 'persist:leadcircle';
const PERSIST_META = JSON.stringify({ version: -1, rehydrated: true });

/** The stored ui slice; undefined when there is none or it cannot be read. */
export function readPersistedUi(storage: KeyValueStorage): UiState | undefined {
  try {
    const stored = JSON.parse(storage.getItem(KEY) ?? 'null') as { ui?: unknown } | null;
    if (typeof stored?.ui !== 'string') return undefined;
    const ui: unknown = JSON.parse(stored.ui);
    return typeof ui === 'object' && ui !== null && !Array.isArray(ui) ? (ui as UiState) : undefined;
  } catch {
    return undefined;
  }
}

export function writePersistedUi(storage: KeyValueStorage, ui: UiState): void {
  try {
    storage.setItem(KEY, JSON.stringify({ ui: JSON.stringify(ui), _persist: PERSIST_META }));
  } catch {
    // Storage full or refused: the choice lasts this visit.
  }
}
