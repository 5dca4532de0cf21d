import { ROUTES } from '@leadcircle/shared';
import { createApi } from '@reduxjs/toolkit/query/react';
import { reportError } from '../lib/error-reporter';
import { navigateTo } from '../lib/navigation';
import { createSessionBaseQuery } from './base-query';

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
