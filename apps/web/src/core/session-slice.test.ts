import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { testUser } from '../test/render-in-app';
import { baseApi } from './base-api';
import { usersApi } from './current-user-api';
import { isCurrentUserFulfilled, sessionSlice } from './session-slice';

describe('isCurrentUserFulfilled', () => {
  it('matches what getCurrentUser.matchFulfilled matches, and the session keeps the user', async () => {
    const seen: UnknownAction[] = [];
    const record: Middleware = () => (next) => (action) => {
      seen.push(action as UnknownAction);
      return next(action);
    };
    const store = configureStore({
      reducer: { [sessionSlice.name]: sessionSlice.reducer, [baseApi.reducerPath]: baseApi.reducer },
      middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(record, baseApi.middleware),
    });

    await store.dispatch(usersApi.util.upsertQueryData('getMyBusiness', undefined, null));
    expect(store.getState().session.userInfo).toBeNull();
    await store.dispatch(usersApi.util.upsertQueryData('getCurrentUser', undefined, testUser));

    expect(seen.filter((action) => usersApi.endpoints.getCurrentUser.matchFulfilled(action))).toHaveLength(1);
    for (const action of seen) {
      expect(isCurrentUserFulfilled(action)).toBe(usersApi.endpoints.getCurrentUser.matchFulfilled(action));
    }
    expect(store.getState().session.userInfo).toEqual({
      email: testUser.email,
      firstName: testUser.firstName,
      lastName: testUser.lastName,
    });
  });
});
