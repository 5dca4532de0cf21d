import { z } from 'zod';
import { EMAIL_ACTIONS, LOGIN_PLATFORM_DEFAULT, LOGIN_PLATFORMS, USER_ROLES } from '../constants.js';
import {
  accountPassword,
  emailField,
  firstNameField,
  lastNameField,
  profileOptionalField,
  signInPassword,
} from '../forms/fields.js';
import { MESSAGES } from '../messages.js';
import { decodeOAuthState } from '../oauth-state.js';
import { httpUrl, text } from '../text.js';
import { isTimeZone, TIME_ZONE_INVALID } from '../time-zone.js';
import { defineCall, emptyRequest, idField, messageResponse } from './call.js';
import { userCallPaths } from './call-paths.js';
import {
  notificationSettingsRequest,
  notificationSettingsResponse,
  usersByGroupRequest,
  usersByGroupResponse,
} from './groups.js';

// Accounts and sessions.

export const tokensResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  userId: z.number().int(),
});
export type Tokens = z.infer<typeof tokensResponse>;

// Beyond the spec: the browser's time zone, kept by the sign-up that creates the account.
export const timeZoneField = text({ error: TIME_ZONE_INVALID }).refine(isTimeZone, TIME_ZONE_INVALID);

export const emailSignupRequest = z.strictObject({
  first_name: firstNameField,
  last_name: lastNameField,
  email: emailField,
  password: signInPassword,
  group_invite_code: text().max(200).optional(),
  group_id: idField.optional(),
  // An opportunity invite the person signs up with: carried by the confirmation link.
  opportunity_invite_code: text().max(200).optional(),
  opportunity_id: idField.optional(),
  time_zone: timeZoneField.optional(),
});

export const loginRequest = z.strictObject({ email: emailField, password: signInPassword });

export const emailConfirmationActionRequest = z
  .strictObject({
    token: text().min(1, MESSAGES.tokenInvalid).max(200, MESSAGES.tokenInvalid),
    action: z.enum(EMAIL_ACTIONS, { error: 'Action must be SIGNUP_CONFIRMATION or RESET_PASSWORD' }),
    password: accountPassword.optional(),
  })
  .refine((b) => b.action !== 'RESET_PASSWORD' || b.password !== undefined, {
    path: ['password'],
    message: MESSAGES.passwordRequired,
  });

export const resetPasswordRequest = z.strictObject({ email: emailField });

export const refreshTokenRequest = z.strictObject({
  refresh_token: text({ error: MESSAGES.sessionExpired }).min(1, MESSAGES.sessionExpired).max(200),
});

// Social sign-in. A missing token, code or state gets the spec's
// 'Missing required input parameters'; names are optional (the provider's verified ones come first).
const requiredParameter = (max: number) =>
  text({ error: MESSAGES.missingInputParameters })
    .trim()
    .min(1, MESSAGES.missingInputParameters)
    .max(max, MESSAGES.missingInputParameters);
const socialName = text().trim().max(200).optional();
const loginPlatform = z.enum(LOGIN_PLATFORMS).default(LOGIN_PLATFORM_DEFAULT);
// Where the client handed the provider a nonce, it sends it too; the identity token must carry it.
const nonceField = text().trim().min(1).max(256).optional();

export const googleSignupRequest = z.strictObject({
  id_token: requiredParameter(8192),
  first_name: socialName,
  last_name: socialName,
  platform: loginPlatform,
  nonce: nonceField,
  time_zone: timeZoneField.optional(),
});

export const appleSignupRequest = z.strictObject({
  code: requiredParameter(2048),
  identity_token: requiredParameter(8192),
  first_name: socialName,
  last_name: socialName,
  user_identifier: text().trim().max(256).optional(),
  redirect_uri: httpUrl().max(2048).optional(),
  platform: loginPlatform,
  nonce: nonceField,
  time_zone: timeZoneField.optional(),
});

export const linkedinUrlRequest = z.strictObject({
  // The encoded invite state; empty or absent when there is no invite.
  state: text()
    .max(1024, MESSAGES.oauthStateInvalid)
    .refine((state) => decodeOAuthState(state) !== null, MESSAGES.oauthStateInvalid)
    .optional(),
});
export const linkedinUrlResponse = z.object({ url: z.string() });

export const linkedinSignupRequest = z.strictObject({
  code: requiredParameter(2048),
  state: requiredParameter(2048),
  time_zone: timeZoneField.optional(),
});

export const userGetRequest = z.strictObject({ user_id: idField.optional() });

// New leads by e-mail: as they arrive (several within a minute make one e-mail), a daily digest, or never.
export const LEAD_EMAIL_CHOICES = ['IMMEDIATE', 'DAILY', 'OFF'] as const;
export type LeadEmailChoice = (typeof LEAD_EMAIL_CHOICES)[number];
export const LEAD_EMAIL_LABELS: Record<LeadEmailChoice, string> = {
  IMMEDIATE: 'As they arrive',
  DAILY: 'Once a day, in a digest',
  OFF: 'Never',
};

export const currentUser = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  title: z.string().nullable(),
  role: z.enum(USER_ROLES),
  hasPaymentMethod: z.boolean(),
  active: z.boolean(),
  business: z.object({ businessId: z.number().int() }).nullable(),
  // They cover a territory of their business: the menu shows My territory.
  hasTerritory: z.boolean(),
  notificationSetting: z.object({ enableEmail: z.boolean(), leadEmails: z.enum(LEAD_EMAIL_CHOICES) }),
  // IANA name; the daily digest goes at 07:00 in it. 'UTC' until the browser's is known.
  timeZone: z.string(),
  // Same-origin address of the profile picture; null shows the initial letter.
  // A new picture gets a new address, so the browser may cache each one for ever.
  avatarUrl: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const userUpdateRequest = z.strictObject({
  user: z.strictObject({
    first_name: firstNameField,
    last_name: lastNameField,
    password: accountPassword.optional(),
    company: profileOptionalField.nullable().optional(),
    title: profileOptionalField.nullable().optional(),
  }),
});

// The call names user_id, group_id and enableEmail; without group_id it is the account-wide
// e-mail switch, with group_id the caller's Messages toggle in that group (members only;
// the response is the user either way: read the group toggle with /user/notification_settings).
// user_id may only name the caller.
// Beyond the spec, leadEmails (account-wide only): how new leads in the person's groups are e-mailed.
export const updateNotificationsRequest = z.strictObject({
  user_id: idField.optional(),
  group_id: idField.optional(),
  enableEmail: z.boolean({ error: MESSAGES.enableEmailInvalid }),
  leadEmails: text()
    .pipe(z.enum(LEAD_EMAIL_CHOICES, { error: 'leadEmails must be IMMEDIATE, DAILY or OFF' }))
    .optional(),
});

// Beyond the spec: the caller's time zone (My settings), answered with the user.
export const updateTimeZoneRequest = z.strictObject({ time_zone: timeZoneField });

export const userCalls = {
  emailSignup: defineCall({
    ...userCallPaths.emailSignup,
    summary: 'Create an account and send the confirmation e-mail',
    request: emailSignupRequest,
    response: messageResponse,
  }),
  emailConfirmationAction: defineCall({
    ...userCallPaths.emailConfirmationAction,
    summary: 'Confirm a sign-up or reset a password with an e-mailed token',
    request: emailConfirmationActionRequest,
    response: tokensResponse,
  }),
  login: defineCall({
    ...userCallPaths.login,
    summary: 'Sign in with e-mail and password',
    request: loginRequest,
    response: tokensResponse,
  }),
  googleSignup: defineCall({
    ...userCallPaths.googleSignup,
    summary: 'Sign in or sign up with a Google ID token (Google Identity Services)',
    request: googleSignupRequest,
    response: tokensResponse,
  }),
  appleSignup: defineCall({
    ...userCallPaths.appleSignup,
    summary: 'Sign in or sign up with Sign in with Apple (identity token and authorization code)',
    request: appleSignupRequest,
    response: tokensResponse,
  }),
  linkedinUrl: defineCall({
    ...userCallPaths.linkedinUrl,
    summary: 'The LinkedIn authorization address, with a state that carries the invite data',
    request: linkedinUrlRequest,
    response: linkedinUrlResponse,
  }),
  linkedinSignup: defineCall({
    ...userCallPaths.linkedinSignup,
    summary: 'Sign in or sign up with the code and state LinkedIn sent back to /oauth_login',
    request: linkedinSignupRequest,
    response: tokensResponse,
  }),
  refreshToken: defineCall({
    ...userCallPaths.refreshToken,
    summary: 'Rotate the refresh token and issue a new access token',
    request: refreshTokenRequest,
    response: tokensResponse,
  }),
  resetPassword: defineCall({
    ...userCallPaths.resetPassword,
    summary: 'Send a password reset link (forgot password)',
    request: resetPasswordRequest,
    response: messageResponse,
  }),
  get: defineCall({
    ...userCallPaths.get,
    summary: 'The signed-in user',
    request: userGetRequest,
    response: currentUser,
  }),
  update: defineCall({
    ...userCallPaths.update,
    summary: 'Update the signed-in user (name, company, title, password)',
    request: userUpdateRequest,
    response: currentUser,
  }),
  updateNotifications: defineCall({
    ...userCallPaths.updateNotifications,
    summary: "Turn the signed-in user's e-mail notifications on or off",
    request: updateNotificationsRequest,
    response: currentUser,
  }),
  updateTimeZone: defineCall({
    ...userCallPaths.updateTimeZone,
    summary: "Set the signed-in user's time zone (the daily digest goes at 07:00 in it)",
    request: updateTimeZoneRequest,
    response: currentUser,
  }),
  getUsersByGroup: defineCall({
    ...userCallPaths.getUsersByGroup,
    summary: "A group's members, 50 a page (members only; 404 to a non-member)",
    request: usersByGroupRequest,
    response: usersByGroupResponse,
  }),
  notificationSettings: defineCall({
    ...userCallPaths.notificationSettings,
    summary: "The caller's Messages toggle in a group (members only)",
    request: notificationSettingsRequest,
    response: notificationSettingsResponse,
  }),
  // Not in the spec's call table: the profile picture is sent as multipart/form-data (field "file"),
  // so the server declares this route itself; the request schema here only documents that.
  uploadAvatar: defineCall({
    ...userCallPaths.uploadAvatar,
    summary: 'Upload a profile picture (multipart/form-data, field "file"): JPEG, PNG, WebP or GIF',
    request: z.unknown(),
    response: currentUser,
  }),
  removeAvatar: defineCall({
    ...userCallPaths.removeAvatar,
    summary: 'Remove the profile picture; the initial letter shows again',
    request: emptyRequest,
    response: currentUser,
  }),
  scheduleDelete: defineCall({
    ...userCallPaths.scheduleDelete,
    summary: 'Request deletion of the signed-in account',
    request: emptyRequest,
    response: messageResponse,
  }),
} as const;
