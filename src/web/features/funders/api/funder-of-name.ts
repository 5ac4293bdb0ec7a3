import { queryOptions } from '@tanstack/react-query';
import type { Funder, FunderListParams } from '../../../../domain/funders.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { funderKeys } from './funder-keys.ts';

// The one funders query the pages of other features show (FunderLink: a grant's funder, a
// contact's or an opportunity's organization), apart from funders-api.ts so that those pages do
// not download the funders' own calls, nor the funders' pages this query.

/**
 * The funder whose name matches `name` without regard to case and spaces (as the server matches
 * them), or null; nothing is asked for a blank name.
 */
export const funderOfNameQueryOptions = (name: string) => {
  const params: FunderListParams = { name, limit: 1 };
  return queryOptions({
    queryKey: funderKeys.named(name),
    queryFn: async () =>
      (await api.getPage<Funder>(withQuery('/api/funders', { ...params }))).items[0] ?? null,
    enabled: name.trim() !== '',
    staleTime: 60_000,
  });
};
