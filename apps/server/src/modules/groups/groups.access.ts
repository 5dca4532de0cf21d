import { PAGE_SIZE } from '@leadcircle/shared';
import type { DbOrTx } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import * as q from './groups.queries.js';

// Membership checks every module uses. Imports only the groups queries.

export const notMember = () => forbidden('GROUP_NOT_MEMBER');

/** Whether a user is a current, visible member of a group (a lead may be assigned to them). */
export async function isGroupMember(db: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  return q.isVisibleMember(db, groupId, userId);
}

/**
 * The group and the caller's membership: 404 when the group does not exist, 403 to a non-member.
 * Other modules (leads, ratings, comments) check membership through this one function.
 */
export async function requireGroupMember(db: DbOrTx, groupId: number, userId: number) {
  const group = await q.findGroupById(db, groupId);
  if (!group) throw notFound('GROUP_NOT_FOUND');
  const member = await q.findMember(db, groupId, userId);
  if (!member) throw notMember();
  return { group, member };
}

/**
 * The groups a stats call reports on: the named ones (each must be the caller's: 404/403 as
 * requireGroupMember), or, when none is named, the caller's groups (at most one page).
 */
export async function resolveCallerGroupIds(db: DbOrTx, userId: number, ids: number[] | undefined): Promise<number[]> {
  if (!ids || ids.length === 0) return q.listGroupIdsOfUser(db, userId, PAGE_SIZE);
  const groupIds = [...new Set(ids)];
  for (const id of groupIds) await requireGroupMember(db, id, userId);
  return groupIds;
}

/** The visible members of some groups, as (groupId, userId) pairs ordered by group then user. */
export const listVisibleMemberPairs = (db: DbOrTx, groupIds: number[]) => q.listMemberIds(db, groupIds);

/** Stores a member's 'Messages' switch of a group, with the caller's transaction (unsubscribe links). */
export const storeMessagesSetting = (db: DbOrTx, groupId: number, userId: number, on: boolean) =>
  q.updateMember(db, groupId, userId, { enableEmail: on });

/** Which of these users share at least one group with the user (memberships of hidden accounts count). */
export const findCoMembers = (db: DbOrTx, userId: number, userIds: number[]) => q.findCoMembers(db, userId, userIds);
