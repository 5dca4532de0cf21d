import {
  type CallRequest,
  type CallResponse,
  type GroupInvitePreview,
  groupCallPaths,
  type groupCalls,
  userCallPaths,
  type userCalls,
} from '@leadcircle/shared';
import { baseApi } from '../../core/base-api';
import { withTimeZone } from './with-time-zone';

// The account calls a signed-out visitor makes. They name their calls' paths, not the definitions,
// so the contract's schemas (and zod) stay out of the sign-in screen's first load.

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Before signing in: who invites to which group. A spent or expired link answers 400, shown as such.
    getGroupInvitePreview: build.query<GroupInvitePreview, CallRequest<typeof groupCalls.invitePreview>>({
      query: (body) => ({ call: groupCallPaths.invitePreview, body }),
      extraOptions: { silentStatuses: [400] },
    }),
    emailSignup: build.mutation<CallResponse<typeof userCalls.emailSignup>, CallRequest<typeof userCalls.emailSignup>>({
      query: (body) => ({ call: userCallPaths.emailSignup, body: withTimeZone(body) }),
    }),
    // Sign-up confirmation and password reset both answer with tokens: the user is signed in.
    emailConfirmationAction: build.mutation<
      CallResponse<typeof userCalls.emailConfirmationAction>,
      CallRequest<typeof userCalls.emailConfirmationAction>
    >({
      query: (body) => ({ call: userCallPaths.emailConfirmationAction, body, params: { token: body.token } }),
    }),
    // LinkedIn's callback: answers tokens as sign-in does (the sign-in form and the providers' buttons call
    // with a plain fetch: core/signed-out-call.ts, social/social-calls.ts).
    linkedinSignup: build.mutation<
      CallResponse<typeof userCalls.linkedinSignup>,
      CallRequest<typeof userCalls.linkedinSignup>
    >({
      query: (body) => ({ call: userCallPaths.linkedinSignup, body: withTimeZone(body) }),
    }),
    // "Forgot password": sends the reset link.
    resetPassword: build.mutation<
      CallResponse<typeof userCalls.resetPassword>,
      CallRequest<typeof userCalls.resetPassword>
    >({
      query: (body) => ({ call: userCallPaths.resetPassword, body }),
    }),
  }),
});

export const {
  useGetGroupInvitePreviewQuery,
  useEmailSignupMutation,
  useEmailConfirmationActionMutation,
  useResetPasswordMutation,
  useLinkedinSignupMutation,
} = authApi;
