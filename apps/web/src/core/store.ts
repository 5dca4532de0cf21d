import { STATE_PERSIST_TIMEOUT_MS } from '@leadcircle/shared';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, persistReducer, persistStore, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { actionHistoryMiddleware } from '../lib/error-reporter';
import { baseApi } from './base-api';
import { modalsSlice } from './modals-slice';
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
// state is what redux-persist then writes, which clears the persisted copy too.
const rootReducer: typeof appReducer = (state, action) =>
  appReducer(resetApp.match(action) ? undefined : state, action);

const persistedReducer = persistReducer(
  {
    key: 'leadcircle',
    storage,
    // The session lives in its own local storage keys (spec), and cached calls are refetched.
    whitelist: [uiSlice.name],
    timeout: STATE_PERSIST_TIMEOUT_MS,
  },
  rootReducer,
);

export const store = configureStore({
  reducer: persistedReducer,
  middleware: (getDefaultMiddleware) =>
    getDefaultMiddleware({
      // redux-persist's own actions carry functions.
      serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
    }).concat(baseApi.middleware, actionHistoryMiddleware),
});

export const persistor = persistStore(store);

// Tells RTK Query when the tab is hidden or offline, so polling (an open lead's comments) pauses in a
// background tab (skipPollingIfUnfocused).
setupListeners(store.dispatch);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
