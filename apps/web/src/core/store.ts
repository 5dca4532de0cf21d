import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { actionHistoryMiddleware } from '../lib/error-reporter';
import { browserStorage } from '../lib/key-value-storage';
import { baseApi } from './base-api';
import { modalsSlice } from './modals-slice';
import { readPersistedUi, writePersistedUi } from './persisted-ui';
import { resetApp } from './reset-app';
import { sessionSlice } from './session-slice';
import { uiSlice } from './ui-slice';

const appReducer = combineReducers({
  [sessionSlice.name]: sessionSlice.reducer,
  [uiSlice.name]: uiSlice.reducer,
  [modalsSlice.name]: modalsSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

// resetApp hands every slice `undefined`, so each starts again from its initial state; the reset
// state is what is then written (persisted-ui.ts), which clears the persisted copy too.
const rootReducer: typeof appReducer = (state, action) =>
  appReducer(resetApp.match(action) ? undefined : state, action);

// The ui slice starts from what the last visit kept, and is written whenever it changes.
const storage = browserStorage();
const persistedUi = readPersistedUi(storage);

export const store = configureStore({
  reducer: rootReducer,
  ...(persistedUi ? { preloadedState: { [uiSlice.name]: persistedUi } } : {}),
  middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware, actionHistoryMiddleware),
});

let lastUi = store.getState()[uiSlice.name];
store.subscribe(() => {
  const ui = store.getState()[uiSlice.name];
  if (ui === lastUi) return;
  lastUi = ui;
  writePersistedUi(storage, ui);
});

// Tells RTK Query when the tab is hidden or offline, so polling (an open lead's comments) pauses in a
// background tab (skipPollingIfUnfocused).
setupListeners(store.dispatch);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
