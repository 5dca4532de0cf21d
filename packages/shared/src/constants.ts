// Every number of spec section 9 (both documents) lives here, never as a literal elsewhere.

export const APP_VERSION = '1.1.1';
export const ENVIRONMENT_NAME = 'production';

// Subscription
export const SUBSCRIPTION_PRICE_PER_USER = 49.99;
export const SUBSCRIPTION_TYPE = 'BUSINESS';
/** Card payments: our own card fields ('local', the default) or Stripe. */
export const BILLING_PROVIDERS = ['local', 'stripe'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];
export const GROUP_TYPE_PRIVATE = 'PRIVATE';
export const GROUP_TYPES = ['BUSINESS', 'PRIVATE_GROUP'] as const;
export const DEFAULT_COUNTRY = 'US';
export const ZIP_CODE_LENGTH = 5;

// Lengths
export const SIGNIN_PASSWORD_MIN = 8;
export const SIGNIN_PASSWORD_MAX = 50;
export const ACCOUNT_PASSWORD_MIN = 8;
export const ACCOUNT_PASSWORD_MAX = 25;
export const GROUP_JOIN_FIELD_MIN = 6;
export const GROUP_JOIN_FIELD_MAX = 100;
export const GROUP_CREATE_PASSWORD_MIN = 6;
export const PROFILE_FIELD_MAX = 50;
export const EMAIL_MAX = 300;
export const NAME_MAX = 50;

// Timings in milliseconds
export const SNACKBAR_AUTO_HIDE_MS = 3000;
export const EMAIL_CONFIRMATION_REDIRECT_MS = 3000;
export const SIGNOUT_AFTER_DELETION_MS = 3000;
export const LIST_REFRESH_DELAY_MS = 500;
export const REALTIME_AUTH_DELAY_MS = 200;

// Layout
export const FEEDBACK_MESSAGE_ROWS = 8;
export const TEXT_AREA_DEFAULT_ROWS = 4;
export const PAYMENT_DIALOG_WIDTHS = ['30%', '75%'] as const;
export const AVATAR_SIZE = 256;
export const SIDEBAR_WIDTH = 304;
export const SIDEBAR_MINI_WIDTH = 90;
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } as const;
export const GRID_ROW_HEIGHT = 70;
export const MAP_DEFAULT_ZOOM = 10;

// Lists
export const PAGE_SIZE = 50;
// The inbox's unread count stops here (the bell shows 99+ from 100 on), so it never reads a long unread history.
export const INBOX_UNREAD_COUNT_MAX = 100;
export const LEAD_SORT = 'ACTIVITY';
export const OPPORTUNITY_SORT = 'CREATED';
export const BUSINESS_USERS_ROLE_FILTER_ALL = 'ALL_ROLE';
export const MAX_CONTACT_INFO_KINDS = 3;
export const RATING_MAX = 5;

// Session and invites
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userId: 'user_id',
  inviteId: 'inviteId',
  inviteCode: 'inviteCode',
  inviteAction: 'inviteAction',
} as const;
export const LOGIN_PLATFORM_DEFAULT = 'WEB';
// Where a social sign-in comes from (platform, default WEB); the other values: not shown.
export const LOGIN_PLATFORMS = ['WEB', 'IOS', 'ANDROID'] as const;
export const SOCIAL_PROVIDERS = ['GOOGLE', 'APPLE', 'LINKEDIN'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const ERROR_REPORT_HISTORY = 100;

// Policy
export const MINIMUM_AGE = 18;
export const CLOSED_ACCOUNT_INVISIBLE_HOURS = 24;

// Profile pictures. The spec gives only the size; the upload limits are ours (docs/decisions/settings.md).
export const AVATAR_MAX_MEGABYTES = 5;
export const AVATAR_MAX_BYTES = AVATAR_MAX_MEGABYTES * 1024 * 1024;
export const AVATAR_MAX_MEGAPIXELS = 25;
export const AVATAR_MAX_INPUT_PIXELS = AVATAR_MAX_MEGAPIXELS * 1_000_000;
export const AVATAR_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

// Feedback (rules not shown; lengths are ours)
export const FEEDBACK_SUBJECT_MAX = 200;
export const FEEDBACK_CONTENT_MAX = 5000;

// Roles and actions
export const USER_ROLES = ['ADMIN', 'SALES'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const EMAIL_ACTIONS = ['SIGNUP_CONFIRMATION', 'RESET_PASSWORD'] as const;
export type EmailAction = (typeof EMAIL_ACTIONS)[number];
// E-mail action kinds as numbers: unknown 0, signup confirmation 1, reset password 2.
export const EMAIL_ACTION_KIND = { UNKNOWN: 0, SIGNUP_CONFIRMATION: 1, RESET_PASSWORD: 2 } as const;
export const DEEP_LINK_ACTIONS = ['SIGNUP_CONFIRMATION', 'RESET_PASSWORD', 'BUSINESS_INVITE'] as const;
export const INVITE_ACTIONS = ['GROUP_INVITE', 'OPPORTUNITY_INVITE'] as const;
export type InviteAction = (typeof INVITE_ACTIONS)[number];

// Groups (the invite expiry and the wrong-password limit are ours, docs/decisions/groups.md)
export const GROUP_NAME_MIN = 3;
export const GROUP_NAME_MAX = 40;
export const GROUP_DESCRIPTION_MIN = 3;
export const GROUP_DESCRIPTION_MAX = 200;
export const GROUP_PRODUCT_MIN = 3;
export const GROUP_PRODUCT_MAX = 100;
export const GROUP_MEMBER_ROLES = ['OWNER', 'MEMBER'] as const;
export type GroupMemberRole = (typeof GROUP_MEMBER_ROLES)[number];
export const GROUP_INVITE_EXPIRY_DAYS = 7;

// Leads (the comment length is ours, docs/decisions/leads.md)
export const LEAD_NAME_MAX = 50;
export const LEAD_EMAIL_MAX = 300;
export const LEAD_LINKEDIN_MAX = 50;
export const LEAD_NOTES_MAX = 1000;
export const LINKEDIN_HOST = 'linkedin.com';
export const CONTACT_INFO_KINDS = ['email', 'phone', 'linkedin'] as const;
export type ContactInfoKind = (typeof CONTACT_INFO_KINDS)[number];
export const RATING_KINDS = ['QUALITY', 'RELEVANCY'] as const;
export type RatingKind = (typeof RATING_KINDS)[number];
export const COMMENT_MAX = 2000;

// Chat
export const CHAT_ROOM_KINDS = ['DIRECT', 'GROUP', 'OPPORTUNITY', 'BUSINESS', 'LEAD', 'CONTACT'] as const;
// The kinds /chat/room/list serves (a lead's room is read with /chat/lead/list, a contact's with
// /opportunity/contact/comment/list).
export const CHAT_ROOM_LIST_KINDS = ['DIRECT', 'GROUP', 'OPPORTUNITY', 'BUSINESS'] as const;
export const CHAT_MESSAGE_MAX = COMMENT_MAX;
// Messages (and files) one person may send per minute, over all rooms.
export const CHAT_SEND_PER_MINUTE = 30;
export const CHAT_ATTACHMENT_MAX_MEGABYTES = 10;
export const CHAT_ATTACHMENT_MAX_BYTES = CHAT_ATTACHMENT_MAX_MEGABYTES * 1024 * 1024;
export const USER_SEARCH_PREFIX_MAX = 50;
// People /user/search_by_name answers at most.
export const USER_SEARCH_LIMIT = 20;
export const ADDRESS_STREET_MAX = 100;
export const ADDRESS_CITY_MAX = 60;

// Opportunities
export const OPPORTUNITY_NAME_MIN = 5;
export const OPPORTUNITY_NAME_MAX = 500;
export const OPPORTUNITY_NOTES_MIN = 5;
export const OPPORTUNITY_NOTES_MAX = 500;
export const OPPORTUNITY_INVITE_EXPIRY_DAYS = 7;
export const LEAD_CSV_HEADERS = ['Id', 'First Name', 'Last Name', 'Email', 'Phone Number', 'Company', 'Title'] as const;
// After the spec's headers: the lead's outcome (stage label, date YYYY-MM-DD in UTC, amount in dollars, lost reason label).
export const LEAD_CSV_OUTCOME_HEADERS = ['Outcome', 'Outcome Date', 'Closed Amount', 'Lost Reason'] as const;
