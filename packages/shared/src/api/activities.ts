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
