import type { LeadRating } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatRooms, leads } from '../../db/schema/index.js';
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

/** The lead's chat room (its comments), made with the lead. */
export async function findLeadRoomId(db: DbOrTx, leadId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.leadId, leadId));
  return row?.id;
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
