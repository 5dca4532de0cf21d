import {
  ROUTES,
  routePath,
  SEARCH_KINDS,
  SEARCH_PREVIEW_SIZE,
  type SearchGroup,
  type SearchKind,
  type SearchResponse,
  type SearchResult,
  searchMatchRanges,
} from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import * as q from './search.queries.js';

// Search everywhere: what the caller may see, each kind checked in its own query, so nothing another
// person's permissions hide is found or counted. The one module a move to a search engine would change.

const SNIPPET_BEFORE = 40;
const SNIPPET_LENGTH = 160;

/** A long message cut around its first match. */
function snippet(message: string, query: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_LENGTH) return flat;
  const first = searchMatchRanges(flat, query)[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - SNIPPET_BEFORE, flat.length - SNIPPET_LENGTH));
  const cut = flat.slice(start, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_LENGTH < flat.length ? '…' : ''}`;
}

const CHAT_ROUTES: Record<string, string> = {
  GROUP: ROUTES.chatGroups,
  BUSINESS: ROUTES.chatBusiness,
  DIRECT: ROUTES.chatDirect,
  OPPORTUNITY: ROUTES.chatOpportunities,
};

/** Where a message opens: its room's chat page, or the lead's or contact's comments. */
function messageLink(row: q.SearchRow): string {
  if (row.link_kind === 'LEAD') return routePath(ROUTES.groupLead, { group_id: row.link_c!, lead_id: row.link_b! });
  if (row.link_kind === 'CONTACT') {
    return routePath(ROUTES.opportunityContact, { opportunity_id: row.link_c!, contact_id: row.link_b! });
  }
  return `${CHAT_ROUTES[row.link_kind ?? ''] ?? ROUTES.chatDirect}?room=${row.link_a}`;
}

function linkOf(kind: SearchKind, row: q.SearchRow): string {
  switch (kind) {
    case 'LEADS':
      return routePath(ROUTES.groupLead, { group_id: row.link_a!, lead_id: row.id });
    case 'GROUPS':
      return routePath(ROUTES.group, { group_id: row.id });
    case 'OPPORTUNITIES':
      return routePath(ROUTES.opportunityInformation, { opportunity_id: row.id });
    case 'CONTACTS':
      return routePath(ROUTES.opportunityContact, { opportunity_id: row.link_a!, contact_id: row.id });
    case 'PEOPLE':
      // Their direct room when there is one; otherwise the direct rooms, where NEW ROOM starts one.
      return row.link_a === null ? ROUTES.chatDirect : `${ROUTES.chatDirect}?room=${row.link_a}`;
    case 'MESSAGES':
      return messageLink(row);
  }
}

function toResult(kind: SearchKind, row: q.SearchRow, query: string): SearchResult {
  return {
    kind,
    id: row.id,
    title: kind === 'MESSAGES' ? snippet(row.title, query) : row.title,
    subtitle: row.subtitle ?? '',
    link: linkOf(kind, row),
  };
}

async function searchGroup(
  deps: AppDeps,
  userId: number,
  kind: SearchKind,
  terms: q.SearchTerms,
  page: q.Page,
): Promise<SearchGroup> {
  // One more than asked: whether there are more, without counting them.
  const rows = await q.searchKind(deps.db, kind, userId, terms, { offset: page.offset, limit: page.limit + 1 });
  return {
    kind,
    results: rows.slice(0, page.limit).map((row) => toResult(kind, row, terms.query)),
    hasMore: rows.length > page.limit,
  };
}

export async function search(
  deps: AppDeps,
  userId: number,
  input: { query: string; kind?: SearchKind; start_position: number; get_next: number },
): Promise<SearchResponse> {
  const query = input.query.split(/\s+/).filter(Boolean).join(' ');
  const terms = q.searchTerms(query);
  if (input.kind) {
    const group = await searchGroup(deps, userId, input.kind, terms, {
      offset: input.start_position,
      limit: input.get_next,
    });
    return { groups: [group] };
  }
  const groups = await Promise.all(
    SEARCH_KINDS.map((kind) => searchGroup(deps, userId, kind, terms, { offset: 0, limit: SEARCH_PREVIEW_SIZE })),
  );
  return { groups };
}
