import { type CallRequest, type CallResponse, feedbackCalls } from '@leadcircle/shared';
import { baseApi } from '../../core/base-api';

export const feedbackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitFeedback: build.mutation<CallResponse<typeof feedbackCalls.submit>, CallRequest<typeof feedbackCalls.submit>>(
      {
        query: (body) => ({ call: feedbackCalls.submit, body }),
      },
    ),
  }),
});

export const { useSubmitFeedbackMutation } = feedbackApi;
