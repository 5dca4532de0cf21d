import { type CallRequest, type CallResponse, feedbackCallPaths, type feedbackCalls } from '@leadcircle/shared';
import { baseApi } from '../../core/base-api';

export const feedbackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitFeedback: build.mutation<CallResponse<typeof feedbackCalls.submit>, CallRequest<typeof feedbackCalls.submit>>(
      {
        query: (body) => ({ call: feedbackCallPaths.submit, body }),
      },
    ),
  }),
});

export const { useSubmitFeedbackMutation } = feedbackApi;
