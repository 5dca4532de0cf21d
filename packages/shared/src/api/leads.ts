import { z } from 'zod';
import { LEAD_SORT, PAGE_SIZE, RATING_MAX } from '../constants.js';
import { STATE_ABBREVIATIONS } from '../format/us-states.js';
import { leadFieldsShape, postalField } from '../forms/lead.js';
import { LEAD_MESSAGES } from '../forms/lead-messages.js';
import { requireOneContact } from '../forms/person.js';
import { text } from '../text.js';
import { defineCall, idField, messageResponse } from './call.js';
import { addressCallPaths, leadCallPaths, ratingCallPaths } from './call-paths.js';
import { pageFields } from './groups.js';
import {
  LEAD_ADDED_FILTERS,
  LEAD_ASSIGNED_FILTERS,
  LEAD_OUTCOME_FILTERS,
  LEAD_SEARCH_MAX,
  LEAD_SORTS,
} from './lead-list-terms.js';
import { leadOutcome } from './outcomes.js';
import { personRecordShape } from './person.js';
import { memberScoreFields, statsMonth, topGiver } from './stats.js';

// Leads, their ratings and comments: every call that names a lead answers
// 404 LEAD_NOT_FOUND when it does not exist (or is not in the group the call names), 403
// GROUP_NOT_MEMBER to a non-member of its group, and 403 LEAD_OWNER_ONLY where only the member who
// submitted it may act (docs/decisions/leads.md).

/** An address as the calls answer it; the country is US. */
export const address = z.object({
  streetOne: z.string(),
  streetTwo: z.string().nullable(),
  city: z.string(),
  stateAbbrv: z.string(),
  postal: z.string(),
  placeId: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Address = z.infer<typeof address>;

/** A lead's rating: the average of members' ratings, and the caller's own. */
export const leadRating = z.object({
  // Average of the members' ratings, one decimal; null while nobody has rated.
  rating: z.number().nullable(),
  // The caller's own rating; null when they have not rated (always null for the lead's owner).
  userRating: z.number().int().nullable(),
  count: z.number().int(),
});
export type LeadRating = z.infer<typeof leadRating>;

/** A lead as a member of its group sees it (list rows and /lead/get). */
export const lead = z.object({
  leadId: z.number().int(),
  groupId: z.number().int(),
  ...personRecordShape,
  address,
  createdBy: z.number().int(),
  // The submitter's name, or 'Deleted user'.
  ownerName: z.string(),
  // createdBy equals the caller: edit, remove, and a read-only rating.
  isOwner: z.boolean(),
  assignedTo: z.object({ userId: z.number().int(), fullName: z.string() }).nullable(),
  // Quality rating (the lead card's 0–5 stars).
  rating: leadRating,
  // The lead's chat room: its comments (/chat/lead/list, /chat/message/send).
  roomId: z.number().int(),
  createdAt: z.string(),
  // ACTIVITY order: the latest of creation, edit, rating and comment.
  lastActivityAt: z.string(),
  // Its latest outcome step; null until one is recorded.
  outcome: leadOutcome.nullable(),
  // The oldest earlier lead of the group it matches (e-mail, phone, LinkedIn, or name and company); null when none.
  duplicateOfLeadId: z.number().int().nullable(),
});
export type Lead = z.infer<typeof lead>;

const oneOf = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `${what} must be one of ${values.join(', ')}` });
const isoDay = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date as YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Must be a real date');
// A boolean, also as a query string's "true"/"false".
const flag = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'Must be true or false' }),
);
const minRating = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'Must be a number from 1 to 5' })
    .int('Must be a number from 1 to 5')
    .min(1, 'Must be a number from 1 to 5')
    .max(RATING_MAX, 'Must be a number from 1 to 5'),
);

/** The list's filters, combined with AND; each absent one does not filter. */
export const leadListFiltersShape = {
  state: oneOf(STATE_ABBREVIATIONS, 'state').optional(),
  // The member who submitted the lead.
  submitted_by: idField.optional(),
  assigned: oneOf(LEAD_ASSIGNED_FILTERS, 'assigned').optional(),
  outcome: oneOf(LEAD_OUTCOME_FILTERS, 'outcome').optional(),
  // At least this average quality rating.
  min_rating: minRating.optional(),
  added: oneOf(LEAD_ADDED_FILTERS, 'added').optional(),
  // A range of days (UTC), both ends included; either end may be left open.
  added_from: isoDay.optional(),
  added_to: isoDay.optional(),
  // Only leads marked as a duplicate of an earlier one.
  duplicates_only: flag.optional(),
};
type FiltersInput = { added?: string; added_from?: string; added_to?: string };
const checkAdded = (v: FiltersInput, ctx: z.RefinementCtx) => {
  if (v.added !== undefined && (v.added_from !== undefined || v.added_to !== undefined)) {
    ctx.addIssue({ code: 'custom', path: ['added'], message: 'Give added or added_from/added_to, not both' });
  }
  if (v.added_from !== undefined && v.added_to !== undefined && v.added_from > v.added_to) {
    ctx.addIssue({ code: 'custom', path: ['added_to'], message: 'Must not be before added_from' });
  }
};
export const leadListFilters = z.strictObject(leadListFiltersShape).superRefine(checkAdded);
export type LeadListFilters = z.output<typeof leadListFilters>;

// Words of a name, company, title, e-mail, city, or phone digits; trimmed, at most 100 characters.
const searchField = text().trim().max(LEAD_SEARCH_MAX, `Must be at most ${LEAD_SEARCH_MAX} characters`);
const sortField = oneOf(LEAD_SORTS, 'sort_by');

// Keyset paging beside start_position: `cursor`, when given, is a nextCursor or previousCursor of an
// earlier answer for the same search, filters and sort, and the page starts from that lead
// (start_position is then only the page's place), so moving one page on or back costs the same at any depth.
export const leadListRequest = z.strictObject({
  group_id: idField,
  ...pageFields,
  search: searchField.optional(),
  filters: leadListFilters.optional(),
  sort_by: sortField.default(LEAD_SORT),
  cursor: text()
    .regex(/^[A-Za-z0-9_-]{1,1000}$/, LEAD_MESSAGES.cursorInvalid)
    .optional(),
});
export const leadListResponse = z.object({
  leads: z.array(lead),
  // Every lead of the group; with a search or filters, the matches up to LEAD_FILTERED_COUNT_MAX.
  totalCount: z.number().int(),
  // More than LEAD_FILTERED_COUNT_MAX match ("1,000+"); false without a search or filters.
  totalCountCapped: z.boolean(),
  // The page after this one and the page before it, from this page's last and first lead; null on an empty page.
  nextCursor: z.string().nullable(),
  previousCursor: z.string().nullable(),
});

export const leadIdRequest = z.strictObject({ lead_id: idField });

// Create: { group_id, lead } with lead_id 0.
export const leadCreateRequest = z.strictObject({
  group_id: idField,
  lead: z
    .strictObject({ lead_id: z.literal(0).optional(), ...leadFieldsShape })
    .superRefine((v, ctx) => requireOneContact(v, ctx)),
});

// Update: { lead_id, group_id, lead fields }.
export const leadUpdateRequest = z
  .strictObject({ lead_id: idField, group_id: idField, ...leadFieldsShape })
  .superRefine((v, ctx) => requireOneContact(v, ctx));

export const leadAssignRequest = z.strictObject({ group_id: idField, lead_id: idField, user_id: idField });

export const leadGroupStatsRequest = z.strictObject({
  // Group ids; absent or empty: every group of the caller (at most 50).
  ids: z.array(idField).max(PAGE_SIZE).optional(),
  search_by: text().max(50).optional(),
});
export const leadGroupStatsResponse = z.object({
  groups: z.array(
    z.object({
      groupId: z.number().int(),
      leadsCount: z.number().int(),
      // Leads of the group that are Won now, and their amounts.
      wonCount: z.number().int(),
      wonAmountCents: z.number().int(),
      // wonCount / leadsCount, 0 to 1 (three decimals); null while the group has no lead.
      conversion: z.number().nullable(),
      // The last 12 months, oldest first.
      monthly: z.array(statsMonth),
      // Current members, by business closed then leads given in the window; at most 10 each, members with neither left out.
      topGivers: z.object({ last30Days: z.array(topGiver), last90Days: z.array(topGiver) }),
    }),
  ),
});

export const leadUserStatsRequest = z.strictObject({
  // User ids to report on; absent or empty: every member.
  filter_ids: z.array(idField).max(PAGE_SIZE).optional(),
  // Group ids to report on; absent or empty: every group of the caller (at most 50).
  search_ids: z.array(idField).max(PAGE_SIZE).optional(),
  filter_by: text().max(50).optional(),
  search_by: text().max(50).optional(),
});
export const leadUserStatsResponse = z.object({
  usersStats: z.array(z.object({ groupId: z.number().int(), ...memberScoreFields })),
});

// A rating is a whole number 0–5; 0 takes the caller's rating back.
export const ratingValue = z
  .number({ error: LEAD_MESSAGES.ratingInvalid })
  .int(LEAD_MESSAGES.ratingInvalid)
  .min(0, LEAD_MESSAGES.ratingInvalid)
  .max(RATING_MAX, LEAD_MESSAGES.ratingInvalid);

export const qualityRateRequest = z.strictObject({ lead_id: idField, rating: ratingValue });
export const relevancyRateRequest = z.strictObject({ lead_id: idField, group_id: idField, rating: ratingValue });
export const userRatingsRequest = z.strictObject({ user_ids: z.array(idField).min(1).max(PAGE_SIZE) });
export const userRatingsResponse = z.object({
  // A member's rating: their leads' quality ratings blended with their outcomes (MEMBER_RATING_EXPLANATION);
  // null when none of their leads is rated, won or lost.
  userRatings: z.array(z.object({ userId: z.number().int(), rating: z.number().nullable() })),
});

// The address form's ZIP lookup (an offline ZIP table on the server).
export const zipLookupRequest = z.strictObject({ postal: postalField });
export const zipLookupResponse = z.object({
  postal: z.string(),
  city: z.string(),
  stateAbbrv: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/**
 * The CSV export of a group's leads (the fixed headers): `GET /api/lead/export?group_id=…` with
 * the bearer token, answered as a streamed text/csv attachment. Not in the spec's call tables,
 * which name no export call; a GET, so the browser's download helper can fetch it. It exports what the
 * list shows: the same search and filters (flat in the query string), oldest lead first (sort_by is
 * taken, so the list's query string serves as is, and does not change that order).
 */
export const leadExportQuery = z
  .strictObject({
    group_id: idField,
    search: searchField.optional(),
    sort_by: sortField.optional(),
    ...leadListFiltersShape,
  })
  .superRefine(checkAdded);

export const leadCalls = {
  list: defineCall({
    ...leadCallPaths.list,
    summary: "A group's leads, most recently active first (sort ACTIVITY), 50 a page",
    request: leadListRequest,
    response: leadListResponse,
  }),
  get: defineCall({
    ...leadCallPaths.get,
    summary: 'One lead (members of its group)',
    request: leadIdRequest,
    response: lead,
  }),
  create: defineCall({
    ...leadCallPaths.create,
    summary: 'Submit a lead to a group (members); the caller becomes its owner',
    request: leadCreateRequest,
    response: lead,
  }),
  update: defineCall({
    ...leadCallPaths.update,
    summary: 'Change a lead (its owner)',
    request: leadUpdateRequest,
    response: lead,
  }),
  delete: defineCall({
    ...leadCallPaths.delete,
    summary: 'Delete a lead, its ratings and comments (its owner)',
    request: leadIdRequest,
    response: messageResponse,
  }),
  assign: defineCall({
    ...leadCallPaths.assign,
    summary:
      'Assign a lead to a member of its group (its owner), or take an unassigned lead (any member, user_id = caller)',
    request: leadAssignRequest,
    response: lead,
  }),
  groupStats: defineCall({
    ...leadCallPaths.groupStats,
    summary: "Leads, wins, conversion, months and top givers per group, for the caller's groups",
    request: leadGroupStatsRequest,
    response: leadGroupStatsResponse,
  }),
  userStats: defineCall({
    ...leadCallPaths.userStats,
    summary: "Leads submitted, received and won per member, month by month, in the caller's groups",
    request: leadUserStatsRequest,
    response: leadUserStatsResponse,
  }),
} as const;

export const ratingCalls = {
  qualityGet: defineCall({
    ...ratingCallPaths.qualityGet,
    summary: "A lead's quality rating: the members' average and the caller's own",
    request: leadIdRequest,
    response: leadRating,
  }),
  qualityRate: defineCall({
    ...ratingCallPaths.qualityRate,
    summary: "Rate a lead's quality 1–5, or 0 to take the rating back (members other than its owner)",
    request: qualityRateRequest,
    response: leadRating,
  }),
  relevancyRate: defineCall({
    ...ratingCallPaths.relevancyRate,
    summary: "Rate a lead's relevancy to the caller 1–5, or 0 to take it back (members other than its owner)",
    request: relevancyRateRequest,
    response: leadRating,
  }),
  user: defineCall({
    ...ratingCallPaths.user,
    summary:
      'Members’ ratings: the quality ratings and outcomes of the leads each submitted (the caller and co-members only)',
    request: userRatingsRequest,
    response: userRatingsResponse,
  }),
} as const;

export const addressCalls = {
  zipLookup: defineCall({
    ...addressCallPaths.zipLookup,
    summary: 'City, state and coordinates of a US ZIP code, from the offline ZIP table',
    request: zipLookupRequest,
    response: zipLookupResponse,
  }),
} as const;
