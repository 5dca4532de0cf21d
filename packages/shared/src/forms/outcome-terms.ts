import { groupThousands } from '../format/numbers.js';

// What became of a lead (its outcome steps), the credit of closed business, duplicates and the
// follow-up reminder: constants, labels and texts both sides use (docs/decisions/outcomes.md).
// No zod here: the signed-in first load shows them without the forms' schemas (outcome.ts).

/** The steps a lead goes through; the latest step is its outcome. */
export const LEAD_OUTCOME_STAGES = ['CONTACTED', 'MEETING', 'PROPOSAL', 'WON', 'LOST'] as const;
export type LeadOutcomeStage = (typeof LEAD_OUTCOME_STAGES)[number];
export const LEAD_OUTCOME_STAGE_LABELS: Record<LeadOutcomeStage, string> = {
  CONTACTED: 'Contacted',
  MEETING: 'Meeting',
  PROPOSAL: 'Proposal',
  WON: 'Won',
  LOST: 'Lost',
};
/** Stages that close a lead: no follow-up reminder after them. */
export const LEAD_CLOSED_STAGES = ['WON', 'LOST'] as const satisfies readonly LeadOutcomeStage[];

/** Why a lead was lost (a Lost step names one). */
export const LEAD_LOST_REASONS = [
  'NO_BUDGET',
  'NO_NEED',
  'CHOSE_COMPETITOR',
  'NO_RESPONSE',
  'BAD_TIMING',
  'OTHER',
] as const;
export type LeadLostReason = (typeof LEAD_LOST_REASONS)[number];
export const LEAD_LOST_REASON_LABELS: Record<LeadLostReason, string> = {
  NO_BUDGET: 'No budget',
  NO_NEED: 'No need',
  CHOSE_COMPETITOR: 'Chose a competitor',
  NO_RESPONSE: 'No response',
  BAD_TIMING: 'Bad timing',
  OTHER: 'Other',
};

/** A Won step's amount: dollars, more than 0, at most this, cents at most. Stored as integer cents. */
export const WON_AMOUNT_MAX = 1_000_000_000;
export const OUTCOME_NOTE_MAX = 1000;

/** Days without progress before the assignee of a lead is reminded (a group setting of its owner). */
export const FOLLOW_UP_DAYS_DEFAULT = 7;
export const FOLLOW_UP_DAYS_MIN = 1;
export const FOLLOW_UP_DAYS_MAX = 90;

/** The scoreboard's months (the current one and the 11 before, UTC) and its top-giver windows. */
export const STATS_MONTHS = 12;
export const TOP_GIVER_WINDOWS_DAYS = [30, 90] as const;
export const TOP_GIVERS_MAX = 10;
/** At most this many matches answer a duplicate check. */
export const DUPLICATES_MAX = 10;

/** What a duplicate matched on. */
export const DUPLICATE_MATCH_KINDS = ['EMAIL', 'PHONE', 'LINKEDIN', 'NAME_COMPANY'] as const;
export type DuplicateMatchKind = (typeof DUPLICATE_MATCH_KINDS)[number];
export const DUPLICATE_MATCH_LABELS: Record<DuplicateMatchKind, string> = {
  EMAIL: 'E-mail',
  PHONE: 'Phone',
  LINKEDIN: 'LinkedIn profile',
  NAME_COMPANY: 'Name and company',
};

/** The member rating's tooltip: how /rating/user is computed (ratings module, memberRating). */
export const MEMBER_RATING_EXPLANATION =
  'The rating blends the quality stars of the leads a member gave with how many of them were won (each won lead counts as a 5, each lost one as a 1, starting from one of each so a single lead cannot decide it), weighted by how many leads each part covers.';

/** What a member rating is made of: the average quality stars of their rated leads (one decimal), and their leads won and lost. */
export interface MemberRatingParts {
  quality: number | null;
  won: number;
  lost: number;
}

/** The rating said where it shows (a phone opens no tooltip): '3.8 · 4★ quality, 1 lead won, 0 lost'. */
export function memberRatingSummary(rating: number, { quality, won, lost }: MemberRatingParts): string {
  const stars = quality === null ? 'no quality stars yet' : `${quality}★ quality`;
  return `${rating} · ${stars}, ${won} ${won === 1 ? 'lead' : 'leads'} won, ${lost} lost`;
}

// These messages are built when the module loads: no Intl (format/numbers.ts).
const dollars = (cents: number) => {
  const rest = Math.abs(Math.round(cents) % 100);
  return `$${groupThousands(cents / 100)}.${String(rest).padStart(2, '0')}`;
};

export const OUTCOME_MESSAGES = {
  stageInvalid: 'Choose a stage: Contacted, Meeting, Proposal, Won or Lost',
  amountRequired: 'Enter the amount of business closed',
  amountInvalid: 'Amount must be a number of dollars, such as 12000 or 12000.50',
  amountPositive: 'Amount must be more than $0',
  amountTooLarge: `Amount must be at most ${dollars(WON_AMOUNT_MAX * 100)}`,
  amountCents: 'Amount can have at most 2 decimals',
  amountOnlyWon: 'Only a Won step has an amount',
  reasonRequired: 'Choose why the lead was lost',
  reasonOnlyLost: 'Only a Lost step has a reason',
  noteTooLong: `Must be less than ${OUTCOME_NOTE_MAX} characters`,
  notAllowed: 'Only the member this lead is assigned to can record its progress.',
  confirmNotAllowed:
    'Only the member this lead is assigned to, or an owner of the group while nobody has taken it, can confirm its progress.',
  confirmOwnReport: 'Progress you reported on your own lead is confirmed by someone else.',
  nothingToConfirm: 'There is no reported progress on this lead waiting to be confirmed.',
  confirmFailed: 'The progress of this lead could not be confirmed.',
  alreadyAssigned: 'This lead is already assigned to another member.',
  followUpDaysInvalid: `Choose between ${FOLLOW_UP_DAYS_MIN} and ${FOLLOW_UP_DAYS_MAX} days`,
  followUpDaysOwnerOnly: 'Only the owner of the group can change the follow-up reminder.',
  recordFailed: 'The progress of this lead could not be saved.',
  // Inbox and e-mail texts (LEAD_WON to the submitter, LEAD_FOLLOW_UP to the assignee)
  wonThanks: (closerName: string, amountCents: number, leadName: string) =>
    `Thank you for closed business: ${closerName} closed ${dollars(amountCents)} with your lead ${leadName}.`,
  followUp: (leadName: string, days: number) =>
    `Reminder: ${leadName} was assigned to you ${days} ${days === 1 ? 'day' : 'days'} ago with no progress recorded. How is it going?`,
} as const;

/** Dollars as the app shows them: $12,000.00. */
export const formatCents = dollars;

/** Dollars to integer cents, or undefined when the value has more than 2 decimals. */
export function dollarsToCents(amount: number): number | undefined {
  const cents = Math.round(amount * 100);
  // The tolerance is far below a cent and above the rounding of a double up to $1,000,000,000.
  return Math.abs(cents - amount * 100) < 1e-4 ? cents : undefined;
}
