import { type CallRequest, type CallResponse, searchCallPaths, type searchCalls } from '@leadcircle/shared';
import { baseApi } from '../../core/base-api';

type Search = typeof searchCalls.search;

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Never cached long: what a search finds changes with every lead and message.
    search: build.query<CallResponse<Search>, CallRequest<Search>>({
      query: (body) => ({ call: searchCallPaths.search, body }),
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { useSearchQuery } = searchApi;
