import {
  GROUP_INVITE_EXPIRY_DAYS,
  GROUP_MESSAGES,
  type GroupSummary,
  type GroupUser,
  OUTCOME_MESSAGES,
} from '@leadcircle/shared';
import { activityData } from '../../activity/activity-recorder.js';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unprocessable } from '../../http/errors.js';
import { consumeRateLimits, isRateLimited, RATE_LIMITS, recordHit } from '../../http/rate-limit.js';
import { acceptInvitation, findOpenInvitation, newInvitation } from '../../lib/invitations.js';
import { groupInviteLink } from '../../lib/links.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { type InvitationPush, queueInvitationPush } from '../../lib/task-queue.js';
import * as users from '../accounts/accounts.service.js';
import { getBillingFlags } from '../billing/billing-status.service.js';
import * as chatMembership from '../chat/chat.membership.js';
import { createGroupRoom } from '../chat/rooms.service.js';
import * as lookups from '../lookups/lookups.service.js';
import { findMemberRatings } from '../ratings/ratings.service.js';
import { notMember, requireGroupMember } from './groups.access.js';
import { groupInviteEmail } from './groups.emails.js';
import * as q from './groups.queries.js';

// Groups: the creator is OWNER, others MEMBER; only members see a group.

const inviteFailures = {
  invalid: () => badRequest('GROUP_INVITE_INVALID'),
  expired: () => badRequest('GROUP_INVITE_EXPIRED'),
  otherAddress: () => forbidden('GROUP_INVITE_OTHER_ADDRESS'),
};

/** Leads submitted per group (the leads table, counted in one grouped query). */
export async function countLeadsByGroup(db: DbOrTx, groupIds: number[]): Promise<Map<number, number>> {
  return q.countLeadsByGroup(db, groupIds);
}

function toSummary(row: q.GroupSummaryRow, userId: number, usersCount: number, leadsCount: number): GroupSummary {
  const g = row.group;
  return {
    groupId: g.id,
    name: g.name,
    description: g.description,
    groupType: g.groupType,
    createdBy: g.createdBy,
    ownerName: users.displayName(row.ownerFirstName, row.ownerLastName, row.ownerHidden),
    targetId: g.targetId,
    productId: g.productId,
    product: g.product,
    usersCount,
    leadsCount,
    isOwner: g.createdBy === userId,
    userRole: row.role,
    myProduct: row.myProduct,
    followUpDays: g.followUpDays,
  };
}

async function presentGroups(db: DbOrTx, rows: q.GroupSummaryRow[], userId: number): Promise<GroupSummary[]> {
  const ids = rows.map((r) => r.group.id);
  const [members, leads] = await Promise.all([q.countMembers(db, ids), countLeadsByGroup(db, ids)]);
  return rows.map((r) => toSummary(r, userId, members.get(r.group.id) ?? 0, leads.get(r.group.id) ?? 0));
}

async function presentGroup(db: DbOrTx, groupId: number, userId: number): Promise<GroupSummary> {
  const row = await q.findGroupSummary(db, groupId, userId);
  if (!row) throw notMember();
  const [group] = await presentGroups(db, [row], userId);
  return group!;
}

const ownerOnly = () => forbidden('GROUP_OWNER_ONLY');
const nameTaken = () => conflict('GROUP_NAME_TAKEN');

async function requireOwner(db: DbOrTx, groupId: number, userId: number) {
  const found = await requireGroupMember(db, groupId, userId);
  if (found.group.createdBy !== userId) throw ownerOnly();
  return found;
}

/** Creating or joining needs the business's payment method. */
async function requirePaymentMethod(deps: AppDeps, userId: number) {
  const user = await users.findUserById(deps, userId);
  if (!user) throw notFound('USER_NOT_FOUND');
  const billing = await getBillingFlags(deps.db, user.businessId);
  if (!billing.hasPaymentMethod) throw unprocessable('PAYMENT_METHOD_REQUIRED');
  return user;
}

async function productNameOf(db: DbOrTx, productId: number | null): Promise<string | null> {
  if (productId === null) return null;
  const name = await lookups.findProductName(db, productId);
  if (name === undefined) throw unprocessable('PRODUCT_NOT_FOUND');
  return name;
}

export async function verifyExists(deps: AppDeps, name: string): Promise<{ exists: boolean }> {
  return { exists: (await q.findGroupByName(deps.db, name)) !== undefined };
}

export interface CreateGroupInput {
  name: string;
  privateCode: string | null;
  targetId: number | null;
  productId: number | null;
  description: string | null;
  product: string | null;
}

export async function createPrivateGroup(
  deps: AppDeps,
  userId: number,
  input: CreateGroupInput,
): Promise<GroupSummary> {
  await requirePaymentMethod(deps, userId);
  if (await q.findGroupByName(deps.db, input.name)) throw nameTaken();
  if (input.targetId !== null && !(await lookups.targetExists(deps.db, input.targetId))) {
    throw unprocessable('TARGET_NOT_FOUND');
  }
  const productName = await productNameOf(deps.db, input.productId);
  const codeHash = input.privateCode === null ? null : await hashPassword(input.privateCode);
  const now = deps.clock.now();
  try {
    const groupId = await deps.db.transaction(async (tx) => {
      const group = await q.insertGroup(tx, {
        name: input.name,
        description: input.description,
        groupType: 'PRIVATE',
        codeHash,
        targetId: input.targetId,
        productId: input.productId,
        product: input.product,
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      });
      await createGroupRoom(tx, group.id, now);
      await q.insertMember(tx, {
        groupId: group.id,
        userId,
        role: 'OWNER',
        product: input.product ?? productName,
        joinedAt: now,
      });
      return group.id;
    });
    await chatMembership.groupJoined(deps, groupId, userId);
    return presentGroup(deps.db, groupId, userId);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Join by name and password; wrong attempts are limited per user and group name (429). */
export async function joinGroup(
  deps: AppDeps,
  userId: number,
  input: { groupName: string; privateCode: string; productId: number | null },
): Promise<GroupSummary> {
  await requirePaymentMethod(deps, userId);
  const now = deps.clock.now();
  const key = `group-join:user:${userId}:group:${input.groupName.toLowerCase()}`;
  const rule = RATE_LIMITS.groupJoinFailuresPerUserAndGroup;
  if (await isRateLimited(deps.db, key, rule, now)) throw tooManyRequests();
  const group = await q.findGroupByName(deps.db, input.groupName);
  // A missing group, one without a code (joined by invitation only) and a wrong code read the same.
  if (!group || !(await verifyPassword(group.codeHash, input.privateCode))) {
    await recordHit(deps.db, key, now);
    throw badRequest('GROUP_CREDENTIALS_INVALID');
  }
  if (await q.findMember(deps.db, group.id, userId)) throw conflict('GROUP_ALREADY_MEMBER');
  const product = await productNameOf(deps.db, input.productId);
  const activityId = await deps.db.transaction(async (tx) => {
    await q.insertMember(tx, { groupId: group.id, userId, role: 'MEMBER', product, joinedAt: now });
    return deps.activities.record(tx, {
      type: 'NEW_USER',
      actorUserId: userId,
      groupId: group.id,
      data: activityData('NEW_USER', { newUserId: userId, groupName: group.name }),
    });
  });
  await deps.activities.announce(activityId);
  await chatMembership.groupJoined(deps, group.id, userId);
  return presentGroup(deps.db, group.id, userId);
}

export async function listGroups(
  deps: AppDeps,
  userId: number,
  page: { start_position: number; get_next: number },
): Promise<{ groups: GroupSummary[]; totalCount: number }> {
  const [rows, totalCount] = await Promise.all([
    q.listGroupsOfUser(deps.db, userId, { offset: page.start_position, limit: page.get_next }),
    q.countGroupsOfUser(deps.db, userId),
  ]);
  return { groups: await presentGroups(deps.db, rows, userId), totalCount };
}

export async function getGroup(deps: AppDeps, userId: number, groupId: number): Promise<GroupSummary> {
  await requireGroupMember(deps.db, groupId, userId);
  return presentGroup(deps.db, groupId, userId);
}

export async function updateGroup(
  deps: AppDeps,
  userId: number,
  input: { group_id: number; name: string; description: string },
): Promise<GroupSummary> {
  const { group } = await requireOwner(deps.db, input.group_id, userId);
  const other = await q.findGroupByName(deps.db, input.name);
  if (other && other.id !== group.id) throw nameTaken();
  try {
    await q.updateGroup(deps.db, group.id, {
      name: input.name,
      description: input.description,
      updatedAt: deps.clock.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  if (input.name !== group.name) await chatMembership.groupRenamed(deps, group.id);
  return presentGroup(deps.db, group.id, userId);
}

export async function updateGroupUser(
  deps: AppDeps,
  userId: number,
  input: {
    group_id: number;
    user_id: number;
    user_role?: 'OWNER' | 'MEMBER';
    product?: string | null;
    follow_up_days?: number;
  },
): Promise<GroupSummary> {
  const { group, member } = await requireGroupMember(deps.db, input.group_id, userId);
  if (input.user_id !== userId) throw forbidden('GROUP_USER_SELF_ONLY');
  // Roles do not change: the creator is OWNER for good.
  if (input.user_role !== undefined && input.user_role !== member.role) throw ownerOnly();
  // The follow-up reminder is the group's: its owner sets it.
  if (input.follow_up_days !== undefined && group.createdBy !== userId) {
    throw forbidden('GROUP_OWNER_ONLY', OUTCOME_MESSAGES.followUpDaysOwnerOnly);
  }
  await deps.db.transaction(async (tx) => {
    if (input.product !== undefined) {
      await q.updateMember(tx, input.group_id, userId, { product: input.product || null });
    }
    if (input.follow_up_days !== undefined) {
      await q.updateGroup(tx, input.group_id, { followUpDays: input.follow_up_days, updatedAt: deps.clock.now() });
    }
  });
  return presentGroup(deps.db, input.group_id, userId);
}

export async function inviteToGroup(
  deps: AppDeps,
  userId: number,
  input: { group_id: number; email: string },
): Promise<{ message: string }> {
  const { group } = await requireGroupMember(deps.db, input.group_id, userId);
  const now = deps.clock.now();
  await consumeRateLimits(deps.db, [{ key: `group-invite:user:${userId}`, rule: RATE_LIMITS.groupInvitePerUser }], now);
  const email = users.normalizeEmail(input.email);
  const invitee = await users.findUserByEmail(deps, email);
  const inviteeId = invitee && !invitee.deletionRequestedAt ? invitee.id : 0;
  if (inviteeId !== 0 && (await q.findMember(deps.db, group.id, inviteeId))) {
    throw conflict('GROUP_INVITEE_ALREADY_MEMBER');
  }
  const inviter = await users.findUserById(deps, userId);
  const { code, codeHash, expiresAt } = newInvitation({ now, validDays: GROUP_INVITE_EXPIRY_DAYS });
  const activityId = await deps.db.transaction(async (tx) => {
    await q.insertInvite(tx, { groupId: group.id, email, codeHash, invitedBy: userId, expiresAt, createdAt: now });
    // The invitee, when they have an account, hears of it (inbox) though not a member yet.
    return deps.activities.record(tx, {
      type: 'GROUP_INVITE',
      actorUserId: userId,
      groupId: group.id,
      data: activityData(
        'GROUP_INVITE',
        { invitedById: userId, invitedUserId: inviteeId || null, groupName: group.name },
        inviteeId ? { recipientUserIds: [inviteeId] } : {},
      ),
    });
  });
  await deps.activities.announce(activityId);
  const url = groupInviteLink(deps.config.appUrl, { userId: inviteeId, groupId: group.id, email, inviteCode: code });
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : 'A LeadCircle member';
  if (inviteeId) {
    // An invitee with an account also gets a push, opening the invitation page.
    const push: InvitationPush = {
      key: `group-${activityId}`,
      userId: inviteeId,
      name: group.name,
      inviterName,
      link: url,
    };
    await queueInvitationPush(deps.db, push);
  }
  await deps.mailer.send(groupInviteEmail(email, { inviterName, groupName: group.name, url }));
  return { message: GROUP_MESSAGES.inviteSent };
}

/** Who invites to which group: for the holder of a valid invite link, before they sign in. */
export async function previewInvite(
  deps: AppDeps,
  input: { group_id: number; invite_code: string },
): Promise<{ groupName: string; inviterName: string }> {
  const invite = await findOpenInvitation(
    deps.db,
    q.groupInviteStore(input.group_id),
    { code: input.invite_code, now: deps.clock.now() },
    inviteFailures,
  );
  const group = await q.findGroupById(deps.db, invite.groupId);
  if (!group) throw inviteFailures.invalid();
  const inviter = invite.invitedBy ? await users.findUserById(deps, invite.invitedBy) : undefined;
  const inviterName = inviter
    ? users.displayName(inviter.firstName, inviter.lastName, inviter.deletionRequestedAt !== null)
    : 'A LeadCircle member';
  return { groupName: group.name, inviterName };
}

/** Accepts an e-mailed invite: single use, for the invited address only, within 7 days. No payment gate. */
export async function acceptInvite(
  deps: AppDeps,
  userId: number,
  input: { group_id: number; invite_code: string },
): Promise<GroupSummary> {
  const now = deps.clock.now();
  const user = await users.findUserById(deps, userId);
  const presented = { code: input.invite_code, now, address: user ? users.normalizeEmail(user.email) : null };
  const { groupId, activityId } = await deps.db.transaction(async (tx) => {
    const invite = await acceptInvitation(tx, q.groupInviteStore(input.group_id), presented, inviteFailures);
    // Already a member (say, joined with the password meanwhile): the invite is spent all the same.
    if (!(await q.insertMember(tx, { groupId: invite.groupId, userId, role: 'MEMBER', joinedAt: now }))) {
      return { groupId: invite.groupId, activityId: 0 };
    }
    const group = await q.findGroupById(tx, invite.groupId);
    const activityId = await deps.activities.record(tx, {
      type: 'NEW_USER_ADDED',
      actorUserId: userId,
      groupId: invite.groupId,
      data: activityData('NEW_USER_ADDED', {
        newUserId: userId,
        invitedById: invite.invitedBy,
        groupName: group?.name ?? null,
      }),
    });
    return { groupId: invite.groupId, activityId };
  });
  if (activityId) await deps.activities.announce(activityId);
  await chatMembership.groupJoined(deps, groupId, userId);
  return presentGroup(deps.db, groupId, userId);
}

/** Leave (user_id is the caller; not the creator) or, for the creator, remove a member. */
export async function removeFromGroup(
  deps: AppDeps,
  userId: number,
  input: { group_id: number; user_id: number },
): Promise<{ message: string }> {
  const { group } = await requireGroupMember(deps.db, input.group_id, userId);
  // The members see who left or was removed; one removed by the owner is told (inbox).
  const leaveOrRemove = (removedUserId: number) =>
    deps.db.transaction(async (tx) => {
      await q.deleteMember(tx, group.id, removedUserId);
      return deps.activities.record(tx, {
        type: 'GROUP_REMOVE',
        actorUserId: userId,
        groupId: group.id,
        data: activityData(
          'GROUP_REMOVE',
          { removedUserId, left: removedUserId === userId, groupName: group.name },
          removedUserId === userId ? {} : { recipientUserIds: [removedUserId] },
        ),
      });
    });
  if (input.user_id === userId) {
    if (group.createdBy === userId) throw conflict('GROUP_OWNER_CANNOT_LEAVE');
    await deps.activities.announce(await leaveOrRemove(userId));
    await chatMembership.groupLeft(deps, group.id, userId);
    return { message: GROUP_MESSAGES.left };
  }
  if (group.createdBy !== userId) throw ownerOnly();
  if (!(await q.findMember(deps.db, group.id, input.user_id))) {
    throw notFound('GROUP_MEMBER_NOT_FOUND');
  }
  await deps.activities.announce(await leaveOrRemove(input.user_id));
  await chatMembership.groupLeft(deps, group.id, input.user_id);
  return { message: GROUP_MESSAGES.removed };
}

export async function deleteGroup(deps: AppDeps, userId: number, groupId: number): Promise<{ message: string }> {
  const { group } = await requireOwner(deps.db, groupId, userId);
  const roomId = await chatMembership.findGroupChatRoomId(deps, groupId);
  const activityId = await deps.db.transaction(async (tx) => {
    const memberIds = (await q.listMemberIds(tx, [groupId])).map((m) => m.userId).filter((id) => id !== userId);
    await q.deleteGroup(tx, groupId);
    // The group is gone with its activities: this one names the former members instead.
    return deps.activities.record(tx, {
      type: 'GROUP_DELETE',
      actorUserId: userId,
      data: activityData('GROUP_DELETE', { groupId, groupName: group.name }, { recipientUserIds: memberIds }),
    });
  });
  await deps.activities.announce(activityId);
  await chatMembership.groupLeft(deps, groupId, undefined, roomId);
  return { message: GROUP_MESSAGES.deleted };
}

export async function listGroupUsers(
  deps: AppDeps,
  userId: number,
  input: { group_id: number; start_position: number; get_next: number },
): Promise<{ users: GroupUser[]; totalCount: number }> {
  await requireGroupMember(deps.db, input.group_id, userId);
  const [rows, counts] = await Promise.all([
    q.listMembers(deps.db, input.group_id, { offset: input.start_position, limit: input.get_next }),
    q.countMembers(deps.db, [input.group_id]),
  ]);
  const ratings = await findMemberRatings(
    deps.db,
    rows.map((r) => r.userId),
  );
  return {
    users: rows.map((r) => ({
      userId: r.userId,
      fullName: `${r.firstName} ${r.lastName}`.trim(),
      userRole: r.role,
      product: r.product,
      rating: ratings.get(r.userId)?.rating ?? null,
      ratingParts: ratings.get(r.userId)?.parts ?? null,
      title: r.title,
      avatarUrl: users.avatarUrlOf(r.avatarKey),
    })),
    totalCount: counts.get(input.group_id) ?? 0,
  };
}

export async function getNotificationSettings(
  deps: AppDeps,
  userId: number,
  input: { user_id?: number; group_id: number },
): Promise<{ enableEmail: boolean }> {
  if (input.user_id !== undefined && input.user_id !== userId) throw forbidden();
  const { member } = await requireGroupMember(deps.db, input.group_id, userId);
  return { enableEmail: member.enableEmail };
}

/** The group form of /user/update_notifications: the caller's Messages toggle in that group. */
export async function updateGroupNotifications(
  deps: AppDeps,
  userId: number,
  input: { user_id?: number; group_id: number; enableEmail: boolean },
): Promise<void> {
  if (input.user_id !== undefined && input.user_id !== userId) throw forbidden();
  await requireGroupMember(deps.db, input.group_id, userId);
  await q.updateMember(deps.db, input.group_id, userId, { enableEmail: input.enableEmail });
}

/** Account erasure: invitations to the address go (memberships stay, hidden, like the user row). */
export async function forgetGroupInvitesTo(deps: AppDeps, email: string): Promise<void> {
  await q.deleteInvitesTo(deps.db, users.normalizeEmail(email));
}
