import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Funder, FunderDetail, FunderListParams } from '../../../../domain/funders.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import * as recordApi from '../../../lib/record-api.ts';
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

/** A funder's page (`GET /api/funders/:id`), or null when there is none with that id. */
export const funderQueryOptions = (id: number) =>
  recordApi.oneQueryOptions<FunderDetail>(funderKeys.one, '/api/funders', id);

/** The funder's page (funderQueryOptions); nothing is fetched while `id` is null. */
export const useFunder = (id: number | null) =>
  recordApi.useOne<FunderDetail>(funderKeys.one, '/api/funders', id);
