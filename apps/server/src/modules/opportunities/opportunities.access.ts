import { OPPORTUNITY_MESSAGES } from '@leadcircle/shared';
import type { DbOrTx } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import * as q from './opportunities.queries.js';

// Who may reach an opportunity: its owner, and the people it is shared with, who
// read it, its contacts and its room. A stranger cannot learn that it exists: 404 like a missing one.
// Other modules (chat, activities) check through here.

export const opportunityNotFound = () => notFound('OPPORTUNITY_NOT_FOUND', OPPORTUNITY_MESSAGES.notFound);
export const opportunityOwnerOnly = () => forbidden('OPPORTUNITY_OWNER_ONLY', OPPORTUNITY_MESSAGES.ownerOnly);

/** Whether the user owns the opportunity or it is shared with them. */
export async function canReadOpportunity(db: DbOrTx, userId: number, opportunityId: number): Promise<boolean> {
  const opportunity = await q.findOpportunityById(db, opportunityId);
  if (!opportunity) return false;
  return opportunity.createdBy === userId || q.isSharedWith(db, opportunityId, userId);
}

/** The opportunity for its owner or a shared user: 404 OPPORTUNITY_NOT_FOUND to anyone else. */
export async function requireOpportunityReader(db: DbOrTx, opportunityId: number, userId: number) {
  const opportunity = await q.findOpportunityById(db, opportunityId);
  if (!opportunity) throw opportunityNotFound();
  const isOwner = opportunity.createdBy === userId;
  if (!isOwner && !(await q.isSharedWith(db, opportunityId, userId))) throw opportunityNotFound();
  return { opportunity, isOwner };
}

/** The opportunity for its owner: 404 to a stranger, 403 OPPORTUNITY_OWNER_ONLY to a shared user. */
export async function requireOpportunityOwner(db: DbOrTx, opportunityId: number, userId: number) {
  const found = await requireOpportunityReader(db, opportunityId, userId);
  if (!found.isOwner) throw opportunityOwnerOnly();
  return found.opportunity;
}

/** Stores a person's 'Messages' switch of an opportunity, with the caller's transaction (unsubscribe links). */
export const storeMessagesSetting = q.upsertMessagesEnabled;
