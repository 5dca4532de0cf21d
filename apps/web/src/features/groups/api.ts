import {
  type CallRequest,
  type CallResponse,
  groupCallPaths,
  type groupCalls,
  leadCallPaths,
  type leadCalls,
  lookupCallPaths,
  type lookupCalls,
  outcomeCallPaths,
  type outcomeCalls,
  userCallPaths,
  type userCalls,
} from '@leadcircle/shared';
import type { Dispatch } from '@reduxjs/toolkit';
import { baseApi } from '../../core/base-api';
import { refreshListsAfterChange } from '../../core/list-refresh';

// The group calls, and the lookups the create wizard offers. The lists
// ('Groups', 'GroupUsers') refresh LIST_REFRESH_DELAY_MS after a change; one group's
// own record ('Group') at once.
type Group = typeof groupCalls;
type ListTag = 'Groups' | 'GroupUsers';

// Lookups change only with a deploy: asked for once per session, kept until signing out empties the
// store (RTK Query caps a timer at about 24 days).
const KEEP_FOR_THE_SESSION = Number.POSITIVE_INFINITY;

export const groupsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Groups', 'Group', 'GroupUsers', 'GroupNotifications'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listGroups: build.query<CallResponse<Group['list']>, CallRequest<Group['list']>>({
        query: (body) => ({ call: groupCallPaths.list, body }),
        providesTags: ['Groups'],
      }),
      getGroup: build.query<CallResponse<Group['get']>, number>({
        query: (groupId) => ({ call: groupCallPaths.get, body: { group_id: groupId } }),
        providesTags: (_result, _error, groupId) => [{ type: 'Group', id: groupId }],
      }),
      verifyGroupExists: build.mutation<CallResponse<Group['verifyExists']>, CallRequest<Group['verifyExists']>>({
        query: (body) => ({ call: groupCallPaths.verifyExists, body }),
      }),
      createPrivateGroup: build.mutation<CallResponse<Group['createPrivate']>, CallRequest<Group['createPrivate']>>({
        query: (body) => ({ call: groupCallPaths.createPrivate, body }),
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refreshLists(dispatch, queryFulfilled, ['Groups']),
      }),
      joinGroup: build.mutation<CallResponse<Group['add']>, CallRequest<Group['add']>>({
        query: (body) => ({ call: groupCallPaths.add, body }),
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refreshLists(dispatch, queryFulfilled, ['Groups']),
      }),
      updateGroup: build.mutation<CallResponse<Group['update']>, CallRequest<Group['update']>>({
        query: (body) => ({ call: groupCallPaths.update, body }),
        invalidatesTags: (_result, _error, body) => [{ type: 'Group', id: Number(body.group_id) }],
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refreshLists(dispatch, queryFulfilled, ['Groups']),
      }),
      updateGroupUser: build.mutation<CallResponse<Group['userUpdate']>, CallRequest<Group['userUpdate']>>({
        query: (body) => ({ call: groupCallPaths.userUpdate, body }),
        invalidatesTags: (_result, _error, body) => [{ type: 'Group', id: Number(body.group_id) }],
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refreshLists(dispatch, queryFulfilled, ['GroupUsers']),
      }),
      inviteToGroup: build.mutation<CallResponse<Group['invite']>, CallRequest<Group['invite']>>({
        query: (body) => ({ call: groupCallPaths.invite, body }),
      }),
      // Leaving (the member's own id) or, for the creator, removing a member.
      removeFromGroup: build.mutation<CallResponse<Group['remove']>, CallRequest<Group['remove']>>({
        query: (body) => ({ call: groupCallPaths.remove, body }),
        invalidatesTags: (_result, _error, body) => [{ type: 'Group', id: Number(body.group_id) }],
        onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
          refreshLists(dispatch, queryFulfilled, ['Groups', 'GroupUsers']),
      }),
      deleteGroup: build.mutation<CallResponse<Group['delete']>, CallRequest<Group['delete']>>({
        query: (body) => ({ call: groupCallPaths.delete, body }),
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refreshLists(dispatch, queryFulfilled, ['Groups']),
      }),
      listGroupUsers: build.query<
        CallResponse<typeof userCalls.getUsersByGroup>,
        CallRequest<typeof userCalls.getUsersByGroup>
      >({
        query: (body) => ({ call: userCallPaths.getUsersByGroup, body }),
        providesTags: ['GroupUsers'],
      }),
      getGroupNotifications: build.query<
        CallResponse<typeof userCalls.notificationSettings>,
        CallRequest<typeof userCalls.notificationSettings>
      >({
        query: (body) => ({ call: userCallPaths.notificationSettings, body }),
        providesTags: ['GroupNotifications'],
      }),
      updateGroupNotifications: build.mutation<
        CallResponse<typeof userCalls.updateNotifications>,
        CallRequest<typeof userCalls.updateNotifications>
      >({
        query: (body) => ({ call: userCallPaths.updateNotifications, body }),
        invalidatesTags: ['GroupNotifications'],
      }),
      // The scoreboard (Stats tab) and the members' profile cards; read afresh whenever shown.
      groupStats: build.query<CallResponse<Group['stats']>, CallRequest<Group['stats']>>({
        query: (body) => ({ call: groupCallPaths.stats, body }),
      }),
      leadGroupStats: build.query<CallResponse<typeof leadCalls.groupStats>, CallRequest<typeof leadCalls.groupStats>>({
        query: (body) => ({ call: leadCallPaths.groupStats, body }),
      }),
      memberStats: build.query<
        CallResponse<typeof outcomeCalls.memberStats>,
        CallRequest<typeof outcomeCalls.memberStats>
      >({
        query: (body) => ({ call: outcomeCallPaths.memberStats, body }),
      }),
      listTargets: build.query<CallResponse<typeof lookupCalls.targets>, void>({
        query: () => ({ call: lookupCallPaths.targets, body: {} }),
        keepUnusedDataFor: KEEP_FOR_THE_SESSION,
      }),
      listProducts: build.query<CallResponse<typeof lookupCalls.products>, void>({
        query: () => ({ call: lookupCallPaths.products, body: {} }),
        keepUnusedDataFor: KEEP_FOR_THE_SESSION,
      }),
    }),
  });

function refreshLists(dispatch: Dispatch, queryFulfilled: Promise<unknown>, tags: ListTag[]): Promise<void> {
  return refreshListsAfterChange(queryFulfilled, () => dispatch(groupsApi.util.invalidateTags(tags)));
}

export const {
  useListGroupsQuery,
  useGetGroupQuery,
  useVerifyGroupExistsMutation,
  useCreatePrivateGroupMutation,
  useJoinGroupMutation,
  useUpdateGroupMutation,
  useUpdateGroupUserMutation,
  useInviteToGroupMutation,
  useRemoveFromGroupMutation,
  useDeleteGroupMutation,
  useListGroupUsersQuery,
  useGetGroupNotificationsQuery,
  useUpdateGroupNotificationsMutation,
  useGroupStatsQuery,
  useLeadGroupStatsQuery,
  useMemberStatsQuery,
  useListTargetsQuery,
  useListProductsQuery,
} = groupsApi;

/** Asks for a group (a first page's data: main.tsx renders once it is in). */
export const fetchGroup = (groupId: number) => groupsApi.endpoints.getGroup.initiate(groupId, { subscribe: false });
