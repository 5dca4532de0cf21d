// The e-mail links of ARCHITECTURE §4, read by the web app's /email route.

function link(appUrl: string, path: string, params: Record<string, string | number | undefined>): string {
  const url = new URL(path, `${appUrl}/`);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export function signupConfirmationLink(
  appUrl: string,
  p: { token: string; email: string; groupId?: number; groupInviteCode?: string },
): string {
  return link(appUrl, '/email', {
    action: 'SIGNUP_CONFIRMATION',
    token: p.token,
    email: p.email,
    group_id: p.groupId,
    group_invite_code: p.groupInviteCode,
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

/** The group invite of ARCHITECTURE §4; userId is the invitee's account, 0 when the address has none. */
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

/** The business invite of ARCHITECTURE §4: the invitee chooses a password, or joins with their account. */
export function businessInviteLink(appUrl: string, p: { token: string; email: string }): string {
  return link(appUrl, '/email', { action: 'BUSINESS_INVITE', token: p.token, email: p.email });
}
