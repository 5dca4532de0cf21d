import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { readListCount } from '../../db/list-counts.js';
import {
  opportunities,
  opportunityContacts,
  opportunityInvites,
  opportunityShares,
  opportunityUserSettings,
  publicUsers,
} from '../../db/schema/index.js';
import type { InvitationStore, StoredInvitation } from '../../lib/invitations.js';

export type OpportunityRow = typeof opportunities.$inferSelect;
export type NewOpportunity = typeof opportunities.$inferInsert;
export type OpportunityFields = Omit<NewOpportunity, 'id' | 'createdBy' | 'createdAt' | 'updatedAt'>;
export type ContactRow = typeof opportunityContacts.$inferSelect;
export type NewContact = typeof opportunityContacts.$inferInsert;
export type InviteRow = typeof opportunityInvites.$inferSelect;

export async function findOpportunityById(db: DbOrTx, id: number): Promise<OpportunityRow | undefined> {
  const [row] = await db.select().from(opportunities).where(eq(opportunities.id, id));
  return row;
}

export async function isSharedWith(db: DbOrTx, opportunityId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: opportunityShares.userId })
    .from(opportunityShares)
    .where(and(eq(opportunityShares.opportunityId, opportunityId), eq(opportunityShares.userId, userId)));
  return row !== undefined;
}

export async function insertOpportunity(db: DbOrTx, values: NewOpportunity): Promise<number> {
  const [row] = await db.insert(opportunities).values(values).returning({ id: opportunities.id });
  return row!.id;
}

export async function updateOpportunity(db: DbOrTx, id: number, values: Partial<NewOpportunity>): Promise<void> {
  await db.update(opportunities).set(values).where(eq(opportunities.id, id));
}

export async function deleteOpportunity(db: DbOrTx, id: number): Promise<void> {
  await db.delete(opportunities).where(eq(opportunities.id, id));
}

const rowColumns = {
  opportunity: opportunities,
  ownerFirstName: publicUsers.firstName,
  ownerLastName: publicUsers.lastName,
  ownerHidden: sql<boolean>`${publicUsers.deletionRequestedAt} is not null`,
};
export type OpportunityViewRow = {
  opportunity: OpportunityRow;
  ownerFirstName: string;
  ownerLastName: string;
  ownerHidden: boolean;
};

/**
 * Sort CREATED: newest first, a page at a time. The page is picked from the person's own and the
 * shared-with-them opportunities, each read newest first through its index down to the page's depth.
 */
export async function listOpportunitiesOfUser(
  db: DbOrTx,
  userId: number,
  page: { offset: number; limit: number },
): Promise<OpportunityViewRow[]> {
  const depth = page.offset + page.limit;
  const picked = await db.execute<{ id: number }>(sql`
    select id from (
      (select id, created_at from opportunities where created_by = ${userId}
        order by created_at desc, id desc limit ${depth})
      union all
      (select opportunity_id, opportunity_created_at from opportunity_shares where user_id = ${userId}
        order by opportunity_created_at desc, opportunity_id desc limit ${depth})
    ) mine order by created_at desc, id desc offset ${page.offset} limit ${page.limit}`);
  const ids = picked.rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db
    .select(rowColumns)
    .from(opportunities)
    .innerJoin(publicUsers, eq(publicUsers.id, opportunities.createdBy))
    .where(inArray(opportunities.id, ids))
    .orderBy(desc(opportunities.createdAt), desc(opportunities.id));
}

/** Owned and shared with the person: a kept count. */
export const countOpportunitiesOfUser = (db: DbOrTx, userId: number) => readListCount(db, 'user.opportunities', userId);

export async function findOpportunityView(db: DbOrTx, id: number): Promise<OpportunityViewRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(opportunities)
    .innerJoin(publicUsers, eq(publicUsers.id, opportunities.createdBy))
    .where(eq(opportunities.id, id));
  return row;
}

// People whose account is hidden (deletion requested) are not listed or counted.
const visibleUser = isNull(publicUsers.deletionRequestedAt);

export async function countSharesByOpportunity(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ opportunityId: opportunityShares.opportunityId, n: count() })
    .from(opportunityShares)
    .innerJoin(publicUsers, eq(publicUsers.id, opportunityShares.userId))
    .where(and(inArray(opportunityShares.opportunityId, ids), visibleUser))
    .groupBy(opportunityShares.opportunityId);
  return new Map(rows.map((r) => [r.opportunityId, r.n]));
}

export async function listSharedUsers(db: DbOrTx, opportunityId: number) {
  return db
    .select({
      userId: publicUsers.id,
      firstName: publicUsers.firstName,
      lastName: publicUsers.lastName,
      email: publicUsers.email,
      avatarKey: publicUsers.avatarKey,
      sharedAt: opportunityShares.createdAt,
    })
    .from(opportunityShares)
    .innerJoin(publicUsers, eq(publicUsers.id, opportunityShares.userId))
    .where(and(eq(opportunityShares.opportunityId, opportunityId), visibleUser))
    .orderBy(asc(opportunityShares.createdAt), asc(publicUsers.id));
}

/** Adds a share; false when the user already has one. */
export async function insertShare(
  db: DbOrTx,
  values: { opportunityId: number; userId: number; createdAt: Date },
): Promise<boolean> {
  const rows = await db.insert(opportunityShares).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Takes a share back; false when there was none. */
export async function deleteShare(db: DbOrTx, opportunityId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(opportunityShares)
    .where(and(eq(opportunityShares.opportunityId, opportunityId), eq(opportunityShares.userId, userId)))
    .returning();
  await db
    .delete(opportunityUserSettings)
    .where(and(eq(opportunityUserSettings.opportunityId, opportunityId), eq(opportunityUserSettings.userId, userId)));
  return rows.length > 0;
}

export async function findMessagesEnabled(db: DbOrTx, opportunityId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: opportunityUserSettings.messagesEnabled })
    .from(opportunityUserSettings)
    .where(and(eq(opportunityUserSettings.opportunityId, opportunityId), eq(opportunityUserSettings.userId, userId)));
  return row?.on ?? true;
}

export async function upsertMessagesEnabled(
  db: DbOrTx,
  values: { opportunityId: number; userId: number; messagesEnabled: boolean; updatedAt: Date },
): Promise<void> {
  await db
    .insert(opportunityUserSettings)
    .values(values)
    .onConflictDoUpdate({
      target: [opportunityUserSettings.opportunityId, opportunityUserSettings.userId],
      set: { messagesEnabled: values.messagesEnabled, updatedAt: values.updatedAt },
    });
}

// Invites

export async function insertInvite(db: DbOrTx, values: typeof opportunityInvites.$inferInsert): Promise<number> {
  const [row] = await db.insert(opportunityInvites).values(values).returning({ id: opportunityInvites.id });
  return row!.id;
}

export type OpportunityInvite = InviteRow & StoredInvitation;

/** An opportunity's invitations, as the invitation kit looks them up and spends them. */
export function opportunityInviteStore(opportunityId: number): InvitationStore<OpportunityInvite> {
  return {
    async find(db, codeHash) {
      const [row] = await db
        .select()
        .from(opportunityInvites)
        .where(and(eq(opportunityInvites.opportunityId, opportunityId), eq(opportunityInvites.codeHash, codeHash)));
      return row && { ...row, isSpent: row.usedAt !== null };
    },
    async spend(tx, invite, now) {
      const rows = await tx
        .update(opportunityInvites)
        .set({ usedAt: now })
        .where(and(eq(opportunityInvites.id, invite.id), isNull(opportunityInvites.usedAt)))
        .returning({ id: opportunityInvites.id });
      return rows.length > 0;
    },
  };
}

export async function deleteInvitesTo(db: DbOrTx, email: string): Promise<void> {
  await db.delete(opportunityInvites).where(eq(opportunityInvites.email, email));
}

// Contacts

export async function insertContact(db: DbOrTx, values: NewContact): Promise<number> {
  const [row] = await db.insert(opportunityContacts).values(values).returning({ id: opportunityContacts.id });
  return row!.id;
}

export async function findContactById(db: DbOrTx, id: number): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(opportunityContacts).where(eq(opportunityContacts.id, id));
  return row;
}

export async function updateContact(db: DbOrTx, id: number, values: Partial<NewContact>): Promise<void> {
  await db.update(opportunityContacts).set(values).where(eq(opportunityContacts.id, id));
}

export async function deleteContact(db: DbOrTx, id: number): Promise<void> {
  await db.delete(opportunityContacts).where(eq(opportunityContacts.id, id));
}

export async function listContacts(
  db: DbOrTx,
  opportunityId: number,
  page: { offset: number; limit: number },
): Promise<ContactRow[]> {
  return db
    .select()
    .from(opportunityContacts)
    .where(eq(opportunityContacts.opportunityId, opportunityId))
    .orderBy(desc(opportunityContacts.id))
    .offset(page.offset)
    .limit(page.limit);
}

/** A kept count. */
export const countContacts = (db: DbOrTx, opportunityId: number) =>
  readListCount(db, 'opportunity.contacts', opportunityId);
