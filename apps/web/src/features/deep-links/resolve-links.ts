import { type InviteAction, ROUTES } from '@leadcircle/shared';
import type { PendingInvite } from '../../lib/invite-storage';
import type { AuthNavigationState, EmailTokenState } from '../../lib/navigation-state';

// Where the links of our e-mails lead (lib/links.ts on the server makes them).

export interface LinkTarget {
  to: string;
  state?: AuthNavigationState | EmailTokenState;
}

/** `/email?action=…&token=…&email=…[&group_id=…&group_invite_code=…][&opportunity_id=…&opportunity_invite_code=…]` */
export function resolveEmailLink(query: URLSearchParams, isSignedIn: boolean): LinkTarget {
  const action = query.get('action');
  const token = query.get('token');
  const email = query.get('email');
  // A business invite opens Download app, signed in or not; its token lets the person accept there.
  if (action === 'BUSINESS_INVITE') {
    return token && email ? { to: ROUTES.downloadApp, state: { token, email } } : { to: ROUTES.downloadApp };
  }

  if (isSignedIn || !token || !email) return { to: ROUTES.redirect };

  if (action === 'RESET_PASSWORD') return { to: ROUTES.resetPassword, state: { token, email } };
  if (action === 'SIGNUP_CONFIRMATION') {
    const groupId = query.get('group_id');
    const groupInviteCode = query.get('group_invite_code');
    const groupInvite = groupId && groupInviteCode ? { group_id: groupId, group_invite_code: groupInviteCode } : {};
    const opportunityId = query.get('opportunity_id');
    const opportunityInviteCode = query.get('opportunity_invite_code');
    const opportunityInvite =
      opportunityId && opportunityInviteCode
        ? { opportunity_id: opportunityId, opportunity_invite_code: opportunityInviteCode }
        : {};
    return { to: ROUTES.signupConfirmation, state: { token, email, ...groupInvite, ...opportunityInvite } };
  }
  return { to: ROUTES.redirect };
}

export type InviteKind = 'group' | 'opportunity';

const inviteKinds: Record<InviteKind, { action: InviteAction; idParam: string }> = {
  group: { action: 'GROUP_INVITE', idParam: 'group_id' },
  opportunity: { action: 'OPPORTUNITY_INVITE', idParam: 'opportunity_id' },
};

export interface InviteLinkOutcome extends LinkTarget {
  /** An invite to keep in local storage for the redirect screen to accept. */
  inviteToStore?: PendingInvite;
  /** The visitor is signed out first: the invite is for someone else or for an address without an account. */
  endsSession: boolean;
}

/** `/group/user_invited?…` and `/opportunity/user_invited?action=…&user_id=…&{group_id|opportunity_id}=…&email=…&invite_code=…` */
export function resolveInviteLink(query: URLSearchParams, kind: InviteKind, isSignedIn: boolean): InviteLinkOutcome {
  const { action, idParam } = inviteKinds[kind];
  const inviteId = query.get(idParam) ?? '';
  const inviteCode = query.get('invite_code') ?? '';
  // user_id is the invitee's account id, 0 when the address has no account yet.
  const hasAccount = (query.get('user_id') ?? '0') !== '0';

  if (hasAccount && isSignedIn) {
    const inviteToStore = inviteId && inviteCode ? { inviteId, inviteCode, inviteAction: action } : undefined;
    return { to: ROUTES.redirect, inviteToStore, endsSession: false };
  }
  const email = query.get('email') ?? undefined;
  return { to: ROUTES.signIn, state: { email, inviteId, inviteCode, inviteAction: action }, endsSession: true };
}
