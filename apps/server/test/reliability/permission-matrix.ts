import { leadPayload } from '../leads.js';

/**
 * Who may call what: one line per call of the OpenAPI document that takes an id (group_id, lead_id,
 * id, room_id, user_id, …). permissions.test.ts calls each as every role and checks the answer.
 * A call in the document that takes an id and has no line here FAILS that suite.
 *
 * Adding a call: one line, `'POST /api/<path>': { body: (w) => ({ group_id: w.groupId }), stranger: DENIED, member: OK, owner: OK },`
 * - `body` (or `query` for a GET) names the world's things (below); it is sent as each role.
 * - anonymous is 401 for a signed-in call unless the line says otherwise; a role left out is not probed.
 * - OK: a 2xx. DENIED: 403 or 404, and nothing of the thing in the answer. A number: exactly that status.
 * - `silentTo: [roles]`: those roles' 2xx must not name the world's things either (searches, lists by text).
 * - `notOwned: 'why'` for a call whose ids name nothing that belongs to anyone (lookups, external ids).
 * New roles (an admin of another business, a user something was shared with) are new keys of Role
 * and of World's tokens.
 */

export type Role = 'anonymous' | 'stranger' | 'member' | 'owner';
export const ROLES: Role[] = ['anonymous', 'stranger', 'member', 'owner'];

/** The things every probe works on, made fresh when a probe destroys one. */
export interface World {
  /** The owner's group; member belongs to it, stranger does not. */
  groupId: number;
  groupName: string;
  /** A lead the owner submitted to the group, and its comments' room. */
  leadId: number;
  leadLastName: string;
  roomId: number;
  ownerId: number;
  memberId: number;
  strangerId: number;
  /** The group's chat room, a message and a file the owner sent there, and the owner–member direct room. */
  chatRoomId: number;
  messageId: number;
  attachmentId: number;
  directRoomId: number;
  /** An opportunity of the owner's, shared with member; its room and a contact. */
  opportunityId: number;
  opportunityName: string;
  opportunityRoomId: number;
  contactId: number;
  contactLastName: string;
  /** The owner's business: owner is its ADMIN, member an active SALES user; stranger is in another. A territory of it. */
  businessId: number;
  territoryId: number;
  /** A finished CSV import of the owner's into the group (one lead). */
  importId: number;
}

let sequence = 0;
/** A name or address no earlier probe used. */
const fresh = (prefix: string) => {
  sequence += 1;
  return `${prefix}${sequence}${Date.now() % 100_000}`;
};
/** The contact the world's opportunity has: first name, title, company and e-mail as made, its own last name. */
export const contactFields = {
  first_name: 'Jordan',
  title: 'Buyer',
  company: 'Contoso',
  email: 'jordan@contoso.example',
  phone: '(415) 555-0123',
};
const opportunityFields = {
  name: 'Matrix opportunity',
  notes: 'Notes',
  address: { street_one: '1 Market Street', city: 'San Francisco', state_abbrv: 'CA', postal: '94105' },
};

export const OK = 'OK';
export const DENIED = 'DENIED';
export type Expectation = typeof OK | typeof DENIED | number;

export type MatrixEntry =
  | ({
      body?: (w: World) => unknown;
      query?: (w: World) => Record<string, string | number>;
      /** Roles whose 2xx must name nothing of the world either (a search answers a stranger, with nothing). */
      silentTo?: Role[];
    } & Partial<Record<Role, Expectation>>)
  | { notOwned: string };

export const PERMISSION_MATRIX: Record<string, MatrixEntry> = {
  // Accounts: a user_id may only name the caller.
  'POST /api/user/email_signup': { notOwned: 'anonymous sign-up; the invite code is checked when the account joins' },
  // Search everywhere: anyone signed in may search; a stranger finds nothing of the world's.
  'POST /api/search': {
    body: (w) => ({ query: w.groupName }),
    stranger: OK,
    member: OK,
    owner: OK,
    silentTo: ['stranger'],
  },
  'POST /api/user/get': { body: (w) => ({ user_id: w.ownerId }), stranger: DENIED, member: DENIED, owner: OK },
  'POST /api/user/update_notifications': {
    body: (w) => ({ user_id: w.ownerId, group_id: w.groupId, enableEmail: true }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/user/get_users_by_group': {
    body: (w) => ({ group_id: w.groupId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  // People: a group the caller is not in, or people it shares nothing with, simply yield nobody (a 200).
  'POST /api/user/search_by_name': {
    body: (w) => ({ search_type: 'GROUP', id: w.groupId, name_prefix: '' }),
    stranger: OK,
    member: OK,
    owner: OK,
  },
  'POST /api/user/get_list': { body: (w) => ({ user_ids: [w.ownerId] }), stranger: OK, member: OK, owner: OK },
  'POST /api/user/notification_settings': {
    body: (w) => ({ group_id: w.groupId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },

  // Billing and business: the caller's own.
  'POST /api/billing/create_customer': {
    body: (w) => ({ user_id: w.ownerId }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/billing/get_stripe_invoices': {
    body: (w) => ({ user_id: w.ownerId }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'GET /api/billing/invoices/{invoiceId}/pdf': {
    notOwned: 'a signed link: its token is the permission (billing-invoice-pdf.test.ts)',
  },
  'POST /api/business/get_by_user': {
    body: (w) => ({ user_id: w.ownerId }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },

  // Business administration: ADMINs of the business only; its SALES users and another business's admin are refused.
  'POST /api/business/get_business_users': {
    body: (w) => ({ business_id: w.businessId }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'GET /api/business/export_users': {
    query: (w) => ({ business_id: w.businessId }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/business/invite_user': {
    body: (w) => ({
      business_id: w.businessId,
      first_name: 'Ivy',
      last_name: 'Invitee',
      email: `${fresh('ivy')}@example.com`,
      role: 'SALES',
      status: 'INVITED',
    }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/business/update_user': {
    body: (w) => ({ business_id: w.businessId, user_id: w.memberId, role: 'SALES' }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/business/remove_user': {
    body: (w) => ({ business_id: w.businessId, user_id: w.memberId }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/territory/list': {
    body: (w) => ({ business_id: w.businessId }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/territory/create': {
    body: (w) => ({ business_id: w.businessId, name: fresh('Territory '), states: ['NV'] }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/territory/update': {
    body: (w) => ({
      business_id: w.businessId,
      territory_id: w.territoryId,
      name: fresh('Renamed '),
      zip_prefixes: ['941'],
    }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/territory/delete': {
    body: (w) => ({ business_id: w.businessId, territory_id: w.territoryId }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },

  // Lookups: product categories, target industries and products belong to nobody.
  'POST /api/product/list': { notOwned: 'lookup ids (product categories)' },
  'POST /api/group/create_private': { notOwned: 'lookup ids (target industry, product)' },
  'POST /api/group/add': { notOwned: 'lookup ids (product); the group is named by name and password' },

  // Groups: members see, the creator changes.
  'POST /api/group/get': { body: (w) => ({ group_id: w.groupId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/group/update': {
    body: (w) => ({
      group_id: w.groupId,
      name: `${w.groupName} renamed`.slice(0, 40),
      description: 'A new description',
    }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/group/user/update': {
    body: (w) => ({ group_id: w.groupId, user_id: w.ownerId, product: 'Widgets' }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/group/invite': {
    body: (w) => ({ group_id: w.groupId, email: `invitee${w.groupId}@example.com` }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/group/add_invited': {
    // Accepting an invite is what a stranger does: a wrong code is refused as invalid.
    body: (w) => ({ group_id: w.groupId, invite_code: 'not-the-invite-code' }),
    stranger: 400,
    member: 400,
    owner: 400,
  },
  'POST /api/group/invite_preview': {
    // Public: the invite code is the permission; a wrong one is refused as invalid to everyone.
    body: (w) => ({ group_id: w.groupId, invite_code: 'not-the-invite-code' }),
    anonymous: 400,
    stranger: 400,
    member: 400,
    owner: 400,
  },
  'POST /api/group/remove': {
    body: (w) => ({ group_id: w.groupId, user_id: w.memberId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/group/delete': { body: (w) => ({ group_id: w.groupId }), stranger: DENIED, member: DENIED, owner: OK },
  'POST /api/group/stats': { body: (w) => ({ search_ids: [w.groupId] }), stranger: DENIED, member: OK, owner: OK },

  // Leads: members of the group see and add; the submitter changes.
  // Activities: a group's feed for its members; the global feed names no id.
  // The inbox: an activity id names an item of the caller's own inbox only (the member's lead is in the owner's).
  'POST /api/notification/read': { notOwned: 'an item of the caller’s own inbox; another’s is 404 (inbox.test.ts)' },
  'POST /api/notification/list': {
    notOwned:
      'before_id is a cursor into the caller’s own inbox; an activity they may not see answers an empty page (feed-cursors.test.ts)',
  },
  // Notification switches: one's own, in a group or opportunity one is in.
  'POST /api/notification/settings/get': {
    body: (w) => ({ delivery_method: 'EMAIL', service: 'GROUP', service_id: w.groupId, action: 'MESSAGES' }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/notification/settings/toggle': {
    body: (w) => ({
      delivery_method: 'EMAIL',
      service: 'OPPORTUNITY',
      service_id: w.opportunityId,
      action: 'MESSAGES',
      toggled_on: true,
    }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/push/remove': {
    notOwned: 'a device of the caller’s own; another’s is 404 and stays (push-notifications.test.ts)',
  },
  'POST /api/push/visibility': {
    notOwned: 'a device of the caller’s own; another’s is 404 (push-notifications.test.ts)',
  },
  'POST /api/notification/unsubscribe': {
    notOwned: 'the link’s secret token names the person and the switch; no id (notification-email.test.ts)',
  },
  'POST /api/activity/group': { body: (w) => ({ group_id: w.groupId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/activity/global': {
    notOwned:
      'before_id is a cursor into the caller’s own feed; an activity they may not see answers an empty page (feed-cursors.test.ts)',
  },
  // Searched, filtered and sorted: the same refusal as the plain list (leads-search-filters.test.ts).
  'POST /api/lead/list': {
    body: (w) => ({ group_id: w.groupId, search: 'a', filters: { outcome: 'NONE' }, sort_by: 'NAME' }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/lead/get': { body: (w) => ({ lead_id: w.leadId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/lead/create': {
    body: (w) => ({ group_id: w.groupId, lead: leadPayload() }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/lead/update': {
    body: (w) => {
      const { lead_id: _, ...fields } = leadPayload();
      return { lead_id: w.leadId, group_id: w.groupId, ...fields };
    },
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'POST /api/lead/delete': { body: (w) => ({ lead_id: w.leadId }), stranger: DENIED, member: DENIED, owner: OK },
  // Giving a lead to someone is the submitter's; a member may only take a free lead themselves (outcomes.test.ts).
  'POST /api/lead/assign': {
    body: (w) => ({ group_id: w.groupId, lead_id: w.leadId, user_id: w.ownerId }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  // Outcomes: the assignee records, the submitter while nobody has taken the lead (the world's lead is the
  // owner's, unassigned); members read the timeline; duplicates and cards for members.
  'POST /api/lead/outcome/record': {
    body: (w) => ({ lead_id: w.leadId, stage: 'CONTACTED' }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  // Confirming a submitter's report: the assignee, or a group owner who is not the submitter (outcomes.test.ts).
  'POST /api/lead/outcome/confirm': {
    body: (w) => ({ lead_id: w.leadId }),
    stranger: DENIED,
    member: DENIED,
    owner: 403,
  },
  // The lead in the caller's business's CRM: members of the lead's group; sending needs a CRM, and the world's
  // business has none (crm-push.test.ts sends with one).
  'POST /api/crm/lead/get': { body: (w) => ({ lead_id: w.leadId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/crm/lead/send': { body: (w) => ({ lead_id: w.leadId }), stranger: DENIED, member: 409, owner: 409 },
  'POST /api/lead/outcome/list': { body: (w) => ({ lead_id: w.leadId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/lead/duplicates': {
    body: (w) => ({ group_id: w.groupId, lead_id: w.leadId, last_name: w.leadLastName }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/group/member_stats': {
    body: (w) => ({ group_id: w.groupId, user_id: w.ownerId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/lead/group_stats': { body: (w) => ({ ids: [w.groupId] }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/lead/user_stats': { body: (w) => ({ search_ids: [w.groupId] }), stranger: DENIED, member: OK, owner: OK },
  'GET /api/lead/export': {
    query: (w) => ({ group_id: w.groupId, search: 'a', state: 'CA' }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },

  // Lead imports: members of the group read them; their runner reviews and starts; runner or group owner undoes.
  'POST /api/lead/import/preview': {
    body: (w) => ({ import_id: w.importId, mapping: [{ index: 0, field: 'FULL_NAME' }] }),
    stranger: DENIED,
    member: DENIED,
    owner: 409,
  },
  'POST /api/lead/import/rows': { body: (w) => ({ import_id: w.importId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/lead/import/start': {
    body: (w) => ({ import_id: w.importId }),
    stranger: DENIED,
    member: DENIED,
    owner: 409,
  },
  'POST /api/lead/import/get': { body: (w) => ({ import_id: w.importId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/lead/import/list': { body: (w) => ({ group_id: w.groupId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/lead/import/undo': {
    body: (w) => ({ import_id: w.importId }),
    stranger: DENIED,
    member: DENIED,
    owner: OK,
  },
  'GET /api/lead/import/errors': { query: (w) => ({ import_id: w.importId }), stranger: DENIED, member: OK, owner: OK },

  // Ratings: members other than the submitter rate.
  'POST /api/rating/quality/get': { body: (w) => ({ lead_id: w.leadId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/rating/quality/rate': {
    body: (w) => ({ lead_id: w.leadId, rating: 4 }),
    stranger: DENIED,
    member: OK,
    owner: 403,
  },
  'POST /api/rating/relevancy/rate': {
    body: (w) => ({ lead_id: w.leadId, group_id: w.groupId, rating: 3 }),
    stranger: DENIED,
    member: OK,
    owner: 403,
  },
  'POST /api/rating/user': { body: (w) => ({ user_ids: [w.ownerId] }), stranger: DENIED, member: OK, owner: OK },

  // Comments: the lead's room, members of its group.
  'POST /api/chat/lead/list': { body: (w) => ({ id: w.leadId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/chat/message/send': {
    body: (w) => ({ room_id: w.roomId, message: 'Hello' }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },

  // Chat rooms: whoever the room's source lets in (the group's members, the direct room's two people,
  // the opportunity's owner and shared users); anyone else is told the room does not exist.
  'POST /api/chat/message/list': {
    body: (w) => ({ room_id: w.opportunityRoomId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/chat/room/get': { body: (w) => ({ room_id: w.directRoomId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/chat/room/read': { body: (w) => ({ room_id: w.chatRoomId }), stranger: DENIED, member: OK, owner: OK },
  'POST /api/chat/room/mute': {
    body: (w) => ({ room_id: w.chatRoomId, muted: true }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/chat/room/direct': {
    // Only with someone one shares a group or business with; never with oneself.
    body: (w) => ({ user_id: w.memberId }),
    stranger: DENIED,
    member: 400,
    owner: OK,
  },
  // Messages: one's own only, in a room one is in.
  'POST /api/chat/message/edit': {
    body: (w) => ({ message_id: w.messageId, message: 'Edited' }),
    stranger: DENIED,
    member: 403,
    owner: OK,
  },
  'POST /api/chat/message/delete': {
    body: (w) => ({ message_id: w.messageId }),
    stranger: DENIED,
    member: 403,
    owner: OK,
  },
  'POST /api/chat/attachment/link': {
    body: (w) => ({ attachment_id: w.attachmentId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },

  // Opportunities: the owner does everything; a shared user reads it, its contacts and comments
  // (403 where only the owner may act); a stranger is told it does not exist.
  'POST /api/opportunity/set': {
    // Made on a lead: members of the lead's group only.
    body: (w) => ({ ...opportunityFields, lead_id: w.leadId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/opportunity/get': {
    body: (w) => ({ opportunity_id: w.opportunityId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/opportunity/update': {
    body: (w) => ({ opportunity_id: w.opportunityId, ...opportunityFields, name: `${w.opportunityName} 2` }),
    stranger: DENIED,
    member: 403,
    owner: OK,
  },
  'POST /api/opportunity/delete': {
    body: (w) => ({ opportunity_id: w.opportunityId }),
    stranger: DENIED,
    member: 403,
    owner: OK,
  },
  'POST /api/opportunity/contact/list': {
    body: (w) => ({ opportunity_id: w.opportunityId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/opportunity/contact/set': {
    body: (w) => ({ opportunity_id: w.opportunityId, ...contactFields, last_name: 'Matrix' }),
    stranger: DENIED,
    member: 403,
    owner: OK,
  },
  'POST /api/opportunity/contact/get': {
    body: (w) => ({ contact_id: w.contactId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/opportunity/contact/update': {
    body: (w) => ({
      contact_id: w.contactId,
      opportunity_id: w.opportunityId,
      ...contactFields,
      last_name: w.contactLastName,
      notes: 'New notes',
    }),
    stranger: DENIED,
    member: 403,
    owner: OK,
  },
  'POST /api/opportunity/contact/delete': {
    body: (w) => ({ contact_id: w.contactId, opportunity_id: w.opportunityId }),
    stranger: DENIED,
    member: 403,
    owner: OK,
  },
  'POST /api/opportunity/contact/comment/list': {
    body: (w) => ({ contact_id: w.contactId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/opportunity/contact/comment/send': {
    body: (w) => ({ contact_id: w.contactId, message: 'Called them' }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/opportunity/user/invite': {
    body: (w) => ({ opportunity_id: w.opportunityId, email: `${fresh('partner')}@example.com` }),
    stranger: DENIED,
    member: 403,
    owner: OK,
  },
  'POST /api/opportunity/user/invite_accept': {
    // Accepting is what someone not yet on it does: a wrong code is refused as invalid to everyone.
    body: (w) => ({ opportunity_id: w.opportunityId, invite_code: 'not-the-invite-code' }),
    stranger: 400,
    member: 400,
    owner: 400,
  },
  'POST /api/opportunity/user/remove': {
    // The owner takes the share back; the shared user may leave (name themselves).
    body: (w) => ({ opportunity_id: w.opportunityId, user_id: w.memberId }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
  'POST /api/opportunity/settings/update': {
    body: (w) => ({ opportunity_id: w.opportunityId, messages: false }),
    stranger: DENIED,
    member: OK,
    owner: OK,
  },
};
