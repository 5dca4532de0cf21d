// The e-mail links, read by the web app's /email route.

function link(appUrl: string, path: string, params: Record<string, string | number | undefined>): string {
  const url = new URL(path, `${appUrl}/`);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export function signupConfirmationLink(
  appUrl: string,
  p: {
    token: string;
    email: string;
    groupId?: number;
    groupInviteCode?: string;
    opportunityId?: number;
    opportunityInviteCode?: string;
  },
): string {
  return link(appUrl, '/email', {
    action: 'SIGNUP_CONFIRMATION',
    token: p.token,
    email: p.email,
    group_id: p.groupId,
    group_invite_code: p.groupInviteCode,
    opportunity_id: p.opportunityId,
    opportunity_invite_code: p.opportunityInviteCode,
  });
}

export function passwordResetLink(appUrl: string, p: { token: string; email: string }): string {
  return link(appUrl, '/email', { action: 'RESET_PASSWORD', token: p.token, email: p.email });
}

export function signInLink(appUrl: string): string {
  return link(appUrl, '/signin', {});
}

export function forgotPasswordLink(appUrl: string): string {
  return link(appUrl, '/forgot-password', {});
}

/** The group invite; userId is the invitee's account, 0 when the address has none. */
export function groupInviteLink(
  appUrl: string,
  p: { userId: number; groupId: number; email: string; inviteCode: string },
): string {
  return link(appUrl, '/group/user_invited', {
    action: 'GROUP_INVITE',
    user_id: p.userId,
    group_id: p.groupId,
    email: p.email,
    invite_code: p.inviteCode,
  });
}

/** The opportunity invite; userId is the invitee's account, 0 when the address has none. */
export function opportunityInviteLink(
  appUrl: string,
  p: { userId: number; opportunityId: number; email: string; inviteCode: string },
): string {
  return link(appUrl, '/opportunity/user_invited', {
    action: 'OPPORTUNITY_INVITE',
    user_id: p.userId,
    opportunity_id: p.opportunityId,
    email: p.email,
    invite_code: p.inviteCode,
  });
}

/** The business invite: the invitee chooses a password, or joins with their account. */
export function businessInviteLink(appUrl: string, p: { token: string; email: string }): string {
  return link(appUrl, '/email', { action: 'BUSINESS_INVITE', token: p.token, email: p.email });
}
