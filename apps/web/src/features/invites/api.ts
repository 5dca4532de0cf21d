import {
  type CallRequest,
  groupCallPaths,
  type groupCalls,
  opportunityCallPaths,
  type opportunityCalls,
} from '@leadcircle/shared';
import { baseApi } from '../../core/base-api';

export const invitesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    acceptGroupInvite: build.mutation<unknown, CallRequest<typeof groupCalls.addInvited>>({
      query: (body) => ({ call: groupCallPaths.addInvited, body }),
    }),
    acceptOpportunityInvite: build.mutation<unknown, CallRequest<typeof opportunityCalls.inviteAccept>>({
      query: (body) => ({ call: opportunityCallPaths.inviteAccept, body }),
    }),
  }),
});

export const { useAcceptGroupInviteMutation, useAcceptOpportunityInviteMutation } = invitesApi;
