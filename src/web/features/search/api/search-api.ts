import { queryOptions } from '@tanstack/react-query';
import type { SearchResult, SearchResults } from '../../../../domain/search.ts';
import { paths } from '../../../app/paths.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { SEARCH_KEY } from '../../../lib/mutations.ts';

export const searchKeys = {
  all: SEARCH_KEY,
  results: (q: string) => [...searchKeys.all, q] as const,
};

/** The search over everything for `q` (kept briefly: typing back to an earlier query is instant). */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.results(q),
    queryFn: () => api.get<SearchResults>(withQuery('/api/search', { q })),
    staleTime: 10_000,
  });

/** The page a result opens: the record's own, or for a task its grant's. */
export function resultPath(result: SearchResult): string {
  switch (result.kind) {
    case 'contact':
      return `${paths.contacts}/${result.id}`;
    case 'funder':
      return `${paths.funders}/${result.id}`;
    case 'grant':
      return `${paths.grants}/${result.id}`;
    case 'opportunity':
      return `${paths.opportunities}/${result.id}`;
    case 'interaction':
      return `${paths.interactions}/${result.id}`;
    case 'task':
      return `${paths.grants}/${result.grantId}`;
  }
}
