import { z } from 'zod';
import {
  SEARCH_KINDS,
  SEARCH_MESSAGES,
  SEARCH_PAGE_DEFAULT,
  SEARCH_PAGE_MAX,
  SEARCH_QUERY_MAX,
} from '../search-kinds.js';
import { text } from '../text.js';
import { defineCall } from './call.js';
import { searchCallPaths } from './call-paths.js';

// Search everywhere: one query across what the caller may see (leads of their groups, their groups,
// opportunities they own or that are shared with them, those opportunities' contacts, people they share
// a group, an opportunity or the business with, messages of their rooms). Without `kind`, the first few
// of every kind and whether there are more; with it, a page of that kind.

export const searchRequest = z.strictObject({
  query: text({ error: SEARCH_MESSAGES.queryRequired })
    .trim()
    .min(1, SEARCH_MESSAGES.queryRequired)
    .max(SEARCH_QUERY_MAX, SEARCH_MESSAGES.queryTooLong),
  kind: z.enum(SEARCH_KINDS).optional(),
  start_position: z.number({ error: 'Must be a number' }).int().min(0).max(10_000).default(0),
  get_next: z.number({ error: 'Must be a number' }).int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE_DEFAULT),
});
export type SearchRequest = z.input<typeof searchRequest>;

export const searchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  // The web app's route that opens it.
  link: z.string(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchGroup = z.object({
  kind: z.enum(SEARCH_KINDS),
  results: z.array(searchResult),
  // More of this kind after these (a page further, or "See all").
  hasMore: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroup>;

export const searchResponse = z.object({
  // Every kind in SEARCH_KINDS order without `kind`; only that kind with it.
  groups: z.array(searchGroup),
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const searchCalls = {
  search: defineCall({
    ...searchCallPaths.search,
    summary:
      'Search leads, groups, opportunities, contacts, people and messages the caller may see (ranked: exact, prefix, fuzzy)',
    request: searchRequest,
    response: searchResponse,
  }),
} as const;
