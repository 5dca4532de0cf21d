import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { CombinedState, EndpointDefinitions } from '@reduxjs/toolkit/query';
import { actionHistoryMiddleware } from '../lib/error-reporter';
import { browserStorage } from '../lib/key-value-storage';
import { modalsSlice } from './modals-slice';
import { readPersistedUi, writePersistedUi } from './persisted-ui';
import { resetApp } from './reset-app';
import { sessionSlice } from './session-slice';
import { uiSlice } from './ui-slice';

// The base API (RTK Query) joins the store when it is first imported (attachApi), so the sign-in
// screen's first load carries the store without RTK Query (docs/decisions/performance.md).
// The state of the base API (core/base-api.ts), which this module does not import.
type ApiState = { api: CombinedState<EndpointDefinitions, string, 'api'> };
const appReducer = combineSlices(sessionSlice, uiSlice, modalsSlice).withLazyLoadedSlices<ApiState>();

// resetApp hands every slice `undefined`, so each starts again from its initial state; the reset
// state is what is then written (persisted-ui.ts), which clears the persisted copy too.
// Typed with the API's state, which is there before any screen reads it.
type StoreState = ReturnType<typeof appReducer> & ApiState;
const rootReducer = ((state, action) => appReducer(resetApp.match(action) ? undefined : state, action)) as Reducer<
  StoreState,
  UnknownAction,
  Partial<StoreState>
>;

// The ui slice starts from what the last visit kept, and is written whenever it changes.
const storage = browserStorage();
const persistedUi = readPersistedUi(storage);
const dynamicMiddleware = createDynamicMiddleware();

export const store = configureStore({
  reducer: rootReducer,
  ...(persistedUi ? { preloadedState: { [uiSlice.name]: persistedUi } } : {}),
  middleware: (getDefaultMiddleware) =>
    getDefaultMiddleware().concat(dynamicMiddleware.middleware, actionHistoryMiddleware),
});

let lastUi = store.getState()[uiSlice.name];
store.subscribe(() => {
  const ui = store.getState()[uiSlice.name];
  if (ui === lastUi) return;
  lastUi = ui;
  writePersistedUi(storage, ui);
});

const apiAttached = createAction('app/apiAttached');

/** Adds an RTK Query API's reducer and middleware to the store (once, when the API module loads). */
export function attachApi(api: { reducerPath: 'api'; reducer: Reducer; middleware: Middleware }) {
  appReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer as Reducer<ApiState['api']> });
  dynamicMiddleware.addMiddleware(api.middleware);
  // Gives the new slice its initial state before anything reads it.
  store.dispatch(apiAttached());
}

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
