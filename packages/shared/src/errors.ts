import { CHAT_MESSAGES } from './api/chat-messages.js';
import { LEAD_IMPORT_MESSAGES } from './api/lead-import-messages.js';
import { GROUP_MESSAGES } from './forms/group-messages.js';
import { LEAD_MESSAGES } from './forms/lead-messages.js';
import { OPPORTUNITY_MESSAGES } from './forms/opportunity.js';
import { OUTCOME_MESSAGES } from './forms/outcome-terms.js';
import { PAYMENT_MESSAGES } from './forms/payment.js';
import { MESSAGES } from './messages.js';

/**
 * Every error code a call can answer, with its HTTP status and the message it carries. The server
 * throws by code (a call may word the message for its context; the status is always the table's),
 * and the web app reads the codes it reacts to from here.
 */
export const ERRORS = {
  // Any call
  VALIDATION_FAILED: { status: 400, message: 'Invalid request.' },
  BAD_REQUEST: { status: 400, message: 'Invalid request.' },
  FORBIDDEN: { status: 403, message: MESSAGES.notAllowed },
  NOT_FOUND: { status: 404, message: 'No such call.' },
  RATE_LIMITED: { status: 429, message: MESSAGES.tooManyAttempts },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },

  // Sign-in and sessions
  AUTH_REQUIRED: { status: 401, message: MESSAGES.notSignedIn },
  AUTH_TOKEN_INVALID: { status: 401, message: MESSAGES.sessionExpired },
  AUTH_TOKEN_EXPIRED: { status: 401, message: MESSAGES.sessionExpired },
  AUTH_REFRESH_INVALID: { status: 401, message: MESSAGES.sessionExpired },
  AUTH_REFRESH_REUSED: { status: 401, message: MESSAGES.sessionExpired },
  AUTH_INVALID_CREDENTIALS: { status: 401, message: MESSAGES.invalidCredentials },
  AUTH_EMAIL_NOT_CONFIRMED: { status: 403, message: MESSAGES.emailNotConfirmed },
  AUTH_LINK_INVALID: { status: 400, message: MESSAGES.tokenInvalid },
  AUTH_LINK_EXPIRED: { status: 400, message: MESSAGES.tokenExpired },
  AUTH_TOO_MANY_ATTEMPTS: { status: 429, message: MESSAGES.tooManyAttempts },
  AUTH_PROVIDER_NOT_CONFIGURED: { status: 503, message: 'This sign-in provider is not configured.' },
  AUTH_PROVIDER_UNAVAILABLE: { status: 502, message: 'The sign-in provider did not answer. Please try again.' },
  AUTH_SOCIAL_REFUSED: { status: 401, message: 'Sign-in with this provider failed. Please try again.' },
  AUTH_SOCIAL_TOKEN_INVALID: { status: 401, message: 'Sign-in with this provider failed. Please try again.' },
  AUTH_SOCIAL_EMAIL_MISSING: { status: 403, message: 'The sign-in provider did not share an e-mail address.' },
  AUTH_SOCIAL_EMAIL_UNVERIFIED: { status: 403, message: 'The sign-in provider has not verified this e-mail address.' },

  // Users and businesses
  USER_NOT_FOUND: { status: 404, message: MESSAGES.userFetchFailed },
  USER_EMAIL_TAKEN: { status: 409, message: 'An account with this address already exists.' },
  USER_HAS_BUSINESS: { status: 409, message: 'You already belong to a business.' },
  BUSINESS_NOT_FOUND: { status: 404, message: MESSAGES.businessNotFound },
  BUSINESS_ADMIN_ONLY: { status: 403, message: 'Only an admin of this business can manage its users.' },
  BUSINESS_USER_NOT_FOUND: { status: 404, message: 'This user is not an active user of your business.' },
  BUSINESS_USER_EXISTS: { status: 409, message: 'This person is already a user of your business.' },
  BUSINESS_USER_INVITED: { status: 409, message: 'This person has already been invited.' },
  BUSINESS_USER_IN_OTHER_BUSINESS: { status: 409, message: 'Your account already belongs to another business.' },
  BUSINESS_INVITE_STATUS: {
    status: 400,
    message: 'A new user starts as INVITED; they become ACTIVE when they accept.',
  },
  BUSINESS_INVITE_INVALID: { status: 400, message: MESSAGES.tokenInvalid },
  BUSINESS_INVITE_EXPIRED: { status: 400, message: 'This invitation has expired. Ask your admin to invite you again.' },
  BUSINESS_INVITE_PASSWORD: { status: 400, message: MESSAGES.passwordRequired },
  BUSINESS_INVITE_RETRY: { status: 409, message: 'Please try again.' },
  BUSINESS_SUBSCRIPTION_REQUIRED: {
    status: 422,
    message: 'Subscribe first: every active user of your business is a paid seat.',
  },
  BUSINESS_LAST_ADMIN: { status: 422, message: 'A business needs at least one admin.' },
  BUSINESS_SELF_DEMOTION: { status: 422, message: 'You cannot change your own role. Ask another admin to do it.' },
  BUSINESS_SELF_REMOVAL: {
    status: 422,
    message: 'You cannot remove yourself from your business. Ask another admin to do it.',
  },

  // CRM
  CRM_NOT_FOUND: { status: 404, message: 'Your business has no CRM integration.' },
  CRM_URL_NOT_ALLOWED: {
    status: 400,
    message: 'Enter the https:// address of your CRM, such as https://login.salesforce.com.',
  },
  CRM_URL_PRIVATE: { status: 400, message: 'The CRM address is not a public internet address.' },
  CRM_NOT_CONNECTED: { status: 409, message: 'Your business has no CRM connected.' },
  CRM_ALREADY_CONNECTED: { status: 409, message: 'Your business already has a CRM. Disconnect it first.' },
  CRM_NOT_CONFIGURED: { status: 409, message: 'This CRM is not set up on this server.' },
  CRM_STATE_INVALID: { status: 400, message: 'This sign-in link has expired or is not yours. Connect again.' },
  CRM_CONNECT_FAILED: { status: 400, message: 'The CRM refused the connection. Connect again.' },
  CRM_UNAVAILABLE: { status: 422, message: 'The CRM could not be reached. Try again later.' },

  // Territories
  TERRITORY_NOT_FOUND: { status: 404, message: 'Territory not found.' },
  TERRITORY_NAME_TAKEN: { status: 409, message: 'A territory of your business already has this name.' },
  TERRITORY_USER_NOT_IN_BUSINESS: {
    status: 400,
    message: 'Only active users of your business can cover a territory.',
  },
  AVATAR_NOT_FOUND: { status: 404, message: 'Picture not found.' },
  AVATAR_MISSING: { status: 400, message: MESSAGES.avatarMissing },
  AVATAR_UNREADABLE: { status: 400, message: MESSAGES.avatarUnreadable },
  AVATAR_NOT_MULTIPART: { status: 415, message: MESSAGES.avatarNotMultipart },
  AVATAR_MULTIPART_BROKEN: { status: 400, message: MESSAGES.avatarNotMultipart },
  AVATAR_UNSUPPORTED_TYPE: { status: 415, message: MESSAGES.avatarUnsupportedType },
  AVATAR_TOO_LARGE: { status: 413, message: MESSAGES.avatarTooLarge },
  AVATAR_TOO_MANY_PIXELS: { status: 413, message: MESSAGES.avatarTooManyPixels },

  // Groups
  GROUP_NOT_FOUND: { status: 404, message: GROUP_MESSAGES.notFound },
  GROUP_NOT_MEMBER: { status: 403, message: GROUP_MESSAGES.notMember },
  GROUP_OWNER_ONLY: { status: 403, message: GROUP_MESSAGES.ownerOnly },
  GROUP_NAME_TAKEN: { status: 409, message: GROUP_MESSAGES.nameTaken },
  GROUP_CREDENTIALS_INVALID: { status: 400, message: GROUP_MESSAGES.wrongPassword },
  GROUP_ALREADY_MEMBER: { status: 409, message: GROUP_MESSAGES.alreadyMember },
  GROUP_USER_SELF_ONLY: { status: 403, message: GROUP_MESSAGES.userUpdateSelfOnly },
  GROUP_INVITEE_ALREADY_MEMBER: { status: 409, message: GROUP_MESSAGES.inviteeAlreadyMember },
  GROUP_INVITE_INVALID: { status: 400, message: GROUP_MESSAGES.inviteInvalid },
  GROUP_INVITE_EXPIRED: { status: 400, message: GROUP_MESSAGES.inviteExpired },
  GROUP_INVITE_OTHER_ADDRESS: { status: 403, message: GROUP_MESSAGES.inviteOtherAddress },
  GROUP_OWNER_CANNOT_LEAVE: { status: 409, message: GROUP_MESSAGES.ownerCannotLeave },
  GROUP_MEMBER_NOT_FOUND: { status: 404, message: GROUP_MESSAGES.memberNotFound },
  PRODUCT_NOT_FOUND: { status: 422, message: GROUP_MESSAGES.productNotFound },
  TARGET_NOT_FOUND: { status: 422, message: GROUP_MESSAGES.targetNotFound },

  // Leads, ratings, chat, addresses
  LEAD_NOT_FOUND: { status: 404, message: LEAD_MESSAGES.notFound },
  LEAD_CURSOR_INVALID: { status: 400, message: LEAD_MESSAGES.cursorInvalid },
  LEAD_OWNER_ONLY: { status: 403, message: LEAD_MESSAGES.ownerOnly },
  LEAD_OWN_RATING: { status: 403, message: LEAD_MESSAGES.ownRating },
  LEAD_OUTCOME_NOT_ALLOWED: { status: 403, message: OUTCOME_MESSAGES.notAllowed },
  LEAD_OUTCOME_CONFIRM_NOT_ALLOWED: { status: 403, message: OUTCOME_MESSAGES.confirmNotAllowed },
  LEAD_OUTCOME_OWN_REPORT: { status: 403, message: OUTCOME_MESSAGES.confirmOwnReport },
  LEAD_OUTCOME_NOTHING_TO_CONFIRM: { status: 409, message: OUTCOME_MESSAGES.nothingToConfirm },
  LEAD_ALREADY_ASSIGNED: { status: 409, message: OUTCOME_MESSAGES.alreadyAssigned },
  LEAD_IMPORT_NOT_FOUND: { status: 404, message: LEAD_IMPORT_MESSAGES.notFound },
  LEAD_IMPORT_NOT_MULTIPART: { status: 415, message: LEAD_IMPORT_MESSAGES.notMultipart },
  LEAD_IMPORT_FILE_INVALID: { status: 400, message: LEAD_IMPORT_MESSAGES.binary },
  LEAD_IMPORT_TOO_LARGE: { status: 413, message: LEAD_IMPORT_MESSAGES.tooLarge },
  LEAD_IMPORT_MAPPING_INVALID: { status: 400, message: LEAD_IMPORT_MESSAGES.mappingNoName },
  LEAD_IMPORT_NOT_DRAFT: { status: 409, message: LEAD_IMPORT_MESSAGES.notDraft },
  LEAD_IMPORT_NOT_REVIEWED: { status: 409, message: LEAD_IMPORT_MESSAGES.notReviewed },
  LEAD_IMPORT_RUNNING: { status: 409, message: LEAD_IMPORT_MESSAGES.running },
  LEAD_IMPORT_UNDO_NOT_ALLOWED: { status: 403, message: LEAD_IMPORT_MESSAGES.undoNotAllowed },
  LEAD_IMPORT_NOT_DONE: { status: 409, message: LEAD_IMPORT_MESSAGES.undoNotDone },
  RATING_USERS_NOT_VISIBLE: { status: 403, message: LEAD_MESSAGES.ratingUsersNotVisible },
  CHAT_ROOM_NOT_FOUND: { status: 404, message: LEAD_MESSAGES.roomNotFound },
  CHAT_MESSAGE_NOT_FOUND: { status: 404, message: CHAT_MESSAGES.messageNotFound },
  CHAT_MESSAGE_DELETED: { status: 404, message: CHAT_MESSAGES.messageDeleted },
  CHAT_MESSAGE_OWN_ONLY: { status: 403, message: CHAT_MESSAGES.ownMessageOnly },
  CHAT_DIRECT_SELF: { status: 400, message: CHAT_MESSAGES.directWithSelf },
  CHAT_DIRECT_NOT_SHARED: { status: 403, message: CHAT_MESSAGES.directNotShared },
  CHAT_ATTACHMENT_MISSING: { status: 400, message: CHAT_MESSAGES.attachmentMissing },
  CHAT_ATTACHMENT_NOT_MULTIPART: { status: 415, message: CHAT_MESSAGES.attachmentNotMultipart },
  CHAT_ATTACHMENT_TOO_LARGE: { status: 413, message: CHAT_MESSAGES.attachmentTooLarge },
  CHAT_ATTACHMENT_TYPE: { status: 415, message: CHAT_MESSAGES.attachmentType },
  CHAT_ATTACHMENT_NOT_FOUND: { status: 404, message: CHAT_MESSAGES.attachmentNotFound },
  CHAT_ATTACHMENT_LINK_INVALID: { status: 403, message: CHAT_MESSAGES.attachmentNotFound },
  OPPORTUNITY_NOT_FOUND: { status: 404, message: OPPORTUNITY_MESSAGES.notFound },
  OPPORTUNITY_OWNER_ONLY: { status: 403, message: OPPORTUNITY_MESSAGES.ownerOnly },
  OPPORTUNITY_SHARE_NOT_FOUND: { status: 404, message: OPPORTUNITY_MESSAGES.shareNotFound },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'This notification was not found.' },
  PUSH_DEVICE_NOT_FOUND: { status: 404, message: 'This device was not found.' },
  PUSH_ENDPOINT_REFUSED: { status: 400, message: 'This push subscription’s address is not allowed.' },
  UNSUBSCRIBE_LINK_INVALID: { status: 400, message: 'This unsubscribe link is not valid.' },
  UNSUBSCRIBE_LINK_USED: {
    status: 409,
    message: 'This unsubscribe link has already been used. Your choices are in My settings → Notifications.',
  },
  OPPORTUNITY_INVITE_SELF: { status: 409, message: OPPORTUNITY_MESSAGES.inviteSelf },
  OPPORTUNITY_ALREADY_SHARED: { status: 409, message: OPPORTUNITY_MESSAGES.inviteeAlreadyShared },
  OPPORTUNITY_INVITE_INVALID: { status: 400, message: OPPORTUNITY_MESSAGES.inviteInvalid },
  OPPORTUNITY_INVITE_EXPIRED: { status: 400, message: OPPORTUNITY_MESSAGES.inviteExpired },
  OPPORTUNITY_INVITE_OTHER_ADDRESS: { status: 403, message: OPPORTUNITY_MESSAGES.inviteOtherAddress },
  CONTACT_NOT_FOUND: { status: 404, message: OPPORTUNITY_MESSAGES.contactNotFound },
  CONTACT_READ_ONLY: { status: 422, message: OPPORTUNITY_MESSAGES.contactReadOnly },
  CONTACT_INFO_KEPT: { status: 422, message: OPPORTUNITY_MESSAGES.contactInfoKept },
  ADDRESS_ZIP_NOT_FOUND: { status: 404, message: LEAD_MESSAGES.zipNotFound },

  // Billing
  PAYMENT_METHOD_REQUIRED: { status: 422, message: GROUP_MESSAGES.paymentMethodRequired },
  BILLING_ADMIN_ONLY: { status: 403, message: 'Only an admin of your business can manage its billing.' },
  BILLING_CUSTOMER_MISSING: { status: 422, message: PAYMENT_MESSAGES.customerMissing },
  BILLING_BUSY: {
    status: 409,
    message: 'A billing change for your business is already in progress. Please try again.',
  },
  BILLING_PAYMENT_METHOD_NOT_FOUND: {
    status: 404,
    message: 'This payment method was not found. Please enter your card again.',
  },
  BILLING_PAYMENT_REJECTED: { status: 400, message: 'The payment provider refused this request.' },
  BILLING_LOCAL_PROVIDER_OFF: {
    status: 404,
    message: 'Stripe is configured: card details are sent to Stripe from the browser, not to this call.',
  },
  BILLING_SUBSCRIPTION_EXISTS: { status: 409, message: 'Your business already has an active subscription.' },
  BILLING_INVOICE_LINK_EXPIRED: { status: 403, message: 'This download link has expired. Open the invoices again.' },
  BILLING_INVOICE_LINK_INVALID: { status: 403, message: 'This download link is not valid.' },
  BILLING_INVOICE_NOT_FOUND: { status: 404, message: 'Invoice not found.' },
  BILLING_STRIPE_NOT_CONFIGURED: { status: 404, message: 'Stripe is not configured on this server.' },
  BILLING_WEBHOOK_TOO_OLD: { status: 400, message: 'The webhook is too old.' },
  BILLING_WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature does not match.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The codes whose status is S, e.g. ErrorCodeWithStatus<404>. */
export type ErrorCodeWithStatus<S extends number> = {
  [K in ErrorCode]: (typeof ERRORS)[K]['status'] extends S ? K : never;
}[ErrorCode];

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);
