import { type CallRequest, type CallResponse, userCallPaths, type userCalls } from '@leadcircle/shared';
import { signedOutCall } from '../../../core/signed-out-call';
import { withTimeZone } from '../with-time-zone';

// The providers' buttons call with `fetch` alone, as the sign-in form does: with RTK Query they brought the
// account screens' and the signed-in pages' shared files into the sign-in page's load.

/** Google's ID token for our tokens. */
export const googleSignIn = (body: CallRequest<typeof userCalls.googleSignup>) =>
  signedOutCall<CallResponse<typeof userCalls.googleSignup>>(userCallPaths.googleSignup, withTimeZone(body));

/** Apple's code and identity token for our tokens. */
export const appleSignIn = (body: CallRequest<typeof userCalls.appleSignup>) =>
  signedOutCall<CallResponse<typeof userCalls.appleSignup>>(userCallPaths.appleSignup, withTimeZone(body));

/** Where LinkedIn's authorization starts, carrying `state`. */
export const linkedInUrl = (body: CallRequest<typeof userCalls.linkedinUrl>) =>
  signedOutCall<CallResponse<typeof userCalls.linkedinUrl>>(userCallPaths.linkedinUrl, body);
