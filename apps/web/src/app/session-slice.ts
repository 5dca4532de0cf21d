import type { Tokens } from '@leadcircle/shared';
import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import { clearOutbox } from '../features/chat/outbox';
import { usersApi } from '../features/users/api';
import { clearStoredSession, readStoredSession, storeTokens } from '../lib/session-storage';
import { baseApi } from './base-api';
import { resetApp } from './reset-app';

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  userId: number | null;
  userInfo: { email: string; firstName: string; lastName: string } | null;
}

export const sessionSlice = createSlice({
  name: 'session',
  // Read at start and again after a reset, so it always mirrors local storage (spec 000 §3).
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

/** Signed out: forget the tokens and reset every slice, cached calls included. */
export const endSession = () => (dispatch: Dispatch) => {
  clearStoredSession();
  // Messages not sent yet were this person's: they do not wait for the next one.
  clearOutbox();
  dispatch(resetApp());
  dispatch(baseApi.util.resetApiState());
};

export const selectIsSignedIn = (state: { session: SessionState }) => state.session.accessToken !== null;
