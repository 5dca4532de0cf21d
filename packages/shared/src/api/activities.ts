import { z } from 'zod';
import { text } from '../text.js';
import { ACTIVITY_TYPES } from './activity-types.js';
import { defineCall, idField } from './call.js';
import { activityCallPaths, inboxCallPaths, notificationSettingCallPaths } from './call-paths.js';
import { pageFields } from './groups.js';

// Activities: what happened in the caller's groups, opportunities and rooms, newest first, 50 a page.
// A reader sees an activity of a group or opportunity only while they belong to it; one of neither
// (a direct message, a deleted group) only if they did it or are among its recipients.

export const activityType = z.enum(ACTIVITY_TYPES, { error: `Must be one of ${ACTIVITY_TYPES.join(', ')}` });

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
  // LEADS_IMPORTED: the leads the import created.
  leadCount: z.number().int().optional(),
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

// Paging by cursor: before_id is the last activityId held; the next page is the activities just older
// than it (newest first). start_position stays for the spec's callers, not with a cursor.
export const FEED_CURSOR_MESSAGE = 'start_position cannot be given with before_id.';
const feedCursorFields = { before_id: idField.optional() };
function checkFeedCursor(value: { before_id?: number; start_position: number }, ctx: z.RefinementCtx) {
  if (value.before_id !== undefined && value.start_position > 0) {
    ctx.addIssue({ code: 'custom', path: ['start_position'], message: FEED_CURSOR_MESSAGE });
  }
}

export const activityGlobalRequest = z
  .strictObject({
    // Empty or left out: every type.
    activity_types: activityTypes,
    // The answer's shape; LIST is the only one.
    response_type: text()
      .pipe(z.enum(['LIST'], { error: 'Must be LIST' }))
      .optional(),
    ...pageFields,
    ...feedCursorFields,
  })
  .superRefine(checkFeedCursor);
// What a person may see depends on their groups, opportunities and business at the time they read, so no
// kept count can be exact for them: the feed says whether older activities follow (hasMore) instead.
export const activityGlobalResponse = z.object({
  globalActivities: z.object({ activities: z.array(activity), hasMore: z.boolean() }),
});

export const activityGroupRequest = z
  .strictObject({
    group_id: idField,
    activity_types: activityTypes,
    ...pageFields,
    ...feedCursorFields,
  })
  .superRefine(checkFeedCursor);
// A group's activities are the same for every member: totalCount is the group's kept count (of the types asked).
export const activityGroupResponse = z.object({
  activities: z.array(activity),
  totalCount: z.number().int(),
  hasMore: z.boolean(),
});

export const activityCalls = {
  global: defineCall({
    ...activityCallPaths.global,
    summary: "What happened in the caller's groups, opportunities and rooms, newest first, 50 a page",
    request: activityGlobalRequest,
    response: activityGlobalResponse,
  }),
  group: defineCall({
    ...activityCallPaths.group,
    summary: "One group's activities (members), newest first, 50 a page",
    request: activityGroupRequest,
    response: activityGroupResponse,
  }),
};

// The inbox: the activities that concern the caller (a new lead in their group, and every activity naming
// them in data.recipientUserIds: an invite, a comment on their lead, a direct message, a removal), not their own.
export const inboxItem = z.object({ activity, read: z.boolean() });
export const inboxListRequest = z.strictObject({ ...pageFields, ...feedCursorFields }).superRefine(checkFeedCursor);
// Like the feed, the inbox follows what the person may see now: hasMore, not a total.
export const inboxListResponse = z.object({
  notifications: z.array(inboxItem),
  hasMore: z.boolean(),
  unreadCount: z.number().int(),
});
export const inboxReadRequest = z.strictObject({ activity_id: idField });
export const inboxCountResponse = z.object({ unreadCount: z.number().int() });

export const inboxCalls = {
  list: defineCall({
    ...inboxCallPaths.list,
    summary: 'The caller’s inbox, newest first, 50 a page, with the unread count',
    request: inboxListRequest,
    response: inboxListResponse,
  }),
  read: defineCall({
    ...inboxCallPaths.read,
    summary: 'Marks one item of the caller’s inbox read',
    request: inboxReadRequest,
    response: inboxCountResponse,
  }),
  readAll: defineCall({
    ...inboxCallPaths.readAll,
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
    ...notificationSettingCallPaths.get,
    summary: 'One of the caller’s notification switches (a group’s or an opportunity’s Messages)',
    request: notificationSettingRequest,
    response: notificationSetting,
  }),
  toggle: defineCall({
    ...notificationSettingCallPaths.toggle,
    summary: 'Turns one of the caller’s notification switches on or off',
    request: notificationSettingToggleRequest,
    response: notificationSetting,
  }),
};

// One-click unsubscribe, from the link in a notification e-mail or its List-Unsubscribe header: a POST
// with the link's token in the query (any body, as RFC 8058 mail clients send), no sign-in. It turns off
// the one switch the e-mail was sent under; each link works once.
export const unsubscribeQuery = z.strictObject({
  token: text({ error: 'The unsubscribe link is incomplete' })
    .min(1, 'The unsubscribe link is incomplete')
    .max(200, 'This unsubscribe link is not valid.'),
});
export const unsubscribeResponse = z.object({ message: z.string() });
