import {
  type CallRequest,
  LEAD_ADDED_FILTERS,
  LEAD_ASSIGNED_FILTERS,
  LEAD_OUTCOME_FILTERS,
  LEAD_SEARCH_MAX,
  LEAD_SORT,
  LEAD_SORTS,
  type LeadListFilters,
  type LeadSort,
  type leadCalls,
  PAGE_SIZE,
  RATING_MAX,
  STATE_ABBREVIATIONS,
} from '@leadcircle/shared';

// The lead list's search, filters and sort as they live in the address
// (?q=acme&state=CA&outcome=WON&sort=NAME), so a list can be bookmarked, shared, reloaded and gone
// Back to. A value the list does not know is dropped, never sent.

export interface LeadListQuery {
  search: string;
  filters: LeadListFilters;
  sort: LeadSort;
}

const FILTER_PARAMS = [
  'state',
  'submitted_by',
  'assigned',
  'outcome',
  'min_rating',
  'added',
  'added_from',
  'added_to',
  'duplicates_only',
] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's search, filters and sort from the address's query. */
export function readLeadListQuery(params: URLSearchParams): LeadListQuery {
  const filters: LeadListFilters = {};
  const state = oneOf(STATE_ABBREVIATIONS, params.get('state'));
  if (state) filters.state = state;
  const submittedBy = Number(params.get('submitted_by'));
  if (Number.isSafeInteger(submittedBy) && submittedBy > 0) filters.submitted_by = submittedBy;
  const assigned = oneOf(LEAD_ASSIGNED_FILTERS, params.get('assigned'));
  if (assigned) filters.assigned = assigned;
  const outcome = oneOf(LEAD_OUTCOME_FILTERS, params.get('outcome'));
  if (outcome) filters.outcome = outcome;
  const rating = Number(params.get('min_rating'));
  if (Number.isInteger(rating) && rating >= 1 && rating <= RATING_MAX) filters.min_rating = rating;
  const added = oneOf(LEAD_ADDED_FILTERS, params.get('added'));
  const from = params.get('added_from') ?? '';
  const to = params.get('added_to') ?? '';
  if (added) filters.added = added;
  else {
    if (DAY.test(from)) filters.added_from = from;
    if (DAY.test(to) && !(DAY.test(from) && from > to)) filters.added_to = to;
  }
  if (params.get('duplicates_only') === 'true') filters.duplicates_only = true;
  return {
    search: (params.get('q') ?? '').slice(0, LEAD_SEARCH_MAX),
    filters,
    sort: oneOf(LEAD_SORTS, params.get('sort')) ?? LEAD_SORT,
  };
}

/** The address's query for a list: only what differs from the plain list (the default sort is left out). */
export function leadListParams(query: LeadListQuery): URLSearchParams {
  const params = new URLSearchParams();
  const search = query.search.trim();
  if (search) params.set('q', search);
  for (const name of FILTER_PARAMS) {
    const value = query.filters[name];
    if (value !== undefined && value !== false) params.set(name, String(value));
  }
  if (query.sort !== LEAD_SORT) params.set('sort', query.sort);
  return params;
}

/** True when the list is searched or filtered (its count is then capped). */
export function isNarrowed(query: LeadListQuery): boolean {
  return query.search.trim() !== '' || Object.values(query.filters).some((v) => v !== undefined && v !== false);
}

/** The list call for a page: one page on or back goes by the answer's cursor. */
export function leadListArgs(
  groupId: number,
  query: LeadListQuery,
  page: number,
  cursor?: string,
): CallRequest<typeof leadCalls.list> {
  const search = query.search.trim();
  const hasFilters = Object.values(query.filters).some((v) => v !== undefined && v !== false);
  return {
    group_id: groupId,
    start_position: page * PAGE_SIZE,
    get_next: PAGE_SIZE,
    ...(search && { search }),
    ...(hasFilters && { filters: query.filters }),
    ...(query.sort !== LEAD_SORT && { sort_by: query.sort }),
    ...(cursor && { cursor }),
  };
}

/** The export's query string: the group and what the list shows. */
export function leadExportParams(groupId: number, query: LeadListQuery): string {
  const params = leadListParams(query);
  const search = params.get('q');
  params.delete('q');
  params.delete('sort');
  if (search) params.set('search', search);
  params.set('group_id', String(groupId));
  return params.toString();
}
