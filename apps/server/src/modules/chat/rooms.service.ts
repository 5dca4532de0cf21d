import type { DbOrTx } from '../../db/client.js';
import * as q from './chat.queries.js';

// The rooms made with what they are about: a lead's room (its comments), a group's, a business's, an
// opportunity's and an opportunity contact's (its comments), made in the transaction that makes the lead, the
// group, the business, the opportunity or the contact, so none ever lacks its room (reading a list makes none).

export async function createLeadRoom(tx: DbOrTx, leadId: number, groupId: number): Promise<void> {
  await q.insertRoom(tx, { kind: 'LEAD', leadId, groupId });
}

/** The rooms of many new leads of one group, in the transaction that creates them. */
export async function createLeadRooms(tx: DbOrTx, leadIds: number[], groupId: number): Promise<void> {
  await q.insertRooms(
    tx,
    leadIds.map((leadId) => ({ kind: 'LEAD' as const, leadId, groupId })),
  );
}

/** Of these leads, those someone has commented on. */
export const findCommentedLeadIds = (db: DbOrTx, leadIds: number[]) => q.findLeadIdsWithMessages(db, leadIds);

export async function createGroupRoom(tx: DbOrTx, groupId: number, createdAt: Date): Promise<void> {
  await q.insertRoom(tx, { kind: 'GROUP', groupId, createdAt });
}

export async function createBusinessRoom(tx: DbOrTx, businessId: number, createdAt: Date): Promise<void> {
  await q.insertRoom(tx, { kind: 'BUSINESS', businessId, createdAt });
}

export async function createOpportunityRoom(tx: DbOrTx, opportunityId: number, createdAt: Date): Promise<void> {
  await q.insertRoom(tx, { kind: 'OPPORTUNITY', opportunityId, createdAt });
}

/** The room of an opportunity; undefined when there is none. */
export const findOpportunityRoomId = (db: DbOrTx, opportunityId: number) =>
  q.findRoomIdOf(db, 'OPPORTUNITY', opportunityId);

/** A contact's room (its comments); it names the contact's opportunity too, whose readers are its members. */
export async function createContactRoom(
  tx: DbOrTx,
  contact: { contactId: number; opportunityId: number; createdAt: Date },
): Promise<void> {
  await q.insertRoom(tx, { kind: 'CONTACT', ...contact });
}

/** The room of a contact; undefined when there is none. */
export const findContactRoomId = (db: DbOrTx, contactId: number) => q.findContactRoomId(db, contactId);
