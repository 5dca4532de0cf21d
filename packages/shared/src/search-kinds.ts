// Search everywhere's kinds and limits, without zod: the shell's search box loads with every page.

export const SEARCH_KINDS = ['LEADS', 'GROUPS', 'OPPORTUNITIES', 'CONTACTS', 'PEOPLE', 'MESSAGES'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The headings the web app shows each kind under, in this order. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  LEADS: 'Leads',
  GROUPS: 'Groups',
  OPPORTUNITIES: 'Opportunities',
  CONTACTS: 'Contacts',
  PEOPLE: 'People',
  MESSAGES: 'Messages',
};

export const SEARCH_QUERY_MAX = 100;
/** Results of each kind in an answer without `kind`. */
export const SEARCH_PREVIEW_SIZE = 5;
export const SEARCH_PAGE_MAX = 50;
export const SEARCH_PAGE_DEFAULT = 20;

export const SEARCH_MESSAGES = {
  queryRequired: 'Type something to search for',
  queryTooLong: `Must be at most ${SEARCH_QUERY_MAX} characters`,
  failed: 'Search failed. Please try again.',
  nothingFound: 'Nothing found',
} as const;
