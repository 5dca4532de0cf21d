import {
  activityCallPaths,
  type activityCalls,
  type CallRequest,
  type CallResponse,
  groupCallPaths,
  type groupCalls,
  inboxCallPaths,
  type inboxCalls,
  opportunityCallPaths,
  type opportunityCalls,
  PAGE_SIZE,
} from '@leadcircle/shared';
import { baseApi } from '../../core/base-api';

// The home screen's calls: the activity feed and the first rows of the group and opportunity lists.
type Calls = typeof activityCalls;

/** The inbox's page: the latest 50. */
export const INBOX_PAGE = { start_position: 0, get_next: PAGE_SIZE };

export const activitiesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Activities', 'Inbox'] }).injectEndpoints({
  endpoints: (build) => ({
    globalActivities: build.query<CallResponse<Calls['global']>, CallRequest<Calls['global']>>({
      query: (body) => ({ call: activityCallPaths.global, body }),
      providesTags: ['Activities'],
    }),
    recentGroups: build.query<CallResponse<typeof groupCalls.list>, void>({
      query: () => ({ call: groupCallPaths.list, body: { start_position: 0, get_next: 5 } }),
      providesTags: ['Activities'],
    }),
    recentOpportunities: build.query<CallResponse<typeof opportunityCalls.list>, void>({
      query: () => ({
        call: opportunityCallPaths.list,
        body: { sort: 'CREATED', data: 1, start_position: 0, get_next: 5 },
      }),
      providesTags: ['Activities'],
    }),
    // The bell's: its own tag, so the feed's refetches leave it alone (it counts new items from the events).
    inbox: build.query<CallResponse<typeof inboxCalls.list>, void>({
      query: () => ({ call: inboxCallPaths.list, body: INBOX_PAGE }),
      providesTags: ['Inbox'],
    }),
    markInboxRead: build.mutation<CallResponse<typeof inboxCalls.read>, number>({
      query: (activityId) => ({ call: inboxCallPaths.read, body: { activity_id: activityId } }),
      invalidatesTags: ['Inbox'],
    }),
    markInboxAllRead: build.mutation<CallResponse<typeof inboxCalls.readAll>, void>({
      query: () => ({ call: inboxCallPaths.readAll, body: {} }),
      invalidatesTags: ['Inbox'],
    }),
  }),
});

export const {
  useGlobalActivitiesQuery,
  useRecentGroupsQuery,
  useRecentOpportunitiesQuery,
  useInboxQuery,
  useMarkInboxReadMutation,
  useMarkInboxAllReadMutation,
} = activitiesApi;
