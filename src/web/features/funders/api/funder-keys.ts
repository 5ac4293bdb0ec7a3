import type { FunderListParams } from '../../../../domain/funders.ts';
import * as recordApi from '../../../lib/record-api.ts';

// The funders' query keys, apart from funders-api.ts: other features' API modules refresh the
// funders without taking the funders' own calls (and the features those refresh) into their
// download.

/** Every funders query sits under `all`: the list's pages, and each funder's page. */
export const funderKeys = {
  ...recordApi.keys<FunderListParams>('/api/funders'),
  /** Every funder's page: it shows the interactions with its contacts and its grants' deadlines. */
  pages: () => [...funderKeys.all, 'one'] as const,
  /** The funder a name belongs to (funderOfNameQueryOptions). */
  named: (name: string) => [...funderKeys.all, 'named', name.trim().toLowerCase()] as const,
};
