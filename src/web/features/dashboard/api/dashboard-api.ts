import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../domain/dashboard.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/format.ts';

/**
 * The dashboard's totals and lists: refreshed by whatever changes contacts, interactions, grants
 * or tasks.
 */
export const dashboardKeys = {
  all: ['/api/dashboard'] as const,
};

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    // Its task lists count days as the user's clock does: due today, overdue since yesterday.
    queryFn: () => api.get<Dashboard>(withQuery('/api/dashboard', { tz: browserTimeZone() })),
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
