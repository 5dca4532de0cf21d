import { z } from 'zod';
import { multilineText } from '../text.js';
import {
  dollarsToCents,
  FOLLOW_UP_DAYS_MAX,
  FOLLOW_UP_DAYS_MIN,
  LEAD_LOST_REASONS,
  LEAD_OUTCOME_STAGES,
  type LeadLostReason,
  type LeadOutcomeStage,
  OUTCOME_MESSAGES,
  OUTCOME_NOTE_MAX,
  WON_AMOUNT_MAX,
} from './outcome-terms.js';

// The outcome forms' fields and rules, with the terms of outcome-terms.ts.

/** A Won step's amount in dollars: a number, more than 0, at most WON_AMOUNT_MAX, whole cents. */
export const wonAmountField = z
  .number({ error: OUTCOME_MESSAGES.amountInvalid })
  .refine((v) => Number.isFinite(v), OUTCOME_MESSAGES.amountInvalid)
  .refine((v) => v > 0, OUTCOME_MESSAGES.amountPositive)
  .refine((v) => v <= WON_AMOUNT_MAX, OUTCOME_MESSAGES.amountTooLarge)
  .refine((v) => dollarsToCents(v) !== undefined, OUTCOME_MESSAGES.amountCents);

export const outcomeNoteField = multilineText({ error: OUTCOME_MESSAGES.noteTooLong })
  .trim()
  .max(OUTCOME_NOTE_MAX, OUTCOME_MESSAGES.noteTooLong);

export const followUpDaysField = z
  .number({ error: OUTCOME_MESSAGES.followUpDaysInvalid })
  .int(OUTCOME_MESSAGES.followUpDaysInvalid)
  .min(FOLLOW_UP_DAYS_MIN, OUTCOME_MESSAGES.followUpDaysInvalid)
  .max(FOLLOW_UP_DAYS_MAX, OUTCOME_MESSAGES.followUpDaysInvalid);

/** The fields of an outcome step (the form and /lead/outcome/record, with lead_id). */
export const outcomeStepShape = {
  stage: z.enum(LEAD_OUTCOME_STAGES, { error: OUTCOME_MESSAGES.stageInvalid }),
  // Won only: the business closed, in dollars.
  amount: wonAmountField.nullish(),
  // Lost only.
  lost_reason: z.enum(LEAD_LOST_REASONS, { error: OUTCOME_MESSAGES.reasonRequired }).nullish(),
  note: outcomeNoteField.nullish(),
};

/** Won needs an amount and Lost a reason; neither is sent with another stage. */
export function checkOutcomeStep(
  v: { stage: LeadOutcomeStage; amount?: number | null; lost_reason?: LeadLostReason | null },
  ctx: z.RefinementCtx,
): void {
  const hasAmount = v.amount !== undefined && v.amount !== null;
  const hasReason = v.lost_reason !== undefined && v.lost_reason !== null;
  if (v.stage === 'WON' && !hasAmount) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: OUTCOME_MESSAGES.amountRequired });
  }
  if (v.stage !== 'WON' && hasAmount) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: OUTCOME_MESSAGES.amountOnlyWon });
  }
  if (v.stage === 'LOST' && !hasReason) {
    ctx.addIssue({ code: 'custom', path: ['lost_reason'], message: OUTCOME_MESSAGES.reasonRequired });
  }
  if (v.stage !== 'LOST' && hasReason) {
    ctx.addIssue({ code: 'custom', path: ['lost_reason'], message: OUTCOME_MESSAGES.reasonOnlyLost });
  }
}

/** The outcome dialog's form (amount typed as text, parsed to dollars). */
export const outcomeStepForm = z.object(outcomeStepShape).superRefine(checkOutcomeStep);
export type OutcomeStepFormValues = z.output<typeof outcomeStepForm>;
