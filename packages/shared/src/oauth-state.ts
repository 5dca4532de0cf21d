import { z } from 'zod';
import { INVITE_ACTIONS } from './constants.js';
import { fromBase64Url } from './oauth-state-encoding.js';

// The LinkedIn `state`: an encoded JSON with the invite data (inviteId, inviteCode,
// inviteAction), so an invite survives the round trip through the provider. The web app encodes
// what it knows; the server adds a random key and keeps only a hash of the whole, so the
// /oauth_login page can read the invite back and a changed state is refused.

export const oauthInviteState = z.object({
  // Stored as text in local storage; links may carry a number.
  inviteId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(20)).optional(),
  inviteCode: z.string().trim().max(200).optional(),
  inviteAction: z.enum(INVITE_ACTIONS).optional(),
});
export type OAuthInviteState = z.infer<typeof oauthInviteState>;

export { encodeOAuthState } from './oauth-state-encoding.js';

/** The invite data of an encoded state; null when it is not one. An empty state carries no invite. */
export function decodeOAuthState(state: string): OAuthInviteState | null {
  if (state === '') return {};
  try {
    const parsed = oauthInviteState.safeParse(JSON.parse(fromBase64Url(state)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The invite to keep after sign-in, when the state carries a whole one. */
export function inviteOfOAuthState(
  state: OAuthInviteState | null,
): { inviteId: string; inviteCode: string; inviteAction: NonNullable<OAuthInviteState['inviteAction']> } | null {
  if (!state?.inviteId || !state.inviteCode || !state.inviteAction) return null;
  return { inviteId: state.inviteId, inviteCode: state.inviteCode, inviteAction: state.inviteAction };
}
