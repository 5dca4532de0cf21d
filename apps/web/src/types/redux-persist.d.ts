// The installed redux-persist 6 ships an empty types/ folder, so the parts we use are declared here.

declare module 'redux-persist' {
  import type { Action, Reducer, Store } from 'redux';

  export const FLUSH: 'persist/FLUSH';
  export const REHYDRATE: 'persist/REHYDRATE';
  export const PAUSE: 'persist/PAUSE';
  export const PERSIST: 'persist/PERSIST';
  export const PURGE: 'persist/PURGE';
  export const REGISTER: 'persist/REGISTER';

  export interface WebStorage {
    getItem(key: string): Promise<string | null>;
    setItem(key: string, item: string): Promise<void>;
    removeItem(key: string): Promise<void>;
  }

  export interface PersistConfig<S> {
    key: string;
    storage: WebStorage;
    whitelist?: Array<keyof S & string>;
    blacklist?: Array<keyof S & string>;
    timeout?: number;
    version?: number;
  }

  export interface PersistPartial {
    _persist: { version: number; rehydrated: boolean };
  }

  export interface Persistor {
    purge(): Promise<unknown>;
    flush(): Promise<unknown>;
    pause(): void;
    persist(): void;
    subscribe(callback: () => void): () => void;
    getState(): { registry: unknown[]; bootstrapped: boolean };
  }

  export function persistReducer<S, A extends Action = Action>(
    config: PersistConfig<S>,
    reducer: Reducer<S, A>,
  ): Reducer<S & PersistPartial, A>;

  export function persistStore(store: Store, options?: null, callback?: () => void): Persistor;
}

declare module 'redux-persist/es/storage' {
  import type { WebStorage } from 'redux-persist';

  const storage: WebStorage;
  export default storage;
}

declare module 'redux-persist/es/integration/react' {
  import type { ReactNode } from 'react';
  import type { Persistor } from 'redux-persist';

  export function PersistGate(props: { persistor: Persistor; loading?: ReactNode; children?: ReactNode }): ReactNode;
}
