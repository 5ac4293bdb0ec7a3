import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../domain/dashboard.ts';
import { api } from '../../../lib/api-client.ts';

/** The dashboard's totals and lists: refreshed by whatever changes contacts, interactions or grants. */
export const dashboardKeys = {
  all: ['/api/dashboard'] as const,
};

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: () => api.get<Dashboard>('/api/dashboard'),
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
