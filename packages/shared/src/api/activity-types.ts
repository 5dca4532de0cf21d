// The kinds of activity and where each keeps its details. No zod here: the feed's and inbox's texts
// (format/activity-text.ts) need them in the signed-in first load, the schemas (activities.ts) do not.

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
  // Beyond the spec: a member imported a file of leads (one activity for the whole import).
  'LEADS_IMPORTED',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
/** The data's sub-object is named after the camel-cased type: NEW_LEAD → newLead. */
export function activityDataKey(type: string): string {
  return type.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}
