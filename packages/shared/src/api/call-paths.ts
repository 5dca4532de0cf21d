// Every call's path and auth flag, without its schema: the web app's endpoints name their call by
// these, so zod and the contract's schemas stay out of its first loads (they load with the forms
// that check input). Each call definition spreads its entry here, so a path is written once
// (docs/decisions/performance.md).

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
  updateTimeZone: { path: '/user/update_time_zone', auth: true },
  getUsersByGroup: { path: '/user/get_users_by_group', auth: true },
  notificationSettings: { path: '/user/notification_settings', auth: true },
  uploadAvatar: { path: '/user/upload_avatar', auth: true },
  removeAvatar: { path: '/user/remove_avatar', auth: true },
  scheduleDelete: { path: '/user/schedule_delete', auth: true },
} as const satisfies Record<string, CallPath>;

export const activityCallPaths = {
  global: { path: '/activity/global', auth: true },
  group: { path: '/activity/group', auth: true },
} as const satisfies Record<string, CallPath>;

export const inboxCallPaths = {
  list: { path: '/notification/list', auth: true },
  read: { path: '/notification/read', auth: true },
  readAll: { path: '/notification/read_all', auth: true },
} as const satisfies Record<string, CallPath>;

export const notificationSettingCallPaths = {
  get: { path: '/notification/settings/get', auth: true },
  toggle: { path: '/notification/settings/toggle', auth: true },
} as const satisfies Record<string, CallPath>;

export const billingCallPaths = {
  localCreatePaymentMethod: { path: '/billing/local/create_payment_method', auth: true },
  createCustomer: { path: '/billing/create_customer', auth: true },
  updatePayment: { path: '/billing/update_payment', auth: true },
  startSubscription: { path: '/billing/start_stripe_subscription', auth: true },
  getPaymentMethod: { path: '/billing/get_stripe_payment_method', auth: true },
  get: { path: '/billing/get', auth: true },
  invoices: { path: '/billing/get_stripe_invoices', auth: true },
} as const satisfies Record<string, CallPath>;

export const businessCallPaths = {
  getByUser: { path: '/business/get_by_user', auth: true },
  getUsers: { path: '/business/get_business_users', auth: true },
  inviteUser: { path: '/business/invite_user', auth: true },
  updateUser: { path: '/business/update_user', auth: true },
  removeUser: { path: '/business/remove_user', auth: true },
  getInvite: { path: '/business/get_invite', auth: false },
  acceptInvite: { path: '/business/accept_invite', auth: false },
} as const satisfies Record<string, CallPath>;

export const chatCallPaths = {
  leadList: { path: '/chat/lead/list', auth: true },
  messageSend: { path: '/chat/message/send', auth: true },
  messageList: { path: '/chat/message/list', auth: true },
  messageEdit: { path: '/chat/message/edit', auth: true },
  messageDelete: { path: '/chat/message/delete', auth: true },
  roomList: { path: '/chat/room/list', auth: true },
  roomGet: { path: '/chat/room/get', auth: true },
  roomDirect: { path: '/chat/room/direct', auth: true },
  roomRead: { path: '/chat/room/read', auth: true },
  roomMute: { path: '/chat/room/mute', auth: true },
  unreadTotal: { path: '/chat/unread/total', auth: true },
  authenticate: { path: '/chat/authenticate', auth: true },
  attachmentLink: { path: '/chat/attachment/link', auth: true },
} as const satisfies Record<string, CallPath>;

export const chatUserCallPaths = {
  searchByName: { path: '/user/search_by_name', auth: true },
  getList: { path: '/user/get_list', auth: true },
} as const satisfies Record<string, CallPath>;

export const crmCallPaths = {
  check: { path: '/crm/user/check', auth: true },
  test: { path: '/crm/test', auth: false },
  connection: { path: '/crm/connection/get', auth: true },
  connectStart: { path: '/crm/connect/start', auth: true },
  connectFinish: { path: '/crm/connect/finish', auth: true },
  connectToken: { path: '/crm/connect/token', auth: true },
  settings: { path: '/crm/settings/update', auth: true },
  disconnect: { path: '/crm/disconnect', auth: true },
  syncNow: { path: '/crm/sync', auth: true },
  leadState: { path: '/crm/lead/get', auth: true },
  leadSend: { path: '/crm/lead/send', auth: true },
} as const satisfies Record<string, CallPath>;

export const feedbackCallPaths = {
  submit: { path: '/feedback/submit', auth: true },
} as const satisfies Record<string, CallPath>;

export const groupCallPaths = {
  verifyExists: { path: '/group/verify_exists', auth: true },
  createPrivate: { path: '/group/create_private', auth: true },
  add: { path: '/group/add', auth: true },
  list: { path: '/group/list', auth: true },
  get: { path: '/group/get', auth: true },
  update: { path: '/group/update', auth: true },
  userUpdate: { path: '/group/user/update', auth: true },
  invite: { path: '/group/invite', auth: true },
  addInvited: { path: '/group/add_invited', auth: true },
  invitePreview: { path: '/group/invite_preview', auth: false },
  remove: { path: '/group/remove', auth: true },
  delete: { path: '/group/delete', auth: true },
  stats: { path: '/group/stats', auth: true },
} as const satisfies Record<string, CallPath>;

export const leadImportCallPaths = {
  preview: { path: '/lead/import/preview', auth: true },
  rows: { path: '/lead/import/rows', auth: true },
  start: { path: '/lead/import/start', auth: true },
  get: { path: '/lead/import/get', auth: true },
  list: { path: '/lead/import/list', auth: true },
  undo: { path: '/lead/import/undo', auth: true },
} as const satisfies Record<string, CallPath>;

export const leadCallPaths = {
  list: { path: '/lead/list', auth: true },
  get: { path: '/lead/get', auth: true },
  create: { path: '/lead/create', auth: true },
  update: { path: '/lead/update', auth: true },
  delete: { path: '/lead/delete', auth: true },
  assign: { path: '/lead/assign', auth: true },
  groupStats: { path: '/lead/group_stats', auth: true },
  userStats: { path: '/lead/user_stats', auth: true },
} as const satisfies Record<string, CallPath>;

export const ratingCallPaths = {
  qualityGet: { path: '/rating/quality/get', auth: true },
  qualityRate: { path: '/rating/quality/rate', auth: true },
  relevancyRate: { path: '/rating/relevancy/rate', auth: true },
  user: { path: '/rating/user', auth: true },
} as const satisfies Record<string, CallPath>;

export const addressCallPaths = {
  zipLookup: { path: '/address/zip', auth: true },
} as const satisfies Record<string, CallPath>;

export const lookupCallPaths = {
  targets: { path: '/target/list', auth: true },
  categories: { path: '/product/category/list', auth: true },
  products: { path: '/product/list', auth: true },
} as const satisfies Record<string, CallPath>;

export const opportunityCallPaths = {
  list: { path: '/opportunity/list', auth: true },
  get: { path: '/opportunity/get', auth: true },
  set: { path: '/opportunity/set', auth: true },
  update: { path: '/opportunity/update', auth: true },
  delete: { path: '/opportunity/delete', auth: true },
  contactList: { path: '/opportunity/contact/list', auth: true },
  contactSet: { path: '/opportunity/contact/set', auth: true },
  contactGet: { path: '/opportunity/contact/get', auth: true },
  contactUpdate: { path: '/opportunity/contact/update', auth: true },
  contactDelete: { path: '/opportunity/contact/delete', auth: true },
  contactCommentList: { path: '/opportunity/contact/comment/list', auth: true },
  contactCommentSend: { path: '/opportunity/contact/comment/send', auth: true },
  invite: { path: '/opportunity/user/invite', auth: true },
  inviteAccept: { path: '/opportunity/user/invite_accept', auth: true },
  userRemove: { path: '/opportunity/user/remove', auth: true },
  settingsUpdate: { path: '/opportunity/settings/update', auth: true },
} as const satisfies Record<string, CallPath>;

export const outcomeCallPaths = {
  record: { path: '/lead/outcome/record', auth: true },
  list: { path: '/lead/outcome/list', auth: true },
  confirm: { path: '/lead/outcome/confirm', auth: true },
  duplicates: { path: '/lead/duplicates', auth: true },
  memberStats: { path: '/group/member_stats', auth: true },
} as const satisfies Record<string, CallPath>;

export const pushCallPaths = {
  publicKey: { path: '/push/public_key', auth: true },
  subscribe: { path: '/push/subscribe', auth: true },
  devices: { path: '/push/devices', auth: true },
  remove: { path: '/push/remove', auth: true },
  visibility: { path: '/push/visibility', auth: true },
  switches: { path: '/push/switches', auth: true },
  setSwitch: { path: '/push/switches/set', auth: true },
} as const satisfies Record<string, CallPath>;

export const searchCallPaths = {
  search: { path: '/search', auth: true },
} as const satisfies Record<string, CallPath>;

export const territoryCallPaths = {
  list: { path: '/territory/list', auth: true },
  create: { path: '/territory/create', auth: true },
  update: { path: '/territory/update', auth: true },
  delete: { path: '/territory/delete', auth: true },
  mine: { path: '/territory/mine', auth: true },
} as const satisfies Record<string, CallPath>;

/** One-click unsubscribe (a POST from an e-mail's link, no sign-in; activities.ts). */
export const UNSUBSCRIBE_PATH = '/notification/unsubscribe';

/** A group's leads as CSV (a GET with the token; leads.ts). */
export const LEAD_EXPORT_PATH = '/lead/export';

/** A file message (multipart; chat.ts). */
export const CHAT_ATTACHMENT_UPLOAD_PATH = '/chat/attachment/upload';

/** A lead import's upload (lead-imports.ts): `POST /api/lead/import/upload`, multipart with fields `group_id` and `file` (≤ 10 MB). */
export const LEAD_IMPORT_UPLOAD_PATH = '/lead/import/upload';
/** The rows with errors as CSV with an extra "Error" column: `GET /api/lead/import/errors?import_id=…`. */
export const LEAD_IMPORT_ERRORS_PATH = '/lead/import/errors';
