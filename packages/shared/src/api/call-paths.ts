// The path and auth flag of the calls the sign-in screen's first load can send, without their
// schemas: the web app's base query and account calls take these, so zod (and the contract's
// schemas) stay out of the first load. Each call definition spreads its entry here, so the path
// is written once (docs/decisions.md, "Performance").

/** Where a call goes, and whether it is made as a signed-in user. */
export interface CallPath<Auth extends boolean = boolean> {
  path: string;
  auth: Auth;
}

export const userCallPaths = {
  emailSignup: { path: '/user/email_signup', auth: false },
  emailConfirmationAction: { path: '/user/email_confirmation_action/:token', auth: false },
  login: { path: '/user/login', auth: false },
  googleSignup: { path: '/user/google_signup', auth: false },
  appleSignup: { path: '/user/apple_signup', auth: false },
  linkedinUrl: { path: '/user/linkedin_url', auth: false },
  linkedinSignup: { path: '/user/linkedin_signup', auth: false },
  refreshToken: { path: '/user/refresh_token', auth: false },
  resetPassword: { path: '/user/reset_password', auth: false },
  get: { path: '/user/get', auth: true },
  update: { path: '/user/update', auth: true },
  updateNotifications: { path: '/user/update_notifications', auth: true },
  getUsersByGroup: { path: '/user/get_users_by_group', auth: true },
  notificationSettings: { path: '/user/notification_settings', auth: true },
  uploadAvatar: { path: '/user/upload_avatar', auth: true },
  removeAvatar: { path: '/user/remove_avatar', auth: true },
  scheduleDelete: { path: '/user/schedule_delete', auth: true },
} as const satisfies Record<string, CallPath>;

export const businessGetByUserPath = { path: '/business/get_by_user', auth: true } as const satisfies CallPath;

export const groupInvitePreviewPath = { path: '/group/invite_preview', auth: false } as const satisfies CallPath;
