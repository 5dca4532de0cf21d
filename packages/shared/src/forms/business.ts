import { z } from 'zod';
import { BUSINESS_USER_ROLES, BUSINESS_USER_STATUSES } from '../api/business.js';
import { EMAIL_MAX } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { firstNameField, lastNameField } from './fields.js';

// The business admin texts and the CRM connection test.

export const BUSINESS_MESSAGES = {
  usersTitle: 'Users',
  emailInvalid: 'Must be a valid email',
  roleRequired: 'Role is required',
  statusRequired: 'Status is required',
  // Fallbacks when the server gives none.
  getUsersFailed: 'Get business users failed',
  inviteFailed: 'Invite user to businessfailed',
  updateFailed: 'Update business user failed',
  removeFailed: 'Remove user from business failed',
  dialogFailed: 'Something went wrong',
  crmLoadFailed: 'Unknown error',
} as const;

export const CRM_TEST_MESSAGES = {
  success: 'SUCCESS! We can easily connect to your CRM.',
  failure: 'Unable to connect. We are finding other ways to connect to your CRM.',
  error: 'Error submitting. We are away.',
} as const;

// Why a test's result is negative, shown below 'Unable to connect…'.
export const CRM_TEST_REASONS = {
  loginRefused: 'Salesforce did not accept this username, password and security token.',
  notSalesforce: (status: number) => `The address answered, but not as a Salesforce login does (HTTP ${status}).`,
  unreachable: 'We could not reach a server at that address.',
  timeout: (seconds: number) => `The CRM did not answer within ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  tooManyRedirects: 'The CRM address redirects too many times.',
  answerTooLarge: 'The CRM answered with more than we expect from a login.',
} as const;

// Add/edit business user: names and email read-only when editing.
export const businessUserForm = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .max(EMAIL_MAX, MESSAGES.lessThan(EMAIL_MAX))
    .email(BUSINESS_MESSAGES.emailInvalid),
  role: z.enum(BUSINESS_USER_ROLES, { error: BUSINESS_MESSAGES.roleRequired }),
  status: z.enum(BUSINESS_USER_STATUSES, { error: BUSINESS_MESSAGES.statusRequired }),
});
export type BusinessUserForm = z.infer<typeof businessUserForm>;
