import { LEAD_SORT } from '../constants.js';
import { LEAD_OUTCOME_STAGES } from '../forms/outcome-terms.js';

// The lead list's sorts and filters as terms, without zod: the list's first page shows them, and the
// schemas (leads.ts) load only with the dialogs that check input.

/** The lead list's sorts: ACTIVITY (latest activity first, the default), NEWEST, NAME, COMPANY, RATING (best first). */
export const LEAD_SORTS = [LEAD_SORT, 'NEWEST', 'NAME', 'COMPANY', 'RATING'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const LEAD_SORT_LABELS: Record<LeadSort, string> = {
  ACTIVITY: 'Activity',
  NEWEST: 'Newest',
  NAME: 'Name',
  COMPANY: 'Company',
  RATING: 'Rating',
};
/** Filter Assigned to: the caller, anyone, or nobody. */
export const LEAD_ASSIGNED_FILTERS = ['ME', 'ANYONE', 'NO_ONE'] as const;
export type LeadAssignedFilter = (typeof LEAD_ASSIGNED_FILTERS)[number];
/** Filter Outcome: no step recorded yet, or the latest step's stage. */
export const LEAD_OUTCOME_FILTERS = ['NONE', ...LEAD_OUTCOME_STAGES] as const;
export type LeadOutcomeFilter = (typeof LEAD_OUTCOME_FILTERS)[number];
/** Filter Added: the last 7, 30 or 90 days (or added_from / added_to). */
export const LEAD_ADDED_FILTERS = ['7', '30', '90'] as const;
export type LeadAddedFilter = (typeof LEAD_ADDED_FILTERS)[number];
export const LEAD_SEARCH_MAX = 100;
/** A filtered or searched list counts its matches up to this many, then answers "1,000+" (totalCountCapped). */
export const LEAD_FILTERED_COUNT_MAX = 1000;
