import { type ActivityItem, type ActivityType, activityDataKey } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { displayName } from '../accounts/accounts.service.js';
import { requireGroupMember } from '../groups/groups.access.js';
import * as q from './activities.queries.js';

// Reading activities: only what the caller may see at the time they read, newest first.

interface Page {
  start_position: number;
  get_next: number;
  before_id?: number;
}

/** A whole number from activity data, or undefined. */
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

/** The data's sub-object named after the activity's type. */
export function fieldsOf(row: q.ActivityRow): Record<string, unknown> {
  const stored = row.data[activityDataKey(row.type)];
  return stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
}

type Names = Awaited<ReturnType<typeof q.loadNames>>;

/** The stored row as the calls answer it: the sub-object carries ids and the names read now. */
export function presentActivity(row: q.ActivityRow, names: Names, readerId?: number): ActivityItem {
  const key = activityDataKey(row.type);
  // Who holds the place in a territory stays on the server: the reader learns only whether they do.
  const { territoryUserIds, ...fields } = fieldsOf(row);
  const nameOf = (id: number | undefined) => {
    const user = id === undefined ? undefined : names.users.get(id);
    return user ? displayName(user.firstName, user.lastName, user.deletionRequestedAt !== null) : null;
  };
  const groupId = row.groupId ?? num(fields.groupId) ?? null;
  const opportunityId = row.opportunityId ?? num(fields.opportunityId) ?? null;
  const leadId = num(fields.leadId);
  const lead = leadId === undefined ? undefined : names.leads.get(leadId);
  const detail: Record<string, unknown> = {
    ...fields,
    groupId,
    opportunityId,
    groupName: (groupId !== null ? names.groups.get(groupId) : undefined) ?? fields.groupName ?? null,
    opportunityName:
      (opportunityId !== null ? names.opportunities.get(opportunityId) : undefined) ?? fields.opportunityName ?? null,
    userName: nameOf(row.actorUserId),
    activityId: row.id,
  };
  if (Array.isArray(territoryUserIds)) {
    detail.inYourTerritory = readerId !== undefined && territoryUserIds.includes(readerId);
  }
  if (lead) {
    detail.leadName = `${lead.firstName} ${lead.lastName}`.trim();
    detail.leadCompany = lead.company;
  }
  const newUserId = num(fields.newUserId) ?? num(fields.removedUserId) ?? num(fields.invitedUserId);
  if (newUserId !== undefined) detail.newUserName = nameOf(newUserId);
  const invitedById = num(fields.invitedById);
  if (invitedById !== undefined) detail.invitedByName = nameOf(invitedById);
  return {
    activityId: row.id,
    type: row.type,
    timestamp: row.createdAt.toISOString(),
    actorUserId: row.actorUserId,
    groupId: row.groupId,
    opportunityId: row.opportunityId,
    data: { [key]: detail as ActivityItem['data'][string] },
  };
}

export async function presentActivities(
  deps: AppDeps,
  rows: q.ActivityRow[],
  readerId?: number,
): Promise<ActivityItem[]> {
  const userIds = new Set<number>();
  const groupIds = new Set<number>();
  const leadIds = new Set<number>();
  const opportunityIds = new Set<number>();
  for (const row of rows) {
    const f = fieldsOf(row);
    userIds.add(row.actorUserId);
    for (const id of [f.newUserId, f.removedUserId, f.invitedUserId, f.invitedById]) {
      if (num(id) !== undefined) userIds.add(id as number);
    }
    if (row.groupId !== null) groupIds.add(row.groupId);
    if (row.opportunityId !== null) opportunityIds.add(row.opportunityId);
    if (num(f.leadId) !== undefined) leadIds.add(f.leadId as number);
  }
  const names = await q.loadNames(deps.db, {
    userIds: [...userIds],
    groupIds: [...groupIds],
    leadIds: [...leadIds],
    opportunityIds: [...opportunityIds],
  });
  return rows.map((row) => presentActivity(row, names, readerId));
}

/**
 * A feed page's cursor: the activity `before_id` it ends after, when it is one of the group's (a group's
 * feed) or one the reader may see; undefined otherwise (the page is then empty).
 */
export async function feedCursorOf(
  deps: AppDeps,
  beforeId: number,
  scope: { groupId: number } | { readerId: number },
): Promise<q.FeedCursor | undefined> {
  return q.findFeedCursor(deps.db, beforeId, scope);
}

async function cursorOf(deps: AppDeps, filter: q.ActivityFilter, p: Page): Promise<q.FeedCursor | undefined | 'gone'> {
  if (p.before_id === undefined) return undefined;
  const scope = filter.groupId === undefined ? { readerId: filter.userId } : { groupId: filter.groupId };
  return (await feedCursorOf(deps, p.before_id, scope)) ?? 'gone';
}

/** One page newest first, by cursor (or offset for the spec's callers); one row more tells if more follow. */
async function page(deps: AppDeps, filter: q.ActivityFilter, p: Page) {
  const before = await cursorOf(deps, filter, p);
  if (before === 'gone') return { activities: [], hasMore: false };
  const rows = await q.listActivities(deps.db, filter, { offset: p.start_position, limit: p.get_next + 1, before });
  const shown = rows.slice(0, p.get_next);
  return { activities: await presentActivities(deps, shown, filter.userId), hasMore: rows.length > p.get_next };
}

export async function globalActivities(
  deps: AppDeps,
  userId: number,
  input: Page & { activity_types?: ActivityType[] },
) {
  return { globalActivities: await page(deps, { userId, types: input.activity_types }, input) };
}

/** A group's feed is the same for every member: its total is the group's kept count. */
export async function groupActivities(
  deps: AppDeps,
  userId: number,
  input: Page & { group_id: number; activity_types?: ActivityType[] },
) {
  await requireGroupMember(deps.db, input.group_id, userId);
  const [feed, totalCount] = await Promise.all([
    page(deps, { userId, groupId: input.group_id, types: input.activity_types }, input),
    q.countGroupActivities(deps.db, input.group_id, input.activity_types),
  ]);
  return { ...feed, totalCount };
}
