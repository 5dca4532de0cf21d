import type { DbOrTx } from '../../db/client.js';
import * as q from './chat.queries.js';

// The rooms made with what they are about: a lead's room (its comments) and an opportunity's, made in
// the transaction that makes the lead or the opportunity, so neither ever lacks its room.

export async function createLeadRoom(tx: DbOrTx, leadId: number, groupId: number): Promise<void> {
  await q.insertRoom(tx, { kind: 'LEAD', leadId, groupId });
}

export async function createOpportunityRoom(tx: DbOrTx, opportunityId: number, createdAt: Date): Promise<void> {
  await q.insertRoom(tx, { kind: 'OPPORTUNITY', opportunityId, createdAt });
}

/** The room of an opportunity; undefined when there is none. */
export const findOpportunityRoomId = (db: DbOrTx, opportunityId: number) =>
  q.findRoomIdOf(db, 'OPPORTUNITY', opportunityId);
