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
type FeedPage = CallResponse<Calls['global']>;

/** The feed's first page (also what the offline shell keeps); each older page starts after the last one shown. */
const FEED_FIRST_PAGE: CallRequest<Calls['global']> = { response_type: 'LIST', start_position: 0, get_next: PAGE_SIZE };
/** 0 stands for the first page; otherwise the id of the last activity shown (before_id). */
const FIRST_FEED_PAGE = 0;

/** The inbox's page: the latest 50. */
export const INBOX_PAGE = { start_position: 0, get_next: PAGE_SIZE };

export const activitiesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Activities', 'Inbox'] }).injectEndpoints({
  endpoints: (build) => ({
    // Refetched as a whole on a new activity: each page again from the one before, so none goes missing.
    globalActivities: build.infiniteQuery<FeedPage, void, number>({
      infiniteQueryOptions: {
        initialPageParam: FIRST_FEED_PAGE,
        getNextPageParam: (lastPage) =>
          lastPage.globalActivities.hasMore ? lastPage.globalActivities.activities.at(-1)?.activityId : undefined,
      },
      query: ({ pageParam }) => {
        const body: CallRequest<Calls['global']> =
          pageParam === FIRST_FEED_PAGE
            ? FEED_FIRST_PAGE
            : { response_type: 'LIST', get_next: PAGE_SIZE, before_id: pageParam };
        return { call: activityCallPaths.global, body };
      },
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
  useGlobalActivitiesInfiniteQuery,
  useRecentGroupsQuery,
  useRecentOpportunitiesQuery,
  useInboxQuery,
  useMarkInboxReadMutation,
  useMarkInboxAllReadMutation,
} = activitiesApi;
