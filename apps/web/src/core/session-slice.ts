import type { CurrentUser, Tokens } from '@leadcircle/shared';
import { createSlice, type Dispatch, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { clearStoredSession, readStoredSession, storeTokens } from '../lib/session-storage';
import { resetApp } from './reset-app';

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  userId: number | null;
  userInfo: { email: string; firstName: string; lastName: string } | null;
}

export const sessionSlice = createSlice({
  name: 'session',
  // Read at start and again after a reset, so it always mirrors local storage.
  initialState: (): SessionState => ({ ...readStoredSession(), userInfo: null }),
  reducers: {
    sessionStarted(state, { payload }: PayloadAction<Tokens>) {
      state.accessToken = payload.accessToken;
      state.refreshToken = payload.refreshToken;
      state.userId = payload.userId;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(isCurrentUserFulfilled, (state, { payload }) => {
      state.userInfo = { email: payload.email, firstName: payload.firstName, lastName: payload.lastName };
    });
  },
});

export const { sessionStarted } = sessionSlice.actions;

/**
 * `usersApi.endpoints.getCurrentUser.matchFulfilled` (a fetch, or the cache written by a call that answers
 * the user), matched by the action's shape: this slice is in the first load, RTK Query is not.
 * `session-slice.test.ts` holds the two equal.
 */
export function isCurrentUserFulfilled(action: UnknownAction): action is PayloadAction<CurrentUser> {
  const meta = (action as { meta?: { arg?: { endpointName?: unknown } } }).meta;
  return action.type === 'api/executeQuery/fulfilled' && meta?.arg?.endpointName === 'getCurrentUser';
}

// Cached calls are forgotten on sign-out: the base API says how when it joins the store.
let resetApiState: (() => UnknownAction) | null = null;
export function setApiReset(reset: () => UnknownAction): void {
  resetApiState = reset;
}

/** Signed in (login, sign-up confirmation, password reset): local storage first, then the store. */
export const startSession = (tokens: Tokens) => (dispatch: Dispatch) => {
  storeTokens(tokens);
  dispatch(sessionStarted(tokens));
};

// What features keep of the signed-in person outside the store (the chat outbox): they forget it on sign-out.
const signOutCleanups = new Set<() => void>();
export function onSignOut(cleanup: () => void): void {
  signOutCleanups.add(cleanup);
}

/** Signed out: forget the tokens and reset every slice, cached calls included. */
export const endSession = () => (dispatch: Dispatch) => {
  clearStoredSession();
  for (const cleanup of signOutCleanups) cleanup();
  dispatch(resetApp());
  if (resetApiState) dispatch(resetApiState());
};

export const selectIsSignedIn = (state: { session: SessionState }) => state.session.accessToken !== null;
