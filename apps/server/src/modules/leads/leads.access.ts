import type { LeadRating } from '@leadcircle/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import { requireGroupMember } from '../groups/groups.access.js';

// Who may reach a lead: members of its group. The leads, ratings and
// chat modules all check through here.

export type LeadRow = typeof leads.$inferSelect;

export async function findLeadRow(db: DbOrTx, leadId: number): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
  return row;
}

/**
 * The lead and its group for a member of that group: 404 LEAD_NOT_FOUND when there is no such lead,
 * or, with `groupId`, when it is in another group (a lead cannot be reached through a group it is not
 * in); then 404/403 as requireGroupMember.
 */
export async function requireLeadMember(db: DbOrTx, leadId: number, userId: number, groupId?: number) {
  const lead = await findLeadRow(db, leadId);
  if (!lead || (groupId !== undefined && lead.groupId !== groupId)) throw leadNotFound();
  const { group, member } = await requireGroupMember(db, lead.groupId, userId);
  return { lead, group, member };
}

export const leadNotFound = () => notFound('LEAD_NOT_FOUND');

/** Sort ACTIVITY: an edit, a rating or a comment makes the lead the group's most recently active. */
export async function touchLead(db: DbOrTx, leadId: number, now: Date): Promise<void> {
  await db.update(leads).set({ lastActivityAt: now }).where(eq(leads.id, leadId));
}

export const leadOwnerOnly = () => forbidden('LEAD_OWNER_ONLY');

/**
 * The lead for its owner (only the member who submitted it edits, deletes or assigns
 * it): requireLeadMember, then 403 LEAD_OWNER_ONLY to another member.
 */
export async function requireLeadOwner(db: DbOrTx, leadId: number, userId: number, groupId?: number) {
  const found = await requireLeadMember(db, leadId, userId, groupId);
  if (found.lead.createdBy !== userId) throw leadOwnerOnly();
  return found;
}

/** A lead's rating as every call answers it: the average to one decimal, null while nobody has rated. */
export function leadRatingOf(ratingSum: number, ratingCount: number, userRating: number | null): LeadRating {
  return {
    rating: ratingCount ? Math.round((ratingSum / ratingCount) * 10) / 10 : null,
    userRating,
    count: ratingCount,
  };
}

// The rating totals kept on the lead row (the ratings module keeps the rating rows).

/**
 * Locks the lead's row until the transaction ends, so rating changes of one lead run one after the
 * other and none of them loses another's change to rating_sum / rating_count. undefined: no such lead.
 */
export async function lockLeadRating(db: DbOrTx, leadId: number) {
  const [row] = await db
    .select({ ratingSum: leads.ratingSum, ratingCount: leads.ratingCount })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  return row;
}

/** Moves the lead's stored quality sum and count by a change; the arithmetic is done on the row. */
export async function addToQualityTotals(
  db: DbOrTx,
  leadId: number,
  change: { sum: number; count: number },
): Promise<{ ratingSum: number; ratingCount: number }> {
  const [row] = await db
    .update(leads)
    .set({
      ratingSum: sql`${leads.ratingSum} + ${change.sum}`,
      ratingCount: sql`${leads.ratingCount} + ${change.count}`,
    })
    .where(eq(leads.id, leadId))
    .returning({ ratingSum: leads.ratingSum, ratingCount: leads.ratingCount });
  return row!;
}

/**
 * What members' ratings are made of, per submitter (one grouped query over leads_created_by_idx): the
 * average over their rated leads of each lead's quality average, how many are rated, and how many are
 * Won and Lost now. A Won the submitter reported counts once confirmed (a Lost they report counts: it
 * can only lower their own rating). Submitters with none of these are absent.
 */
export async function submitterRatingInputs(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  const rated = sql`${leads.ratingCount} > 0`;
  const isWon = sql`(${leads.outcomeStage} = 'WON' and not ${leads.outcomeUnconfirmed})`;
  return db
    .select({
      userId: leads.createdBy,
      qualityAverage: sql<
        number | null
      >`(avg(${leads.ratingSum}::numeric / nullif(${leads.ratingCount}, 0)) filter (where ${rated}))::float8`,
      ratedLeads: sql<number>`(count(*) filter (where ${rated}))::int`,
      won: sql<number>`(count(*) filter (where ${isWon}))::int`,
      lost: sql<number>`(count(*) filter (where ${leads.outcomeStage} = 'LOST'))::int`,
    })
    .from(leads)
    .where(and(inArray(leads.createdBy, userIds), sql`(${rated} or ${isWon} or ${leads.outcomeStage} = 'LOST')`))
    .groupBy(leads.createdBy);
}

/** Leads assigned to one of `userIds` after `since`, oldest first (the CRM's automatic sending). */
export async function listLeadsAssignedSince(db: DbOrTx, userIds: number[], since: Date, limit: number) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: leads.id, assignedTo: leads.assignedTo })
    .from(leads)
    .where(and(inArray(leads.assignedTo, userIds), sql`${leads.assignedAt} > ${since.toISOString()}`))
    .orderBy(leads.assignedAt)
    .limit(limit);
}

/** When each lead's fields were last edited (a CRM record follows its lead's edits). */
export async function listLeadEditTimes(db: DbOrTx, leadIds: number[]) {
  if (leadIds.length === 0) return [];
  return db.select({ id: leads.id, updatedAt: leads.updatedAt }).from(leads).where(inArray(leads.id, leadIds));
}
