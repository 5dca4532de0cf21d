import { z } from 'zod';
import { text } from '../text.js';
import { defineCall, idField } from './call.js';
import { pageFields } from './groups.js';

// Activities: what happened in the caller's groups, opportunities and rooms, newest first, 50 a page.
// A reader sees an activity of a group or opportunity only while they belong to it; one of neither
// (a direct message, a deleted group) only if they did it or are among its recipients.

export const ACTIVITY_TYPES = [
  'CHAT_MESSAGE_GROUP',
  'CHAT_MESSAGE_LEAD',
  'CHAT_MESSAGE_OPPORTUNITY',
  'CHAT_MESSAGE_USER',
  'CHAT_MESSAGE_BUSINESS',
  'GROUP_CANCEL',
  'GROUP_DELETE',
  'GROUP_INVITE',
  'GROUP_REMOVE',
  'LEAD_FOLLOW_UP',
  'LEAD_WON',
  'NEW_LEAD',
  'NEW_USER',
  'NEW_USER_ADDED',
  'OPPORTUNITY_NEW',
  'OPPORTUNITY_NEW_USER',
  // Beyond the spec: a member rated one's lead (its submitter is the recipient).
  'LEAD_RATED',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const activityType = z.enum(ACTIVITY_TYPES, { error: `Must be one of ${ACTIVITY_TYPES.join(', ')}` });

/** The data's sub-object is named after the camel-cased type: NEW_LEAD → newLead. */
export function activityDataKey(type: string): string {
  return type.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** The fields a sub-object may hold; each type fills those it has. */
// Loose: each type may carry more (left, messageId, newUserId, …).
export const activityDetail = z.looseObject({
  activityId: z.number().int(),
  groupId: z.number().int().nullable().optional(),
  opportunityId: z.number().int().nullable().optional(),
  leadId: z.number().int().nullable().optional(),
  roomId: z.number().int().nullable().optional(),
  groupName: z.string().nullable().optional(),
  leadCompany: z.string().nullable().optional(),
  leadName: z.string().nullable().optional(),
  opportunityName: z.string().nullable().optional(),
  userName: z.string().nullable().optional(),
  newUserName: z.string().nullable().optional(),
  invitedByName: z.string().nullable().optional(),
  message: z.string().nullable().optional(),
  // LEAD_RATED: the stars given (1–5).
  rating: z.number().int().optional(),
  // NEW_LEAD: the lead is in a territory of the reader.
  inYourTerritory: z.boolean().optional(),
  // LEAD_WON (to the lead's submitter; userName is who closed it): the business closed, in cents.
  amountCents: z.number().int().optional(),
  // LEAD_FOLLOW_UP (to the lead's assignee; userName is the lead's submitter): the group's days without progress.
  days: z.number().int().optional(),
});
export type ActivityDetail = z.infer<typeof activityDetail>;

export const activity = z.object({
  activityId: z.number().int(),
  type: z.string(),
  timestamp: z.string(),
  actorUserId: z.number().int(),
  groupId: z.number().int().nullable(),
  opportunityId: z.number().int().nullable(),
  data: z.record(z.string(), activityDetail),
});
export type ActivityItem = z.infer<typeof activity>;

const activityTypes = z.array(activityType).max(ACTIVITY_TYPES.length).optional();

export const activityGlobalRequest = z.strictObject({
  // Empty or left out: every type.
  activity_types: activityTypes,
  // The answer's shape; LIST is the only one.
  response_type: text()
    .pipe(z.enum(['LIST'], { error: 'Must be LIST' }))
    .optional(),
  ...pageFields,
});
export const activityGlobalResponse = z.object({
  globalActivities: z.object({ activities: z.array(activity), totalCount: z.number().int() }),
});

export const activityGroupRequest = z.strictObject({
  group_id: idField,
  activity_types: activityTypes,
  ...pageFields,
});
export const activityGroupResponse = z.object({ activities: z.array(activity), totalCount: z.number().int() });

export const activityCalls = {
  global: defineCall({
    path: '/activity/global',
    auth: true,
    summary: "What happened in the caller's groups, opportunities and rooms, newest first, 50 a page",
    request: activityGlobalRequest,
    response: activityGlobalResponse,
  }),
  group: defineCall({
    path: '/activity/group',
    auth: true,
    summary: "One group's activities (members), newest first, 50 a page",
    request: activityGroupRequest,
    response: activityGroupResponse,
  }),
};

// The inbox: the activities that concern the caller (a new lead in their group, and every activity naming
// them in data.recipientUserIds: an invite, a comment on their lead, a direct message, a removal), not their own.
export const inboxItem = z.object({ activity, read: z.boolean() });
export const inboxListRequest = z.strictObject(pageFields);
export const inboxListResponse = z.object({
  notifications: z.array(inboxItem),
  totalCount: z.number().int(),
  unreadCount: z.number().int(),
});
export const inboxReadRequest = z.strictObject({ activity_id: idField });
export const inboxCountResponse = z.object({ unreadCount: z.number().int() });

export const inboxCalls = {
  list: defineCall({
    path: '/notification/list',
    auth: true,
    summary: 'The caller’s inbox, newest first, 50 a page, with the unread count',
    request: inboxListRequest,
    response: inboxListResponse,
  }),
  read: defineCall({
    path: '/notification/read',
    auth: true,
    summary: 'Marks one item of the caller’s inbox read',
    request: inboxReadRequest,
    response: inboxCountResponse,
  }),
  readAll: defineCall({
    path: '/notification/read_all',
    auth: true,
    summary: 'Marks the caller’s whole inbox read',
    request: z.strictObject({}),
    response: inboxCountResponse,
  }),
};

// Notification choices. The spec's generic call names a delivery method, a service (a group or an
// opportunity), the service's id and an action; the one action is MESSAGES, the chat e-mail switch
// that the group's and the opportunity's settings show as 'Messages' (on until turned off).
export const NOTIFICATION_DELIVERY_METHODS = ['EMAIL'] as const;
export const NOTIFICATION_SERVICES = ['GROUP', 'OPPORTUNITY'] as const;
export const NOTIFICATION_ACTIONS = ['MESSAGES'] as const;
export type NotificationService = (typeof NOTIFICATION_SERVICES)[number];

export const notificationSettingRequest = z.strictObject({
  delivery_method: text().pipe(z.enum(NOTIFICATION_DELIVERY_METHODS, { error: 'delivery_method must be EMAIL' })),
  service: text().pipe(z.enum(NOTIFICATION_SERVICES, { error: 'service must be GROUP or OPPORTUNITY' })),
  service_id: idField,
  action: text().pipe(z.enum(NOTIFICATION_ACTIONS, { error: 'action must be MESSAGES' })),
});
export const notificationSettingToggleRequest = notificationSettingRequest.extend({
  toggled_on: z.boolean({ error: 'toggled_on must be true or false' }),
});
export const notificationSetting = z.object({
  deliveryMethod: z.enum(NOTIFICATION_DELIVERY_METHODS),
  service: z.enum(NOTIFICATION_SERVICES),
  serviceId: z.number().int(),
  action: z.enum(NOTIFICATION_ACTIONS),
  toggledOn: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSetting>;

export const notificationSettingCalls = {
  get: defineCall({
    path: '/notification/settings/get',
    auth: true,
    summary: 'One of the caller’s notification switches (a group’s or an opportunity’s Messages)',
    request: notificationSettingRequest,
    response: notificationSetting,
  }),
  toggle: defineCall({
    path: '/notification/settings/toggle',
    auth: true,
    summary: 'Turns one of the caller’s notification switches on or off',
    request: notificationSettingToggleRequest,
    response: notificationSetting,
  }),
};

// One-click unsubscribe, from the link in a notification e-mail or its List-Unsubscribe header: a POST
// with the link's token in the query (any body, as RFC 8058 mail clients send), no sign-in. It turns off
// the one switch the e-mail was sent under; each link works once.
export const UNSUBSCRIBE_PATH = '/notification/unsubscribe';
export const unsubscribeQuery = z.strictObject({
  token: text({ error: 'The unsubscribe link is incomplete' })
    .min(1, 'The unsubscribe link is incomplete')
    .max(200, 'This unsubscribe link is not valid.'),
});
export const unsubscribeResponse = z.object({ message: z.string() });
