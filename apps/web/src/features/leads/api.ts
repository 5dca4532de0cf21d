import {
  type CallRequest,
  type CallResponse,
  chatCalls,
  type Lead,
  leadCalls,
  PAGE_SIZE,
  ratingCalls,
} from '@leadcircle/shared';
import { baseApi } from '../../app/base-api';

// The lead calls of spec 001 §7: the list, one lead, create/edit/delete, its rating and its comments.
// Create, edit and delete do not invalidate the list: it refreshes LIST_REFRESH_DELAY_MS later
// (spec 001 §4, useDelayedRefetch).

export const leadsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Leads', 'Lead', 'LeadComments'] }).injectEndpoints({
  endpoints: (build) => ({
    listLeads: build.query<CallResponse<typeof leadCalls.list>, CallRequest<typeof leadCalls.list>>({
      query: (body) => ({ call: leadCalls.list, body }),
      providesTags: ['Leads'],
    }),
    getLead: build.query<Lead, number>({
      query: (leadId) => ({ call: leadCalls.get, body: { lead_id: leadId } }),
      providesTags: (_result, _error, leadId) => [{ type: 'Lead', id: leadId }],
    }),
    createLead: build.mutation<Lead, CallRequest<typeof leadCalls.create>>({
      query: (body) => ({ call: leadCalls.create, body }),
    }),
    updateLead: build.mutation<Lead, CallRequest<typeof leadCalls.update>>({
      query: (body) => ({ call: leadCalls.update, body }),
      // The details page shows the answer at once.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(leadsApi.util.upsertQueryData('getLead', data.leadId, data));
      },
    }),
    deleteLead: build.mutation<CallResponse<typeof leadCalls.delete>, number>({
      query: (leadId) => ({ call: leadCalls.delete, body: { lead_id: leadId } }),
    }),
    rateLead: build.mutation<
      CallResponse<typeof ratingCalls.qualityRate>,
      CallRequest<typeof ratingCalls.qualityRate> & { lead_id: number }
    >({
      query: (body) => ({ call: ratingCalls.qualityRate, body }),
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
    // The newest comments of a lead (its chat room), newest first.
    listLeadComments: build.query<CallResponse<typeof chatCalls.leadList>, number>({
      query: (leadId) => ({ call: chatCalls.leadList, body: { id: leadId, start_position: 0, get_next: PAGE_SIZE } }),
      providesTags: (_result, _error, leadId) => [{ type: 'LeadComments', id: leadId }],
    }),
    sendLeadComment: build.mutation<
      CallResponse<typeof chatCalls.messageSend>,
      { leadId: number; body: CallRequest<typeof chatCalls.messageSend> }
    >({
      query: ({ body }) => ({ call: chatCalls.messageSend, body }),
      invalidatesTags: (_result, error, { leadId }) => (error ? [] : [{ type: 'LeadComments', id: leadId }]),
    }),
  }),
});

export const {
  useListLeadsQuery,
  useGetLeadQuery,
  useCreateLeadMutation,
  useUpdateLeadMutation,
  useDeleteLeadMutation,
  useRateLeadMutation,
  useListLeadCommentsQuery,
  useSendLeadCommentMutation,
} = leadsApi;
