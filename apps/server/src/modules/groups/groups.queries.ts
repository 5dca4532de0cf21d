import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { readListCount, readListCounts } from '../../db/list-counts.js';
import { groupInvites, groupMembers, groups, publicUsers } from '../../db/schema/index.js';
import type { InvitationStore, StoredInvitation } from '../../lib/invitations.js';

export type GroupRow = typeof groups.$inferSelect;
export type NewGroup = typeof groups.$inferInsert;
export type MemberRow = typeof groupMembers.$inferSelect;
export type InviteRow = typeof groupInvites.$inferSelect;

// Members whose account is hidden (deletion requested) or erased are not listed or counted.
const visibleUser = isNull(publicUsers.deletionRequestedAt);

export async function findGroupById(db: DbOrTx, id: number): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row;
}

export async function findGroupByName(db: DbOrTx, name: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(sql`lower(${groups.name}) = lower(${name})`);
  return row;
}

export async function findMember(db: DbOrTx, groupId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

export async function insertGroup(db: DbOrTx, values: NewGroup): Promise<GroupRow> {
  const [row] = await db.insert(groups).values(values).returning();
  return row!;
}

export async function updateGroup(db: DbOrTx, id: number, values: Partial<NewGroup>): Promise<void> {
  await db.update(groups).set(values).where(eq(groups.id, id));
}

export async function deleteGroup(db: DbOrTx, id: number): Promise<void> {
  await db.delete(groups).where(eq(groups.id, id));
}

/** Adds a member; false when they already are one. */
export async function insertMember(db: DbOrTx, values: typeof groupMembers.$inferInsert): Promise<boolean> {
  const rows = await db.insert(groupMembers).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function updateMember(
  db: DbOrTx,
  groupId: number,
  userId: number,
  values: Partial<typeof groupMembers.$inferInsert>,
): Promise<void> {
  await db
    .update(groupMembers)
    .set(values)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

export async function deleteMember(db: DbOrTx, groupId: number, userId: number): Promise<void> {
  await db.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

const summaryColumns = {
  group: groups,
  role: groupMembers.role,
  myProduct: groupMembers.product,
  ownerFirstName: publicUsers.firstName,
  ownerLastName: publicUsers.lastName,
  ownerHidden: sql<boolean>`${publicUsers.deletionRequestedAt} is not null`,
};
export type GroupSummaryRow = {
  group: GroupRow;
  role: 'OWNER' | 'MEMBER';
  myProduct: string | null;
  ownerFirstName: string;
  ownerLastName: string;
  ownerHidden: boolean;
};

/** One page of the caller's groups, newest first (through group_members_user_idx). */
export async function listGroupsOfUser(
  db: DbOrTx,
  userId: number,
  page: { offset: number; limit: number },
): Promise<GroupSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(publicUsers, eq(publicUsers.id, groups.createdBy))
    .where(eq(groupMembers.userId, userId))
    .orderBy(desc(groupMembers.groupId))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countGroupsOfUser(db: DbOrTx, userId: number): Promise<number> {
  return readListCount(db, 'user.groups', userId);
}

export async function findGroupSummary(
  db: DbOrTx,
  groupId: number,
  userId: number,
): Promise<GroupSummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(publicUsers, eq(publicUsers.id, groups.createdBy))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

/** Visible members per group. */
export async function countMembers(db: DbOrTx, groupIds: number[]): Promise<Map<number, number>> {
  return readListCounts(db, 'group.members', groupIds);
}

/** One page of a group's visible members: the owner first, then by joining order. */
export async function listMembers(db: DbOrTx, groupId: number, page: { offset: number; limit: number }) {
  return db
    .select({
      userId: publicUsers.id,
      firstName: publicUsers.firstName,
      lastName: publicUsers.lastName,
      title: publicUsers.title,
      avatarKey: publicUsers.avatarKey,
      role: groupMembers.role,
      product: groupMembers.product,
    })
    .from(groupMembers)
    .innerJoin(publicUsers, eq(publicUsers.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), visibleUser))
    .orderBy(asc(groupMembers.role), asc(groupMembers.joinedAt), asc(publicUsers.id))
    .offset(page.offset)
    .limit(page.limit);
}

/** The visible member ids of some groups. */
export async function listMemberIds(db: DbOrTx, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(publicUsers, eq(publicUsers.id, groupMembers.userId))
    .where(and(inArray(groupMembers.groupId, groupIds), visibleUser))
    .orderBy(asc(groupMembers.groupId), asc(groupMembers.userId));
}

export async function listGroupIdsOfUser(db: DbOrTx, userId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId))
    .orderBy(desc(groupMembers.groupId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function insertInvite(db: DbOrTx, values: typeof groupInvites.$inferInsert): Promise<void> {
  await db.insert(groupInvites).values(values);
}

export type GroupInvite = InviteRow & StoredInvitation;

/** A group's invitations, as the invitation kit looks them up and spends them. */
export function groupInviteStore(groupId: number): InvitationStore<GroupInvite> {
  return {
    async find(db, codeHash) {
      const [row] = await db
        .select()
        .from(groupInvites)
        .where(and(eq(groupInvites.groupId, groupId), eq(groupInvites.codeHash, codeHash)));
      return row && { ...row, isSpent: row.usedAt !== null };
    },
    async spend(tx, invite, now) {
      const rows = await tx
        .update(groupInvites)
        .set({ usedAt: now })
        .where(and(eq(groupInvites.id, invite.id), isNull(groupInvites.usedAt)))
        .returning({ id: groupInvites.id });
      return rows.length > 0;
    },
  };
}

export async function deleteInvitesTo(db: DbOrTx, email: string): Promise<void> {
  await db.delete(groupInvites).where(eq(groupInvites.email, email));
}

/** Leads per group, from the counts kept in step with the leads (list_counts). */
export async function countLeadsByGroup(db: DbOrTx, groupIds: number[]): Promise<Map<number, number>> {
  return readListCounts(db, 'group.leads', groupIds);
}

/** A current member whose account is visible (not hidden by a deletion request). */
export async function isVisibleMember(db: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(publicUsers, eq(publicUsers.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), visibleUser));
  return row !== undefined;
}

/** Which of these users share at least one group with the user (memberships of hidden accounts count). */
export async function findCoMembers(db: DbOrTx, userId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const mine = db.select({ groupId: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId));
  const rows = await db
    .selectDistinct({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(inArray(groupMembers.userId, userIds), inArray(groupMembers.groupId, mine)));
  return new Set(rows.map((r) => r.userId));
}
