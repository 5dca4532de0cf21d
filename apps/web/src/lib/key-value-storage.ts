// The part of the Web Storage API we use; tests pass an in-memory one (src/test/memory-storage.ts).
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function browserStorage(): KeyValueStorage {
  return window.localStorage;
}
