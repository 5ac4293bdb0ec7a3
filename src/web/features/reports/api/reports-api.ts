import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reports } from '../../../../domain/reports.ts';
import { api, withQuery } from '../../../lib/api-client.ts';

/**
 * The Reports page's figures, one query per year; `undefined` is the year it is where the
 * organization is (its time zone's), which the server answers with.
 */
export const reportKeys = {
  all: ['/api/reports'] as const,
  year: (year: number | undefined) => [...reportKeys.all, year ?? 'this year'] as const,
};

/**
 * Figures drawn from every grant, task and requirement: rather than have each of their changes
 * name this query, it is read again each time the page opens (the last figures show meanwhile).
 */
export const reportsQueryOptions = (year: number | undefined) =>
  queryOptions({
    queryKey: reportKeys.year(year),
    queryFn: () => api.get<Reports>(withQuery('/api/reports', { year })),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useReports = (year: number | undefined) => useQuery(reportsQueryOptions(year));
