import {
  type CallRequest,
  LEAD_LOST_REASONS,
  LEAD_OUTCOME_STAGES,
  type LeadLostReason,
  type LeadOutcomeStage,
  OUTCOME_MESSAGES,
  type outcomeCalls,
  outcomeStepForm,
} from '@leadcircle/shared';

// The "Record progress" form: the stage, the amount as typed (Won), the reason (Lost) and a note.
// Checked with the shared rule on the request it would send, so the texts are the server's.

export interface OutcomeFormValues {
  stage: LeadOutcomeStage | '';
  /** Dollars as typed: '12000', '12,000.50', '$12,000'. */
  amount: string;
  lostReason: LeadLostReason | '';
  note: string;
}

export type OutcomeFormErrors = Partial<Record<'stage' | 'amount' | 'lostReason' | 'note', string>>;
type RecordRequest = CallRequest<typeof outcomeCalls.record>;

export const emptyOutcomeForm: OutcomeFormValues = { stage: '', amount: '', lostReason: '', note: '' };

/** Dollars as typed, without a $ sign, thousands commas or spaces; NaN when it is not a number. */
export function parseDollars(typed: string): number {
  const plain = typed.replace(/[$,\s]/g, '');
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
}

/** The step the form describes, with only what its stage takes (an amount for Won, a reason for Lost). */
export function outcomeStep(values: OutcomeFormValues): Omit<RecordRequest, 'lead_id'> {
  const note = values.note.trim();
  return {
    stage: values.stage as LeadOutcomeStage,
    ...(values.stage === 'WON' && values.amount.trim() !== '' && { amount: parseDollars(values.amount) }),
    ...(values.stage === 'LOST' && values.lostReason !== '' && { lost_reason: values.lostReason }),
    ...(note !== '' && { note }),
  };
}

const fieldOf: Record<string, keyof OutcomeFormErrors> = {
  stage: 'stage',
  amount: 'amount',
  lost_reason: 'lostReason',
  note: 'note',
};

/** Each field's first message under the shared rule; empty when the step can be sent. */
export function outcomeFormErrors(values: OutcomeFormValues): OutcomeFormErrors {
  if (!LEAD_OUTCOME_STAGES.includes(values.stage as LeadOutcomeStage)) return { stage: OUTCOME_MESSAGES.stageInvalid };
  if (values.lostReason !== '' && !LEAD_LOST_REASONS.includes(values.lostReason)) {
    return { lostReason: OUTCOME_MESSAGES.reasonRequired };
  }
  const result = outcomeStepForm.safeParse(outcomeStep(values));
  const errors: OutcomeFormErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = fieldOf[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
