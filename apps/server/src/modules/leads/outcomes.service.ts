import {
  dollarsToCents,
  type LeadOutcome,
  type LeadOutcomeEvent,
  type LeadOutcomeTimeline,
  type leadOutcomeRecordRequest,
  SERVER_EVENTS,
} from '@leadcircle/shared';
import type { z } from 'zod';
import { activityData } from '../../activity/activity-recorder.js';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, forbidden } from '../../http/errors.js';
import { groupRoom } from '../../realtime/rooms.js';
import { displayName } from '../accounts/accounts.service.js';
import { leadNotFound, requireLeadMember } from './leads.access.js';
import * as q from './outcomes.queries.js';

// What became of a lead: its assignee records steps; the latest is the lead's outcome. A step entering
// Won credits its amount to the submitter and thanks them in their inbox (LEAD_WON). A giver never
// credits themselves: their own steps (on a lead nobody else holds) are "reported by the submitter" and
// a Won reported that way counts once the assignee or, with nobody else holding it, a group owner
// confirms it. Decisions: docs/decisions/outcomes.md.

const TIMELINE_MAX = 200;

const notAllowed = () => forbidden('LEAD_OUTCOME_NOT_ALLOWED');

type Holders = { createdBy: number; assignedTo: number | null };

/** The assignee records a lead's progress; the submitter too while nobody has taken it. */
const mayRecord = (lead: Holders, userId: number) =>
  lead.assignedTo === userId || (lead.assignedTo === null && lead.createdBy === userId);

/** The submitter's steps wait for confirmation (also on a lead they assigned to themselves). */
const isSubmitter = (lead: Holders, userId: number) => lead.createdBy === userId;

/**
 * Who confirms a step the submitter reported: the assignee, or, while nobody but the submitter holds
 * the lead, an owner of the group; never the submitter. Answers the refusal, or null when allowed.
 */
function confirmRefusal(lead: Holders, userId: number, isGroupOwner: boolean) {
  if (isSubmitter(lead, userId)) return forbidden('LEAD_OUTCOME_OWN_REPORT');
  const heldByOther = lead.assignedTo !== null && lead.assignedTo !== lead.createdBy;
  if (heldByOther ? lead.assignedTo === userId : isGroupOwner) return null;
  return forbidden('LEAD_OUTCOME_CONFIRM_NOT_ALLOWED');
}

/** The lead's outcome as the calls answer it, from its row's columns; null before the first step. */
export function outcomeOf(row: {
  outcomeStage: LeadOutcome['stage'] | null;
  outcomeAt: Date | null;
  wonAmountCents: number | null;
  lostReason: LeadOutcome['lostReason'];
  outcomeUnconfirmed: boolean;
}): LeadOutcome | null {
  if (row.outcomeStage === null || row.outcomeAt === null) return null;
  return {
    stage: row.outcomeStage,
    at: row.outcomeAt.toISOString(),
    amountCents: row.wonAmountCents === null ? null : Number(row.wonAmountCents),
    lostReason: row.lostReason,
    unconfirmed: row.outcomeUnconfirmed,
  };
}

async function timeline(
  db: DbOrTx,
  lead: Holders & { id: number },
  userId: number,
  isGroupOwner: boolean,
): Promise<LeadOutcomeTimeline> {
  const [current, steps] = await Promise.all([q.findLeadOutcome(db, lead.id), q.listSteps(db, lead.id, TIMELINE_MAX)]);
  if (!current) throw leadNotFound();
  return {
    leadId: lead.id,
    outcome: outcomeOf({
      outcomeStage: current.stage,
      outcomeAt: current.at,
      wonAmountCents: current.amountCents,
      lostReason: current.lostReason,
      outcomeUnconfirmed: current.unconfirmed,
    }),
    canRecord: mayRecord(lead, userId),
    canConfirm: current.unconfirmed && confirmRefusal(lead, userId, isGroupOwner) === null,
    steps: steps.reverse().map(({ step, firstName, lastName, hidden, ...c }) => ({
      stepId: step.id,
      stage: step.stage,
      amountCents: step.amountCents === null ? null : Number(step.amountCents),
      lostReason: step.lostReason,
      note: step.note,
      userId: step.userId,
      userName: displayName(firstName, lastName, hidden),
      createdAt: step.createdAt.toISOString(),
      reportedBySubmitter: step.reportedBySubmitter,
      confirmedBy:
        step.confirmedBy === null
          ? null
          : {
              userId: step.confirmedBy,
              userName: displayName(c.confirmerFirstName ?? '', c.confirmerLastName ?? '', c.confirmerHidden),
            },
      confirmedAt: step.confirmedAt?.toISOString() ?? null,
    })),
  };
}

/** /lead/outcome/list: members of the lead's group. */
export async function listOutcome(deps: AppDeps, userId: number, leadId: number): Promise<LeadOutcomeTimeline> {
  const { lead, member } = await requireLeadMember(deps.db, leadId, userId);
  return timeline(deps.db, lead, userId, member.role === 'OWNER');
}

/** After a step or a confirmation: the caller's answer, and the group's members see it at once. */
async function answerAndPublish(
  deps: AppDeps,
  lead: Holders & { id: number; groupId: number },
  userId: number,
  isGroupOwner: boolean,
): Promise<LeadOutcomeTimeline> {
  const answer = await timeline(deps.db, lead, userId, isGroupOwner);
  const event: LeadOutcomeEvent = { leadId: lead.id, groupId: lead.groupId, outcome: answer.outcome };
  deps.realtime.publish({ rooms: [groupRoom(lead.groupId)], event: SERVER_EVENTS.leadOutcome, data: event });
  return answer;
}

/**
 * /lead/outcome/record: the step, the lead's outcome and (entering Won) the LEAD_WON activity in one
 * transaction, on the locked lead row, so the rights and the previous stage are those of the moment.
 */
export async function recordOutcome(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadOutcomeRecordRequest>,
): Promise<LeadOutcomeTimeline> {
  const { lead, member } = await requireLeadMember(deps.db, input.lead_id, userId);
  if (!mayRecord(lead, userId)) throw notAllowed();
  const now = deps.clock.now();
  const amountCents = input.stage === 'WON' && input.amount != null ? (dollarsToCents(input.amount) ?? null) : null;
  let activityId = 0;
  const locked = await deps.db.transaction(async (tx) => {
    const row = await q.lockLeadOutcome(tx, lead.id);
    if (!row) throw leadNotFound();
    if (!mayRecord(row, userId)) throw notAllowed();
    const reportedBySubmitter = isSubmitter(row, userId);
    // An unconfirmed Won was never credited: the assignee's Won after it is the lead entering Won.
    const enteringWon = input.stage === 'WON' && (row.outcomeStage !== 'WON' || row.outcomeUnconfirmed);
    // Since when it is Won: a corrected amount keeps the day it was won.
    const wonAt = input.stage !== 'WON' ? null : enteringWon ? now : (row.wonAt ?? now);
    await q.recordStep(
      tx,
      {
        leadId: row.id,
        userId,
        stage: input.stage,
        amountCents,
        lostReason: input.stage === 'LOST' ? (input.lost_reason ?? null) : null,
        note: input.note || null,
        reportedBySubmitter,
        createdAt: now,
      },
      wonAt,
    );
    // The submitter's own Won thanks nobody yet: the credit (and the thanks) start when it is confirmed.
    if (enteringWon && !reportedBySubmitter) {
      // The submitter is thanked for closed business (their inbox, unless they closed it themselves).
      activityId = await deps.activities.record(tx, {
        type: 'LEAD_WON',
        actorUserId: userId,
        groupId: row.groupId,
        data: activityData('LEAD_WON', { leadId: row.id, amountCents }, { recipientUserIds: [row.createdBy] }),
      });
    }
    return row;
  });
  if (activityId) await deps.activities.announce(activityId);
  return answerAndPublish(deps, locked, userId, member.role === 'OWNER');
}

/**
 * /lead/outcome/confirm: the latest step, reported by the submitter, is confirmed (who, when) and the
 * lead's outcome counts. Confirming a Won that was not already credited thanks the submitter
 * (LEAD_WON, its actor the assignee, or the submitter who reported it when a group owner confirms).
 * On the locked lead row, like recording.
 */
export async function confirmOutcome(deps: AppDeps, userId: number, leadId: number): Promise<LeadOutcomeTimeline> {
  const { lead, member } = await requireLeadMember(deps.db, leadId, userId);
  const isGroupOwner = member.role === 'OWNER';
  const nothingToConfirm = () => conflict('LEAD_OUTCOME_NOTHING_TO_CONFIRM');
  const now = deps.clock.now();
  let activityId = 0;
  const locked = await deps.db.transaction(async (tx) => {
    const row = await q.lockLeadOutcome(tx, lead.id);
    if (!row) throw leadNotFound();
    const refusal = confirmRefusal(row, userId, isGroupOwner);
    if (refusal) throw refusal;
    const [latest, before] = await q.findLatestSteps(tx, row.id);
    if (!row.outcomeUnconfirmed || !latest?.reportedBySubmitter) throw nothingToConfirm();
    if (!(await q.confirmStep(tx, row.id, latest.id, userId, now))) throw nothingToConfirm();
    // A corrected amount of a Won already credited does not thank again.
    const wasCredited = before?.stage === 'WON' && (!before.reportedBySubmitter || before.confirmedAt !== null);
    if (latest.stage === 'WON' && !wasCredited) {
      activityId = await deps.activities.record(tx, {
        type: 'LEAD_WON',
        actorUserId: row.assignedTo === userId ? userId : latest.userId,
        groupId: row.groupId,
        data: activityData(
          'LEAD_WON',
          { leadId: row.id, amountCents: latest.amountCents === null ? null : Number(latest.amountCents) },
          { recipientUserIds: [row.createdBy] },
        ),
      });
    }
    return row;
  });
  if (activityId) await deps.activities.announce(activityId);
  return answerAndPublish(deps, locked, userId, isGroupOwner);
}

const FOLLOW_UP_BATCH = 200;

/**
 * The follow-up reminder: every open lead whose assignee has recorded no step for its group's
 * follow-up days (since assignment or the latest step) reminds the assignee once (LEAD_FOLLOW_UP in
 * their inbox). Claiming and recording share a transaction; claimed leads are marked, so a second run,
 * or one running at the same time elsewhere, reminds nobody twice. Answers how many were reminded.
 */
export async function sendFollowUpNudges(deps: AppDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const ids: number[] = [];
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await q.claimFollowUps(tx, deps.clock.now(), FOLLOW_UP_BATCH);
      for (const r of rows) {
        if (r.assignedTo === null) continue;
        ids.push(
          await deps.activities.record(tx, {
            type: 'LEAD_FOLLOW_UP',
            // The lead's submitter: the reminder is about their lead (stored without a group, so it is
            // the assignee's alone, not the group's feed).
            actorUserId: r.createdBy,
            data: activityData(
              'LEAD_FOLLOW_UP',
              { leadId: r.leadId, groupId: r.groupId, days: r.days },
              { recipientUserIds: [r.assignedTo] },
            ),
          }),
        );
      }
      return rows.length;
    });
    if (ids.length > 0) await deps.activities.announce(ids);
    total += ids.length;
    if (claimed < FOLLOW_UP_BATCH) return total;
  }
}
