import { ROUTES, type SearchKind } from '@leadcircle/shared';

/** The results page of a query: every kind, or one kind paged. */
export function searchPageLink(query: string, kind?: SearchKind): string {
  const params = new URLSearchParams({ q: query.trim() });
  if (kind) params.set('kind', kind);
  return `${ROUTES.search}?${params}`;
}
