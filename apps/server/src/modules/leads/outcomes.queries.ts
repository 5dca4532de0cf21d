import type { LeadLostReason, LeadOutcomeStage } from '@leadcircle/shared';
import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { leadOutcomeSteps, leads, publicGroups, publicUsers } from '../../db/schema/index.js';

// Lead outcomes: the steps of a lead and its latest outcome kept on the lead row; the follow-up claim.

/** The lead row's outcome and who may record, locked until the transaction ends; undefined: no such lead. */
export async function lockLeadOutcome(tx: DbOrTx, leadId: number) {
  const [row] = await tx
    .select({
      id: leads.id,
      groupId: leads.groupId,
      createdBy: leads.createdBy,
      assignedTo: leads.assignedTo,
      outcomeStage: leads.outcomeStage,
      outcomeUnconfirmed: leads.outcomeUnconfirmed,
      wonAt: leads.wonAt,
    })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  return row;
}

export interface NewStep {
  leadId: number;
  userId: number;
  stage: LeadOutcomeStage;
  amountCents: number | null;
  lostReason: LeadLostReason | null;
  note: string | null;
  // Recorded by the lead's submitter: the lead's outcome waits for confirmation.
  reportedBySubmitter: boolean;
  createdAt: Date;
}

/** Appends the step and copies it to the lead as its outcome (`wonAt`: since when it is Won). */
export async function recordStep(tx: DbOrTx, step: NewStep, wonAt: Date | null): Promise<void> {
  await tx.insert(leadOutcomeSteps).values(step);
  await tx
    .update(leads)
    .set({
      outcomeStage: step.stage,
      outcomeAt: step.createdAt,
      wonAmountCents: step.amountCents,
      wonAt,
      lostReason: step.lostReason,
      outcomeUnconfirmed: step.reportedBySubmitter,
      lastActivityAt: step.createdAt,
      updatedAt: step.createdAt,
    })
    .where(eq(leads.id, step.leadId));
}

export async function findLeadOutcome(db: DbOrTx, leadId: number) {
  const [row] = await db
    .select({
      stage: leads.outcomeStage,
      at: leads.outcomeAt,
      amountCents: leads.wonAmountCents,
      lostReason: leads.lostReason,
      unconfirmed: leads.outcomeUnconfirmed,
    })
    .from(leads)
    .where(eq(leads.id, leadId));
  return row;
}

const confirmer = alias(publicUsers, 'confirmer');

/** The latest `limit` steps of a lead, newest first, with their authors' and confirmers' names. */
export async function listSteps(db: DbOrTx, leadId: number, limit: number) {
  return db
    .select({
      step: leadOutcomeSteps,
      firstName: publicUsers.firstName,
      lastName: publicUsers.lastName,
      hidden: sql<boolean>`${publicUsers.deletionRequestedAt} is not null`,
      confirmerFirstName: confirmer.firstName,
      confirmerLastName: confirmer.lastName,
      confirmerHidden: sql<boolean>`${confirmer.deletionRequestedAt} is not null`,
    })
    .from(leadOutcomeSteps)
    .innerJoin(publicUsers, eq(publicUsers.id, leadOutcomeSteps.userId))
    .leftJoin(confirmer, eq(confirmer.id, leadOutcomeSteps.confirmedBy))
    .where(eq(leadOutcomeSteps.leadId, leadId))
    .orderBy(desc(leadOutcomeSteps.id))
    .limit(limit);
}

/** The latest two steps of a lead, newest first (the one to confirm and the one it followed). */
export async function findLatestSteps(db: DbOrTx, leadId: number) {
  return db
    .select()
    .from(leadOutcomeSteps)
    .where(eq(leadOutcomeSteps.leadId, leadId))
    .orderBy(desc(leadOutcomeSteps.id))
    .limit(2);
}

/** Marks a reported step confirmed and the lead's outcome no longer waiting; false when it was already confirmed. */
export async function confirmStep(tx: DbOrTx, leadId: number, stepId: number, confirmedBy: number, at: Date) {
  const done = await tx
    .update(leadOutcomeSteps)
    .set({ confirmedBy, confirmedAt: at })
    .where(and(eq(leadOutcomeSteps.id, stepId), isNull(leadOutcomeSteps.confirmedAt)))
    .returning({ id: leadOutcomeSteps.id });
  if (done.length === 0) return false;
  await tx
    .update(leads)
    .set({ outcomeUnconfirmed: false, lastActivityAt: at, updatedAt: at })
    .where(eq(leads.id, leadId));
  return true;
}

/**
 * Claims up to `limit` open, assigned leads whose quiet spell (since assignment or the latest step,
 * whichever is later) has lasted their group's follow-up days and has not been reminded of yet:
 * marks them reminded and answers them. Rows another run holds are skipped, and the conditions are
 * checked again on the locked row, so two runs at once claim each lead once.
 */
export async function claimFollowUps(tx: DbOrTx, now: Date, limit: number) {
  const quietSince = sql`greatest(${leads.assignedAt}, ${leads.outcomeAt})`;
  const due = and(
    isNotNull(leads.assignedTo),
    isNotNull(leads.assignedAt),
    sql`(${leads.outcomeStage} is null or ${leads.outcomeStage} not in ('WON', 'LOST'))`,
    sql`(${leads.followUpNudgedAt} is null or ${leads.followUpNudgedAt} < ${quietSince})`,
    lte(quietSince, sql`${now}::timestamptz - make_interval(days => ${publicGroups.followUpDays})`),
  );
  const candidates = tx
    .select({ id: leads.id })
    .from(leads)
    .innerJoin(publicGroups, eq(publicGroups.id, leads.groupId))
    .where(due)
    .orderBy(leads.id)
    .limit(limit)
    .for('update', { of: leads, skipLocked: true });
  return tx
    .update(leads)
    .set({ followUpNudgedAt: now })
    .from(publicGroups)
    .where(and(eq(publicGroups.id, leads.groupId), inArray(leads.id, candidates), due))
    .returning({
      leadId: leads.id,
      groupId: leads.groupId,
      createdBy: leads.createdBy,
      assignedTo: leads.assignedTo,
      days: publicGroups.followUpDays,
    });
}
