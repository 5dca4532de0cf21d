import { type CallRequest, type GroupInvitePreview, groupCalls, opportunityCalls } from '@leadcircle/shared';
import { baseApi } from '../../app/base-api';

export const invitesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    acceptGroupInvite: build.mutation<unknown, CallRequest<typeof groupCalls.addInvited>>({
      query: (body) => ({ call: groupCalls.addInvited, body }),
    }),
    // Before signing in: who invites to which group. A spent or expired link answers 400, shown as such.
    getGroupInvitePreview: build.query<GroupInvitePreview, CallRequest<typeof groupCalls.invitePreview>>({
      query: (body) => ({ call: groupCalls.invitePreview, body }),
      extraOptions: { silentStatuses: [400] },
    }),
    acceptOpportunityInvite: build.mutation<unknown, CallRequest<typeof opportunityCalls.inviteAccept>>({
      query: (body) => ({ call: opportunityCalls.inviteAccept, body }),
    }),
  }),
});

export const { useAcceptGroupInviteMutation, useAcceptOpportunityInviteMutation, useGetGroupInvitePreviewQuery } =
  invitesApi;
