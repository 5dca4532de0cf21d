import { ROUTES } from '@leadcircle/shared';
import { setupListeners } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { reportError } from '../lib/error-reporter';
import { navigateTo } from '../lib/navigation';
import { createSessionBaseQuery } from './base-query';
import { setApiReset } from './session-slice';
import { attachApi, store } from './store';

// Features inject their endpoints into this one API.
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createSessionBaseQuery({
    baseUrl: '/api',
    onRefreshed: () => window.location.reload(),
    // The sign-out route is the one place that ends a session; it lands on sign in.
    onSessionEnded: () => navigateTo(ROUTES.signOut, { replace: true }),
    report: (message, details) => reportError(message, details),
  }),
  tagTypes: ['CurrentUser', 'Business'],
  endpoints: () => ({}),
});

// The API joins the store when this module first loads (after the sign-in screen's first paint).
attachApi(baseApi);
setApiReset(() => baseApi.util.resetApiState());
// Tells RTK Query when the tab is hidden or offline, so polling (an open lead's comments) pauses in a
// background tab (skipPollingIfUnfocused).
setupListeners(store.dispatch);
