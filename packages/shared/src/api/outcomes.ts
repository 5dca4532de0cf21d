import { z } from 'zod';
import { LEAD_EMAIL_MAX, LEAD_LINKEDIN_MAX, LEAD_NAME_MAX } from '../constants.js';
import { checkOutcomeStep, outcomeStepShape } from '../forms/outcome.js';
import { DUPLICATE_MATCH_KINDS, LEAD_LOST_REASONS, LEAD_OUTCOME_STAGES } from '../forms/outcome-terms.js';
import { text } from '../text.js';
import { defineCall, idField } from './call.js';
import { outcomeCallPaths } from './call-paths.js';

// What became of a lead, who gets the credit, duplicates and a member's card
// (docs/decisions/outcomes.md). Every call naming a lead answers as the lead calls do: 404 LEAD_NOT_FOUND when it
// does not exist, 403 GROUP_NOT_MEMBER to a non-member of its group. Amounts are answered in integer
// cents (`…Cents`); a request sends dollars.

/** A lead's current outcome: its latest step. Null on a lead nobody has recorded a step for. */
export const leadOutcome = z.object({
  stage: z.enum(LEAD_OUTCOME_STAGES),
  // When the latest step was recorded.
  at: z.string(),
  // Won: the business closed, credited to the lead's submitter. Null otherwise.
  amountCents: z.number().int().nullable(),
  // Lost: why. Null otherwise.
  lostReason: z.enum(LEAD_LOST_REASONS).nullable(),
  // The latest step was reported by the submitter and nobody has confirmed it yet: a Won reported that
  // way is not closed business (scoreboard, member card, rating) until it is confirmed.
  unconfirmed: z.boolean(),
});
export type LeadOutcome = z.infer<typeof leadOutcome>;

/** One step of a lead's timeline, as recorded. */
export const leadOutcomeStep = z.object({
  stepId: z.number().int(),
  stage: z.enum(LEAD_OUTCOME_STAGES),
  amountCents: z.number().int().nullable(),
  lostReason: z.enum(LEAD_LOST_REASONS).nullable(),
  note: z.string().nullable(),
  // Who recorded it (the assignee, or the submitter while nobody had taken the lead), and their name or 'Deleted user'.
  userId: z.number().int(),
  userName: z.string(),
  createdAt: z.string(),
  // Recorded by the member who submitted the lead: "reported by the submitter".
  reportedBySubmitter: z.boolean(),
  // Who confirmed a reported step and when; null while nobody has (and for the assignee's own steps).
  confirmedBy: z.object({ userId: z.number().int(), userName: z.string() }).nullable(),
  confirmedAt: z.string().nullable(),
});
export type LeadOutcomeStep = z.infer<typeof leadOutcomeStep>;

/** A lead's outcome and its timeline, oldest step first (at most the latest 200 steps). */
export const leadOutcomeTimeline = z.object({
  leadId: z.number().int(),
  outcome: leadOutcome.nullable(),
  // The caller may record a step: they are the lead's assignee, or its submitter while nobody has taken it.
  canRecord: z.boolean(),
  // The caller may confirm the latest step, reported by the submitter: they are the assignee, or, while
  // nobody else has taken the lead, an owner of the group (never the submitter).
  canConfirm: z.boolean(),
  steps: z.array(leadOutcomeStep),
});
export type LeadOutcomeTimeline = z.infer<typeof leadOutcomeTimeline>;

// Record a step: Won needs `amount` (dollars, > 0, ≤ 1,000,000,000, whole cents), Lost needs
// `lost_reason`; neither goes with another stage (400). The assignee, or the submitter while nobody has
// taken the lead (their steps are "reported by the submitter", unconfirmed); 403 LEAD_OUTCOME_NOT_ALLOWED
// to other members, the submitter of an assigned lead included.
export const leadOutcomeRecordRequest = z
  .strictObject({ lead_id: idField, ...outcomeStepShape })
  .superRefine((v, ctx) => checkOutcomeStep(v, ctx));

export const leadOutcomeListRequest = z.strictObject({ lead_id: idField });

// Confirm the latest step, reported by the submitter: the assignee, or, while nobody else has taken the
// lead, an owner of the group. 403 LEAD_OUTCOME_OWN_REPORT to the submitter, LEAD_OUTCOME_CONFIRM_NOT_ALLOWED
// to other members; 409 LEAD_OUTCOME_NOTHING_TO_CONFIRM when the latest step waits for no confirmation.
export const leadOutcomeConfirmRequest = z.strictObject({ lead_id: idField });

// A duplicate check while creating or editing a lead: the dialog's fields (any of them, as typed);
// `lead_id` is the lead being edited (never matched with itself; must be in the group).
export const leadDuplicatesRequest = z.strictObject({
  group_id: idField,
  lead_id: idField.optional(),
  first_name: text().max(LEAD_NAME_MAX).optional(),
  last_name: text().max(LEAD_NAME_MAX).optional(),
  company: text().max(LEAD_NAME_MAX).optional(),
  email: text().max(LEAD_EMAIL_MAX).optional(),
  phone: text().max(50).optional(),
  linkedin: text().max(LEAD_LINKEDIN_MAX).optional(),
});
export const leadDuplicate = z.object({
  leadId: z.number().int(),
  fullName: z.string(),
  company: z.string(),
  // The submitter, and their name or 'Deleted user'.
  createdBy: z.number().int(),
  ownerName: z.string(),
  createdAt: z.string(),
  matchedOn: z.array(z.enum(DUPLICATE_MATCH_KINDS)),
});
export type LeadDuplicate = z.infer<typeof leadDuplicate>;
// Oldest first, at most DUPLICATES_MAX; only leads of that group.
export const leadDuplicatesResponse = z.object({ duplicates: z.array(leadDuplicate) });

/** A member's profile card in one group. */
export const memberStatsRequest = z.strictObject({ group_id: idField, user_id: idField });
export const memberStats = z.object({
  groupId: z.number().int(),
  userId: z.number().int(),
  // Leads they submitted to the group.
  leadsGiven: z.number().int(),
  // Leads of the group assigned to them.
  leadsReceived: z.number().int(),
  // Leads they gave that are Won now, and the business closed from them.
  wonCount: z.number().int(),
  closedBusinessCents: z.number().int(),
  // Leads assigned to them that are Won now (the business they closed for others).
  receivedWonCount: z.number().int(),
});
export type MemberStats = z.infer<typeof memberStats>;

export const outcomeCalls = {
  record: defineCall({
    ...outcomeCallPaths.record,
    summary:
      "Record a lead's progress: Contacted, Meeting, Proposal, Won (amount) or Lost (reason) (its assignee, or its submitter while unassigned)",
    request: leadOutcomeRecordRequest,
    response: leadOutcomeTimeline,
  }),
  confirm: defineCall({
    ...outcomeCallPaths.confirm,
    summary:
      "Confirm a lead's progress reported by its submitter (its assignee, or a group owner while nobody has taken it)",
    request: leadOutcomeConfirmRequest,
    response: leadOutcomeTimeline,
  }),
  list: defineCall({
    ...outcomeCallPaths.list,
    summary: "A lead's outcome and its timeline of steps (members of its group)",
    request: leadOutcomeListRequest,
    response: leadOutcomeTimeline,
  }),
  duplicates: defineCall({
    ...outcomeCallPaths.duplicates,
    summary:
      'Leads of the group matching an e-mail, phone, LinkedIn profile, or name and company (members of the group)',
    request: leadDuplicatesRequest,
    response: leadDuplicatesResponse,
  }),
  memberStats: defineCall({
    ...outcomeCallPaths.memberStats,
    summary: "A member's leads given, received and won, and the business closed from the leads they gave (members)",
    request: memberStatsRequest,
    response: memberStats,
  }),
} as const;
