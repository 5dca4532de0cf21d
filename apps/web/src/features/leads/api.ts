import {
  type CallRequest,
  type CallResponse,
  type ChatMessage,
  type CrmLeadState,
  chatCallPaths,
  type chatCalls,
  crmCallPaths,
  type Lead,
  type LeadOutcomeTimeline,
  leadCallPaths,
  type leadCalls,
  outcomeCallPaths,
  type outcomeCalls,
  PAGE_SIZE,
  ratingCallPaths,
  type ratingCalls,
  userCallPaths,
  type userCalls,
} from '@leadcircle/shared';
import type { Dispatch } from '@reduxjs/toolkit';
import { baseApi } from '../../core/base-api';
import { refreshListsAfterChange } from '../../core/list-refresh';

// The lead calls: the list, one lead, create/edit/delete, its rating and its comments.
// The lead list refreshes LIST_REFRESH_DELAY_MS after a create, edit or delete; an open
// lead takes the call's answer at once.

type CommentsPage = CallResponse<typeof chatCalls.leadList>;

/** The first page's anchor: the newest comments (a seq is never 0). */
export const NEWEST_COMMENTS = 0;

/** The next older page starts before the oldest comment held, while older ones remain. */
export function nextCommentsAnchor(lastPage: CommentsPage): number | undefined {
  return lastPage.hasMore ? lastPage.messages.at(-1)?.seq : undefined;
}

/** The call for a page of 50 comments just older than `beforeSeq` (the newest for NEWEST_COMMENTS). */
export function commentsPageBody(leadId: number, beforeSeq: number): CallRequest<typeof chatCalls.leadList> {
  return beforeSeq === NEWEST_COMMENTS
    ? { id: leadId, get_next: PAGE_SIZE }
    : { id: leadId, before_seq: beforeSeq, get_next: PAGE_SIZE };
}

/** The loaded pages as one list, newest first; a comment that moved to the next page meanwhile shows once. */
export function commentsOf(pages: readonly CommentsPage[] | undefined): ChatMessage[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((page) =>
    page.messages.filter((message) => !seen.has(message.messageId) && seen.add(message.messageId)),
  );
}

/** The list call for a page of a group's leads: one page on or back goes by the answer's cursor. */
export function leadsPageArgs(groupId: number, page: number, cursor?: string): CallRequest<typeof leadCalls.list> {
  return { group_id: groupId, start_position: page * PAGE_SIZE, get_next: PAGE_SIZE, ...(cursor && { cursor }) };
}

export const leadsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Leads', 'LeadComments', 'LeadOutcome'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listLeads: build.query<CallResponse<typeof leadCalls.list>, CallRequest<typeof leadCalls.list>>({
        query: (body) => ({ call: leadCallPaths.list, body }),
        providesTags: ['Leads'],
      }),
      // The group's members, for the list's Submitted by filter (the first page: the same call as the members tab).
      listLeadSubmitters: build.query<CallResponse<typeof userCalls.getUsersByGroup>, number>({
        query: (groupId) => ({
          call: userCallPaths.getUsersByGroup,
          body: { group_id: groupId, start_position: 0, get_next: PAGE_SIZE },
        }),
      }),
      getLead: build.query<Lead, number>({
        query: (leadId) => ({ call: leadCallPaths.get, body: { lead_id: leadId } }),
      }),
      createLead: build.mutation<Lead, CallRequest<typeof leadCalls.create>>({
        query: (body) => ({ call: leadCallPaths.create, body }),
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refreshLeadList(dispatch, queryFulfilled),
      }),
      updateLead: build.mutation<Lead, CallRequest<typeof leadCalls.update>>({
        query: (body) => ({ call: leadCallPaths.update, body }),
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          // The details page shows the answer at once.
          queryFulfilled
            .then(({ data }) => dispatch(leadsApi.util.upsertQueryData('getLead', data.leadId, data)))
            .catch(() => {});
          await refreshLeadList(dispatch, queryFulfilled);
        },
      }),
      deleteLead: build.mutation<CallResponse<typeof leadCalls.delete>, number>({
        query: (leadId) => ({ call: leadCallPaths.delete, body: { lead_id: leadId } }),
        onQueryStarted: (_leadId, { dispatch, queryFulfilled }) => refreshLeadList(dispatch, queryFulfilled),
      }),
      rateLead: build.mutation<
        CallResponse<typeof ratingCalls.qualityRate>,
        CallRequest<typeof ratingCalls.qualityRate> & { lead_id: number }
      >({
        query: (body) => ({ call: ratingCallPaths.qualityRate, body }),
        async onQueryStarted(body, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          if (data) {
            dispatch(
              leadsApi.util.updateQueryData('getLead', body.lead_id, (draft) => {
                draft.rating = data;
              }),
            );
          }
        },
      }),
      // Taking an unassigned lead (user_id is the caller): the lead's page shows the answer at once, and
      // may now record its progress.
      takeLead: build.mutation<Lead, CallRequest<typeof leadCalls.assign>>({
        query: (body) => ({ call: leadCallPaths.assign, body }),
        invalidatesTags: (_result, error, body) => (error ? [] : [{ type: 'LeadOutcome', id: Number(body.lead_id) }]),
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          queryFulfilled
            .then(({ data }) => dispatch(leadsApi.util.upsertQueryData('getLead', data.leadId, data)))
            .catch(() => {});
          await refreshLeadList(dispatch, queryFulfilled);
        },
      }),
      // The lead in the caller's business's CRM (provider null: none), and sending it there.
      getLeadCrm: build.query<CrmLeadState, number>({
        query: (leadId) => ({ call: crmCallPaths.leadState, body: { lead_id: leadId } }),
      }),
      sendLeadToCrm: build.mutation<CrmLeadState, number>({
        query: (leadId) => ({ call: crmCallPaths.leadSend, body: { lead_id: leadId } }),
        // The job may finish (and its event arrive) before this answer: show the answer, then read the state again.
        async onQueryStarted(leadId, { dispatch, queryFulfilled }) {
          queryFulfilled
            .then(async ({ data }) => {
              await dispatch(leadsApi.util.upsertQueryData('getLeadCrm', leadId, data));
              await dispatch(leadsApi.endpoints.getLeadCrm.initiate(leadId, { forceRefetch: true, subscribe: false }));
            })
            .catch(() => {});
        },
      }),
      // What became of a lead: its outcome and the timeline of its steps.
      getLeadOutcome: build.query<LeadOutcomeTimeline, number>({
        query: (leadId) => ({ call: outcomeCallPaths.list, body: { lead_id: leadId } }),
        providesTags: (_result, _error, leadId) => [{ type: 'LeadOutcome', id: leadId }],
      }),
      recordLeadOutcome: build.mutation<LeadOutcomeTimeline, CallRequest<typeof outcomeCalls.record>>({
        query: (body) => ({ call: outcomeCallPaths.record, body }),
        async onQueryStarted(body, { dispatch, queryFulfilled }) {
          queryFulfilled
            .then(({ data }) => {
              const [timeline, lead] = outcomeAnswerUpdates(Number(body.lead_id), data);
              dispatch(timeline);
              dispatch(lead);
            })
            .catch(() => {});
          await refreshLeadList(dispatch, queryFulfilled);
        },
      }),
      // Confirming a step the submitter reported (the assignee, or a group owner while nobody holds the lead).
      confirmLeadOutcome: build.mutation<LeadOutcomeTimeline, CallRequest<typeof outcomeCalls.confirm>>({
        query: (body) => ({ call: outcomeCallPaths.confirm, body }),
        async onQueryStarted(body, { dispatch, queryFulfilled }) {
          queryFulfilled
            .then(({ data }) => {
              const [timeline, lead] = outcomeAnswerUpdates(Number(body.lead_id), data);
              dispatch(timeline);
              dispatch(lead);
            })
            .catch(() => {});
          await refreshLeadList(dispatch, queryFulfilled);
        },
      }),
      // Leads of the group matching what the lead dialog holds (asked as the person types).
      checkDuplicates: build.query<
        CallResponse<typeof outcomeCalls.duplicates>,
        CallRequest<typeof outcomeCalls.duplicates>
      >({ query: (body) => ({ call: outcomeCallPaths.duplicates, body }) }),
      // A lead's comments (its chat room), newest first, a page of 50 at a time going back by seq.
      listLeadComments: build.infiniteQuery<CommentsPage, number, number>({
        infiniteQueryOptions: {
          initialPageParam: NEWEST_COMMENTS,
          getNextPageParam: (lastPage) => nextCommentsAnchor(lastPage),
        },
        query: ({ queryArg, pageParam }) => ({
          call: chatCallPaths.leadList,
          body: commentsPageBody(queryArg, pageParam),
        }),
        providesTags: (_result, _error, leadId) => [{ type: 'LeadComments', id: leadId }],
      }),
      sendLeadComment: build.mutation<
        CallResponse<typeof chatCalls.messageSend>,
        { leadId: number; body: CallRequest<typeof chatCalls.messageSend> }
      >({
        query: ({ body }) => ({ call: chatCallPaths.messageSend, body }),
        invalidatesTags: (_result, error, { leadId }) => (error ? [] : [{ type: 'LeadComments', id: leadId }]),
      }),
    }),
  });

/** The lead's page takes an outcome call's answer (timeline and outcome) at once. */
function outcomeAnswerUpdates(leadId: number, data: LeadOutcomeTimeline) {
  return [
    leadsApi.util.upsertQueryData('getLeadOutcome', leadId, data),
    leadsApi.util.updateQueryData('getLead', leadId, (draft) => {
      draft.outcome = data.outcome;
    }),
  ] as const;
}

function refreshLeadList(dispatch: Dispatch, queryFulfilled: Promise<unknown>): Promise<void> {
  return refreshListsAfterChange(queryFulfilled, () => dispatch(leadsApi.util.invalidateTags(['Leads'])));
}

export const {
  useListLeadsQuery,
  useListLeadSubmittersQuery,
  useGetLeadQuery,
  useCreateLeadMutation,
  useUpdateLeadMutation,
  useDeleteLeadMutation,
  useRateLeadMutation,
  useTakeLeadMutation,
  useGetLeadOutcomeQuery,
  useGetLeadCrmQuery,
  useSendLeadToCrmMutation,
  useRecordLeadOutcomeMutation,
  useConfirmLeadOutcomeMutation,
  useCheckDuplicatesQuery,
  useListLeadCommentsInfiniteQuery,
  useSendLeadCommentMutation,
} = leadsApi;

/** Asks for a group's first page of leads, as its list does (a first page's data: main.tsx renders once it is in). */
export const fetchFirstLeadsPage = (groupId: number) =>
  leadsApi.endpoints.listLeads.initiate(leadsPageArgs(groupId, 0), { subscribe: false });
