import { type Business, businessCalls, type CurrentUser, userCalls } from '@leadcircle/shared';
import { baseApi } from './base-api';
import type { CallExtraOptions } from './base-query';

// A user without a business gets 404 'business not found': that simply means "no business".
const businessNotFound: CallExtraOptions = { silentStatuses: [404] };

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<CurrentUser, void>({
      query: () => ({ call: userCalls.get, body: {} }),
      providesTags: ['CurrentUser'],
    }),
    getMyBusiness: build.query<Business | null, void>({
      extraOptions: businessNotFound,
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ call: businessCalls.getByUser, body: {} });
        if (result.error?.status === 404) return { data: null };
        return result.error ? { error: result.error } : { data: result.data as Business };
      },
      providesTags: ['Business'],
    }),
  }),
});

export const { useGetCurrentUserQuery, useGetMyBusinessQuery } = usersApi;
