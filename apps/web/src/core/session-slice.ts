import type { Tokens } from '@leadcircle/shared';
import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import { clearStoredSession, readStoredSession, storeTokens } from '../lib/session-storage';
import { baseApi } from './base-api';
import { usersApi } from './current-user-api';
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
    builder.addMatcher(usersApi.endpoints.getCurrentUser.matchFulfilled, (state, { payload }) => {
      state.userInfo = { email: payload.email, firstName: payload.firstName, lastName: payload.lastName };
    });
  },
});

export const { sessionStarted } = sessionSlice.actions;

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
  dispatch(baseApi.util.resetApiState());
};

export const selectIsSignedIn = (state: { session: SessionState }) => state.session.accessToken !== null;
