import {
  billingCallPaths,
  type billingCalls,
  businessCallPaths,
  type businessCalls,
  type CallRequest,
  type CallResponse,
  crmCallPaths,
  type crmCalls,
  territoryCallPaths,
  type territoryCalls,
} from '@leadcircle/shared';
import type { Dispatch } from '@reduxjs/toolkit';
import { baseApi } from '../../core/base-api';
import type { CallExtraOptions } from '../../core/base-query';
import { refreshListsAfterChange } from '../../core/list-refresh';

// The business admin calls, the business invite link and the CRM calls. The users
// list refreshes LIST_REFRESH_DELAY_MS after a change; the seat count at once.
type Call = typeof businessCalls;

// 404 on the CRM check means "no CRM": silent.
const noCrmIsAnAnswer: CallExtraOptions = { silentStatuses: [404] };

export const businessApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['BusinessUsers', 'Billing', 'Crm', 'Territories'] })
  .injectEndpoints({
    endpoints: (build) => ({
      // The subscription's seats and price, for the cost of a change (the billing area reads the same call).
      getSeatBilling: build.query<CallResponse<typeof billingCalls.get>, void>({
        query: () => ({ call: billingCallPaths.get, body: {} }),
        providesTags: ['Billing'],
      }),
      getBusinessUsers: build.query<CallResponse<Call['getUsers']>, CallRequest<Call['getUsers']>>({
        query: (body) => ({ call: businessCallPaths.getUsers, body }),
        providesTags: ['BusinessUsers'],
      }),
      inviteBusinessUser: build.mutation<CallResponse<Call['inviteUser']>, CallRequest<Call['inviteUser']>>({
        query: (body) => ({ call: businessCallPaths.inviteUser, body }),
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refreshUsers(dispatch, queryFulfilled),
      }),
      updateBusinessUser: build.mutation<CallResponse<Call['updateUser']>, CallRequest<Call['updateUser']>>({
        query: (body) => ({ call: businessCallPaths.updateUser, body }),
        invalidatesTags: ['CurrentUser'],
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refreshUsers(dispatch, queryFulfilled),
      }),
      removeBusinessUser: build.mutation<CallResponse<Call['removeUser']>, CallRequest<Call['removeUser']>>({
        query: (body) => ({ call: businessCallPaths.removeUser, body }),
        invalidatesTags: ['Billing', 'Business'],
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refreshUsers(dispatch, queryFulfilled),
      }),
      getBusinessInvite: build.query<CallResponse<Call['getInvite']>, CallRequest<Call['getInvite']>>({
        query: (body) => ({ call: businessCallPaths.getInvite, body }),
      }),
      acceptBusinessInvite: build.mutation<CallResponse<Call['acceptInvite']>, CallRequest<Call['acceptInvite']>>({
        query: (body) => ({ call: businessCallPaths.acceptInvite, body }),
        invalidatesTags: ['CurrentUser', 'Business'],
      }),
      checkCrm: build.query<CallResponse<typeof crmCalls.check> | null, void>({
        extraOptions: noCrmIsAnAnswer,
        async queryFn(_arg, _api, _extraOptions, baseQuery) {
          const result = await baseQuery({ call: crmCallPaths.check, body: {} });
          if (result.error?.status === 404) return { data: null };
          return result.error ? { error: result.error } : { data: result.data as CallResponse<typeof crmCalls.check> };
        },
        providesTags: ['Crm'],
      }),
      listTerritories: build.query<CallResponse<typeof territoryCalls.list>, CallRequest<typeof territoryCalls.list>>({
        query: (body) => ({ call: territoryCallPaths.list, body }),
        providesTags: ['Territories'],
      }),
      createTerritory: build.mutation<
        CallResponse<typeof territoryCalls.create>,
        CallRequest<typeof territoryCalls.create>
      >({
        query: (body) => ({ call: territoryCallPaths.create, body }),
        invalidatesTags: ['Territories', 'CurrentUser'],
      }),
      updateTerritory: build.mutation<
        CallResponse<typeof territoryCalls.update>,
        CallRequest<typeof territoryCalls.update>
      >({
        query: (body) => ({ call: territoryCallPaths.update, body }),
        invalidatesTags: ['Territories', 'CurrentUser'],
      }),
      deleteTerritory: build.mutation<
        CallResponse<typeof territoryCalls.delete>,
        CallRequest<typeof territoryCalls.delete>
      >({
        query: (body) => ({ call: territoryCallPaths.delete, body }),
        invalidatesTags: ['Territories', 'CurrentUser'],
      }),
      getMyTerritories: build.query<CallResponse<typeof territoryCalls.mine>, void>({
        query: () => ({ call: territoryCallPaths.mine, body: {} }),
        providesTags: ['Territories'],
      }),
      getCrmConnection: build.query<CallResponse<typeof crmCalls.connection>, void>({
        query: () => ({ call: crmCallPaths.connection, body: {} }),
        providesTags: ['Crm'],
      }),
      startCrmConnect: build.mutation<
        CallResponse<typeof crmCalls.connectStart>,
        CallRequest<typeof crmCalls.connectStart>
      >({
        query: (body) => ({ call: crmCallPaths.connectStart, body }),
      }),
      finishCrmConnect: build.mutation<
        CallResponse<typeof crmCalls.connectFinish>,
        CallRequest<typeof crmCalls.connectFinish>
      >({
        query: (body) => ({ call: crmCallPaths.connectFinish, body }),
        invalidatesTags: ['Crm'],
      }),
      connectCrmToken: build.mutation<
        CallResponse<typeof crmCalls.connectToken>,
        CallRequest<typeof crmCalls.connectToken>
      >({
        query: (body) => ({ call: crmCallPaths.connectToken, body }),
        invalidatesTags: ['Crm'],
      }),
      updateCrmSettings: build.mutation<CallResponse<typeof crmCalls.settings>, CallRequest<typeof crmCalls.settings>>({
        query: (body) => ({ call: crmCallPaths.settings, body }),
        invalidatesTags: ['Crm'],
      }),
      disconnectCrm: build.mutation<CallResponse<typeof crmCalls.disconnect>, void>({
        query: () => ({ call: crmCallPaths.disconnect, body: {} }),
        invalidatesTags: ['Crm'],
      }),
      syncCrm: build.mutation<CallResponse<typeof crmCalls.syncNow>, void>({
        query: () => ({ call: crmCallPaths.syncNow, body: {} }),
        invalidatesTags: ['Crm'],
      }),
      testCrm: build.mutation<CallResponse<typeof crmCalls.test>, CallRequest<typeof crmCalls.test>>({
        query: (body) => ({ call: crmCallPaths.test, body }),
      }),
    }),
  });

function refreshUsers(dispatch: Dispatch, queryFulfilled: Promise<unknown>): Promise<void> {
  return refreshListsAfterChange(queryFulfilled, () =>
    dispatch(businessApi.util.invalidateTags(['BusinessUsers', 'Billing'])),
  );
}

export const {
  useGetSeatBillingQuery,
  useGetBusinessUsersQuery,
  useInviteBusinessUserMutation,
  useUpdateBusinessUserMutation,
  useRemoveBusinessUserMutation,
  useGetBusinessInviteQuery,
  useAcceptBusinessInviteMutation,
  useCheckCrmQuery,
  useTestCrmMutation,
  useGetCrmConnectionQuery,
  useStartCrmConnectMutation,
  useFinishCrmConnectMutation,
  useConnectCrmTokenMutation,
  useUpdateCrmSettingsMutation,
  useDisconnectCrmMutation,
  useSyncCrmMutation,
  useListTerritoriesQuery,
  useCreateTerritoryMutation,
  useUpdateTerritoryMutation,
  useDeleteTerritoryMutation,
  useGetMyTerritoriesQuery,
} = businessApi;
