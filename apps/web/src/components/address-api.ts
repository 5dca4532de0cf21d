import { addressCallPaths, type addressCalls, type CallResponse } from '@leadcircle/shared';
import { baseApi } from '../core/base-api';

// The address form's ZIP lookup. A 404 (unknown ZIP) is the form's own message,
// not a failure to report.
const addressApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    lookupZip: build.query<CallResponse<typeof addressCalls.zipLookup>, string>({
      query: (postal) => ({ call: addressCallPaths.zipLookup, body: { postal } }),
      extraOptions: { silentStatuses: [404] },
    }),
  }),
});

export const { useLazyLookupZipQuery } = addressApi;
