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
import { forbidden } from '../../http/errors.js';
import { groupRoom } from '../../realtime/rooms.js';
import { displayName } from '../accounts/accounts.service.js';
import { leadNotFound, requireLeadMember } from './leads.access.js';
import * as q from './outcomes.queries.js';

// What became of a lead: its assignee (or its submitter, correcting) records steps; the latest is the
// lead's outcome. A step entering Won credits its amount to the submitter and thanks them in their
// inbox (LEAD_WON). Decisions: docs/decisions.md "Lead outcomes".

const TIMELINE_MAX = 200;

const notAllowed = () => forbidden('LEAD_OUTCOME_NOT_ALLOWED');

/** The assignee and the submitter record a lead's progress. */
const mayRecord = (lead: { createdBy: number; assignedTo: number | null }, userId: number) =>
  lead.createdBy === userId || lead.assignedTo === userId;

/** The lead's outcome as the calls answer it, from its row's columns; null before the first step. */
export function outcomeOf(row: {
  outcomeStage: LeadOutcome['stage'] | null;
  outcomeAt: Date | null;
  wonAmountCents: number | null;
  lostReason: LeadOutcome['lostReason'];
}): LeadOutcome | null {
  if (row.outcomeStage === null || row.outcomeAt === null) return null;
  return {
    stage: row.outcomeStage,
    at: row.outcomeAt.toISOString(),
    amountCents: row.wonAmountCents === null ? null : Number(row.wonAmountCents),
    lostReason: row.lostReason,
  };
}

async function timeline(
  db: DbOrTx,
  lead: { id: number; createdBy: number; assignedTo: number | null },
  userId: number,
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
    }),
    canRecord: mayRecord(lead, userId),
    steps: steps.reverse().map(({ step, firstName, lastName, hidden }) => ({
      stepId: step.id,
      stage: step.stage,
      amountCents: step.amountCents === null ? null : Number(step.amountCents),
      lostReason: step.lostReason,
      note: step.note,
      userId: step.userId,
      userName: displayName(firstName, lastName, hidden),
      createdAt: step.createdAt.toISOString(),
    })),
  };
}

/** /lead/outcome/list: members of the lead's group. */
export async function listOutcome(deps: AppDeps, userId: number, leadId: number): Promise<LeadOutcomeTimeline> {
  const { lead } = await requireLeadMember(deps.db, leadId, userId);
  return timeline(deps.db, lead, userId);
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
  const { lead } = await requireLeadMember(deps.db, input.lead_id, userId);
  if (!mayRecord(lead, userId)) throw notAllowed();
  const now = deps.clock.now();
  const amountCents = input.stage === 'WON' && input.amount != null ? (dollarsToCents(input.amount) ?? null) : null;
  let activityId = 0;
  const locked = await deps.db.transaction(async (tx) => {
    const row = await q.lockLeadOutcome(tx, lead.id);
    if (!row) throw leadNotFound();
    if (!mayRecord(row, userId)) throw notAllowed();
    const enteringWon = input.stage === 'WON' && row.outcomeStage !== 'WON';
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
        createdAt: now,
      },
      wonAt,
    );
    if (enteringWon) {
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
  const answer = await timeline(deps.db, locked, userId);
  // Members with the lead open see its progress at once.
  const event: LeadOutcomeEvent = { leadId: locked.id, groupId: locked.groupId, outcome: answer.outcome };
  deps.realtime.publish({ rooms: [groupRoom(locked.groupId)], event: SERVER_EVENTS.leadOutcome, data: event });
  return answer;
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
