import { LEAD_MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatRooms, leads } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { requireGroupMember } from '../groups/groups.service.js';

// Who may reach a lead (spec 001 §6; ARCHITECTURE §5): members of its group. The leads, ratings and
// chat modules all check through here.

export type LeadRow = typeof leads.$inferSelect;

export async function findLeadRow(db: DbOrTx, leadId: number): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
  return row;
}

/** The lead and its group for a member: 404 LEAD_NOT_FOUND when there is no such lead, 403 to a non-member. */
export async function requireLeadMember(db: DbOrTx, leadId: number, userId: number) {
  const lead = await findLeadRow(db, leadId);
  if (!lead) throw leadNotFound();
  const { group, member } = await requireGroupMember(db, lead.groupId, userId);
  return { lead, group, member };
}

export const leadNotFound = () => notFound('LEAD_NOT_FOUND', LEAD_MESSAGES.notFound);

/** Sort ACTIVITY: an edit, a rating or a comment makes the lead the group's most recently active. */
export async function touchLead(db: DbOrTx, leadId: number, now: Date): Promise<void> {
  await db.update(leads).set({ lastActivityAt: now }).where(eq(leads.id, leadId));
}

/** The lead's chat room (its comments), made with the lead. */
export async function findLeadRoomId(db: DbOrTx, leadId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.leadId, leadId));
  return row?.id;
}
