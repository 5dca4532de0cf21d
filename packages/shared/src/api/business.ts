import { z } from 'zod';
import { EMAIL_MAX, PAGE_SIZE } from '../constants.js';
import { accountPassword, emailField, firstNameField, lastNameField } from '../forms/fields.js';
import { text } from '../text.js';
import { defineCall, idField } from './call.js';
import { businessCallPaths } from './call-paths.js';
import { tokensResponse } from './users.js';

export const businessGetByUserRequest = z.strictObject({ user_id: idField.optional() });

export const business = z.object({
  businessId: z.number().int(),
  name: z.string(),
  // Active users of the business (read as totalCount).
  totalCount: z.number().int(),
});
export type Business = z.infer<typeof business>;

// Business users.
export const BUSINESS_USER_ROLES = ['ADMIN', 'SALES'] as const;
export type BusinessUserRole = (typeof BUSINESS_USER_ROLES)[number];
export const BUSINESS_USER_STATUSES = ['INVITED', 'ACTIVE', 'INACTIVE'] as const;
export type BusinessUserStatus = (typeof BUSINESS_USER_STATUSES)[number];
// The list's role filter: 'ALL_ROLE' or one role.
export const BUSINESS_ROLE_FILTERS = ['ALL_ROLE', ...BUSINESS_USER_ROLES] as const;

const roleField = z.enum(BUSINESS_USER_ROLES, { error: 'Role must be ADMIN or SALES' });
const statusField = z.enum(BUSINESS_USER_STATUSES, { error: 'Status must be INVITED, ACTIVE or INACTIVE' });
const startField = z.number({ error: 'Must be a number' }).int().min(0).max(1_000_000).default(0);
/** A search of the business's people: any part of a name or e-mail. */
export const BUSINESS_USER_SEARCH_MAX = 100;

export const businessUsersRequest = z.strictObject({
  business_id: idField,
  start_position_users: startField,
  start_position_invited: startField,
  get_next: z.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
  user_status: statusField.nullish(),
  user_role: z.enum(BUSINESS_ROLE_FILTERS, { error: 'Role must be ALL_ROLE, ADMIN or SALES' }).default('ALL_ROLE'),
  // Any part of a name or e-mail, ignoring case and accents; blank is no search.
  search: text()
    .trim()
    .max(BUSINESS_USER_SEARCH_MAX, `Must be at most ${BUSINESS_USER_SEARCH_MAX} characters`)
    .optional(),
});

export const businessUser = z.object({
  // The person's account id; 0 for an invited address that has no account yet.
  user: z.object({
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    avatarUrl: z.string().nullable(),
  }),
  role: z.enum(BUSINESS_USER_ROLES),
  status: z.enum(BUSINESS_USER_STATUSES),
  // When the admin added the person (ISO).
  startTime: z.string(),
  business: z.object({ businessId: z.number().int() }),
});
export type BusinessUser = z.infer<typeof businessUser>;

export const businessUsersResponse = z.object({
  // Users (ACTIVE, then INACTIVE) from start_position_users, then invited ones from
  // start_position_invited to fill the page.
  businessUsers: z.array(businessUser),
  totalCount: z.number().int(),
  usersCount: z.number().int(),
  invitedCount: z.number().int(),
});
export type BusinessUsersResponse = z.infer<typeof businessUsersResponse>;

export const businessInviteRequest = z.strictObject({
  business_id: idField,
  first_name: firstNameField,
  last_name: lastNameField,
  email: emailField,
  role: roleField,
  // A new user starts INVITED.
  status: statusField.default('INVITED'),
});

export const businessUpdateUserRequest = z.strictObject({
  business_id: idField,
  user_id: idField,
  role: roleField,
});

export const businessRemoveUserRequest = z.strictObject({ business_id: idField, user_id: idField });

// The invite link's token and address (`/email?action=BUSINESS_INVITE&token=…&email=…`).
const inviteTokenField = text().trim().min(1, 'This link is invalid or has already been used.').max(200);
export const businessInviteLookupRequest = z.strictObject({
  token: inviteTokenField,
  email: text().trim().min(1).max(EMAIL_MAX),
});
export const businessInviteInfo = z.object({
  businessName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  // An account that can already sign in joins without choosing a password.
  hasAccount: z.boolean(),
});
export type BusinessInviteInfo = z.infer<typeof businessInviteInfo>;

export const businessAcceptInviteRequest = z.strictObject({
  token: inviteTokenField,
  email: text().trim().min(1).max(EMAIL_MAX),
  password: accountPassword.optional(),
});
export const businessAcceptInviteResponse = z.object({
  message: z.string(),
  // A session when the acceptance created the account (the password was chosen just now).
  session: tokensResponse.nullable(),
});

/** The CSV export of the Users page: a GET the browser downloads. */
export const BUSINESS_USERS_EXPORT_PATH = '/business/export_users';
export const businessUsersExportQuery = z.strictObject({
  business_id: idField,
  // The browser's IANA time zone, for the Added At column.
  time_zone: z.string().max(64).optional(),
});
export const BUSINESS_USERS_CSV_HEADERS = ['Name', 'Email Address', 'Role', 'Status', 'Added At'] as const;

export const businessCalls = {
  getByUser: defineCall({
    ...businessCallPaths.getByUser,
    summary: "The signed-in user's business; 404 'business not found' when there is none",
    request: businessGetByUserRequest,
    response: business,
  }),
  getUsers: defineCall({
    ...businessCallPaths.getUsers,
    summary: "The business's users and invited people, 50 a page (ADMINs of the business)",
    request: businessUsersRequest,
    response: businessUsersResponse,
  }),
  inviteUser: defineCall({
    ...businessCallPaths.inviteUser,
    summary: 'Invite a person into the business by e-mail (ADMINs of the business)',
    request: businessInviteRequest,
    response: businessUser,
  }),
  updateUser: defineCall({
    ...businessCallPaths.updateUser,
    summary: "Change a user's role (ADMINs of the business)",
    request: businessUpdateUserRequest,
    response: businessUser,
  }),
  removeUser: defineCall({
    ...businessCallPaths.removeUser,
    summary: 'Make a user INACTIVE: they leave the business (ADMINs of the business)',
    request: businessRemoveUserRequest,
    response: businessUser,
  }),
  getInvite: defineCall({
    ...businessCallPaths.getInvite,
    summary: 'What a business invite link is for (the invitee, from the link)',
    request: businessInviteLookupRequest,
    response: businessInviteInfo,
  }),
  acceptInvite: defineCall({
    ...businessCallPaths.acceptInvite,
    summary: 'Join the business from the invite link; a new account chooses its password',
    request: businessAcceptInviteRequest,
    response: businessAcceptInviteResponse,
  }),
} as const;
