import {
  type CallRequest,
  type CallResponse,
  type ContactComment,
  type Lead,
  leadCallPaths,
  notificationSettingCallPaths,
  type notificationSettingCalls,
  type OpportunityContact,
  type OpportunityDetail,
  opportunityCallPaths,
  type opportunityCalls,
  PAGE_SIZE,
} from '@leadcircle/shared';
import type { Dispatch } from '@reduxjs/toolkit';
import { baseApi } from '../../core/base-api';
import { refreshListsAfterChange } from '../../core/list-refresh';

// The opportunity calls The lists ('Opportunities', 'OpportunityContacts') refresh
// LIST_REFRESH_DELAY_MS after a change; one opportunity's own record at once.
type Calls = typeof opportunityCalls;
type ListTag = 'Opportunities' | 'OpportunityContacts';
type CommentsPage = CallResponse<Calls['contactCommentList']>;

/** The loaded pages of a contact's comments as one list, newest first, each once. */
export function contactCommentsOf(pages: readonly CommentsPage[] | undefined): ContactComment[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((page) =>
    page.comments.filter((comment) => !seen.has(comment.messageId) && seen.add(comment.messageId)),
  );
}

export const opportunitiesApi = baseApi
  .enhanceEndpoints({
    addTagTypes: ['Opportunities', 'Opportunity', 'OpportunityContacts', 'OpportunityContact', 'ContactComments'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listOpportunities: build.query<CallResponse<Calls['list']>, CallRequest<Calls['list']>>({
        query: (body) => ({ call: opportunityCallPaths.list, body }),
        providesTags: ['Opportunities'],
      }),
      getOpportunity: build.query<OpportunityDetail, number>({
        query: (id) => ({ call: opportunityCallPaths.get, body: { opportunity_id: id } }),
        providesTags: (_result, _error, id) => [{ type: 'Opportunity', id }],
      }),
      // CREATE OPPORTUNITY on a lead: the dialog starts from the lead.
      getLeadForOpportunity: build.query<Lead, number>({
        query: (leadId) => ({ call: leadCallPaths.get, body: { lead_id: leadId } }),
      }),
      createOpportunity: build.mutation<OpportunityDetail, CallRequest<Calls['set']>>({
        query: (body) => ({ call: opportunityCallPaths.set, body }),
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refresh(dispatch, queryFulfilled, ['Opportunities']),
      }),
      updateOpportunity: build.mutation<OpportunityDetail, CallRequest<Calls['update']>>({
        query: (body) => ({ call: opportunityCallPaths.update, body }),
        invalidatesTags: (_result, error, body) =>
          error ? [] : [{ type: 'Opportunity', id: Number(body.opportunity_id) }],
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refresh(dispatch, queryFulfilled, ['Opportunities']),
      }),
      deleteOpportunity: build.mutation<CallResponse<Calls['delete']>, CallRequest<Calls['delete']>>({
        query: (body) => ({ call: opportunityCallPaths.delete, body }),
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refresh(dispatch, queryFulfilled, ['Opportunities']),
      }),
      inviteToOpportunity: build.mutation<CallResponse<Calls['invite']>, CallRequest<Calls['invite']>>({
        query: (body) => ({ call: opportunityCallPaths.invite, body }),
      }),
      removeOpportunityUser: build.mutation<CallResponse<Calls['userRemove']>, CallRequest<Calls['userRemove']>>({
        query: (body) => ({ call: opportunityCallPaths.userRemove, body }),
        invalidatesTags: (_result, error, body) =>
          error ? [] : [{ type: 'Opportunity', id: Number(body.opportunity_id) }],
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => refresh(dispatch, queryFulfilled, ['Opportunities']),
      }),
      updateOpportunitySettings: build.mutation<OpportunityDetail, CallRequest<Calls['settingsUpdate']>>({
        query: (body) => ({ call: opportunityCallPaths.settingsUpdate, body }),
        invalidatesTags: (_result, error, body) =>
          error ? [] : [{ type: 'Opportunity', id: Number(body.opportunity_id) }],
      }),
      listContacts: build.query<CallResponse<Calls['contactList']>, CallRequest<Calls['contactList']>>({
        query: (body) => ({ call: opportunityCallPaths.contactList, body }),
        providesTags: ['OpportunityContacts'],
      }),
      getContact: build.query<OpportunityContact, number>({
        query: (id) => ({ call: opportunityCallPaths.contactGet, body: { contact_id: id } }),
        providesTags: (_result, _error, id) => [{ type: 'OpportunityContact', id }],
      }),
      createContact: build.mutation<OpportunityContact, CallRequest<Calls['contactSet']>>({
        query: (body) => ({ call: opportunityCallPaths.contactSet, body }),
        onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
          refresh(dispatch, queryFulfilled, ['OpportunityContacts']),
      }),
      updateContact: build.mutation<OpportunityContact, CallRequest<Calls['contactUpdate']>>({
        query: (body) => ({ call: opportunityCallPaths.contactUpdate, body }),
        invalidatesTags: (_result, error, body) =>
          error ? [] : [{ type: 'OpportunityContact', id: Number(body.contact_id) }],
        onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
          refresh(dispatch, queryFulfilled, ['OpportunityContacts']),
      }),
      deleteContact: build.mutation<CallResponse<Calls['contactDelete']>, CallRequest<Calls['contactDelete']>>({
        query: (body) => ({ call: opportunityCallPaths.contactDelete, body }),
        onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
          refresh(dispatch, queryFulfilled, ['OpportunityContacts']),
      }),
      listContactComments: build.infiniteQuery<CommentsPage, number, number>({
        infiniteQueryOptions: {
          initialPageParam: 0,
          getNextPageParam: (lastPage, _allPages, lastOffset) =>
            lastOffset + PAGE_SIZE < lastPage.totalCount ? lastOffset + PAGE_SIZE : undefined,
        },
        query: ({ queryArg, pageParam }) => ({
          call: opportunityCallPaths.contactCommentList,
          body: { contact_id: queryArg, start_position: pageParam, get_next: PAGE_SIZE },
        }),
        providesTags: (_result, _error, contactId) => [{ type: 'ContactComments', id: contactId }],
      }),
      // The opportunity's 'Messages' switch as My settings → Notifications lists it (the settings page's toggle).
      getMessagesSetting: build.query<CallResponse<typeof notificationSettingCalls.get>, number>({
        query: (opportunityId) => ({
          call: notificationSettingCallPaths.get,
          body: { delivery_method: 'EMAIL', service: 'OPPORTUNITY', service_id: opportunityId, action: 'MESSAGES' },
        }),
        providesTags: (_result, _error, opportunityId) => [{ type: 'Opportunity', id: opportunityId }],
      }),
      setMessagesSetting: build.mutation<
        CallResponse<typeof notificationSettingCalls.toggle>,
        { opportunityId: number; on: boolean }
      >({
        query: ({ opportunityId, on }) => ({
          call: notificationSettingCallPaths.toggle,
          body: {
            delivery_method: 'EMAIL',
            service: 'OPPORTUNITY',
            service_id: opportunityId,
            action: 'MESSAGES',
            toggled_on: on,
          },
        }),
        invalidatesTags: (_result, error, { opportunityId }) =>
          error ? [] : [{ type: 'Opportunity', id: opportunityId }],
      }),
      sendContactComment: build.mutation<ContactComment, CallRequest<Calls['contactCommentSend']>>({
        query: (body) => ({ call: opportunityCallPaths.contactCommentSend, body }),
        invalidatesTags: (_result, error, body) =>
          error ? [] : [{ type: 'ContactComments', id: Number(body.contact_id) }],
      }),
    }),
  });

function refresh(dispatch: Dispatch, queryFulfilled: Promise<unknown>, tags: ListTag[]): Promise<void> {
  return refreshListsAfterChange(queryFulfilled, () => dispatch(opportunitiesApi.util.invalidateTags(tags)));
}

export const {
  useListOpportunitiesQuery,
  useGetMessagesSettingQuery,
  useSetMessagesSettingMutation,
  useGetOpportunityQuery,
  useGetLeadForOpportunityQuery,
  useCreateOpportunityMutation,
  useUpdateOpportunityMutation,
  useDeleteOpportunityMutation,
  useInviteToOpportunityMutation,
  useRemoveOpportunityUserMutation,
  useUpdateOpportunitySettingsMutation,
  useListContactsQuery,
  useGetContactQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useListContactCommentsInfiniteQuery,
  useSendContactCommentMutation,
} = opportunitiesApi;
