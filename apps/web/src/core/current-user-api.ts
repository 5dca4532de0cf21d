import { type Business, businessCallPaths, type CurrentUser, userCallPaths } from '@leadcircle/shared';
import { baseApi } from './base-api';
import type { CallExtraOptions } from './base-query';

// The calls are named by their paths, without their schemas: the session slice (in every first load) reads
// these endpoints, and zod stays out of the first load.

// A user without a business gets 404 'business not found': that simply means "no business".
const businessNotFound: CallExtraOptions = { silentStatuses: [404] };

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<CurrentUser, void>({
      query: () => ({ call: userCallPaths.get, body: {} }),
      providesTags: ['CurrentUser'],
    }),
    getMyBusiness: build.query<Business | null, void>({
      extraOptions: businessNotFound,
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ call: businessCallPaths.getByUser, body: {} });
        if (result.error?.status === 404) return { data: null };
        return result.error ? { error: result.error } : { data: result.data as Business };
      },
      providesTags: ['Business'],
    }),
  }),
});

export const { useGetCurrentUserQuery, useGetMyBusinessQuery } = usersApi;
