import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Funder, FunderDetail, FunderListParams } from '../../../../domain/funders.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/format.ts';
import { funderKeys } from './funder-keys.ts';

export { funderKeys };

export const fundersQueryOptions = (params: FunderListParams) =>
  queryOptions({
    queryKey: funderKeys.list(params),
    queryFn: () => api.getPage<Funder>(withQuery('/api/funders', { ...params })),
    placeholderData: keepPreviousData,
  });

export const useFunders = (params: FunderListParams, enabled = true) =>
  useQuery({ ...fundersQueryOptions(params), enabled });

/**
 * A funder's page (`GET /api/funders/:id`), or null when there is none with that id: its
 * upcoming deadlines from the start of the reader's day, as the dashboard's.
 */
export const funderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: funderKeys.one(id),
    queryFn: () =>
      api.getOrNull<FunderDetail>(withQuery(`/api/funders/${id}`, { tz: browserTimeZone() })),
  });

/** The funder's page (funderQueryOptions); nothing is fetched while `id` is null. */
export const useFunder = (id: number | null) =>
  useQuery({ ...funderQueryOptions(id ?? 0), enabled: id !== null });
