import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../domain/dashboard.ts';
import type { TaskAssigneeFilter } from '../../../../domain/task-constants.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/format.ts';

/** Whose tasks the dashboard's task lists show: `me`, or everyone's when left out. */
interface DashboardView {
  assignee?: TaskAssigneeFilter | undefined;
}

/**
 * The dashboard's totals and lists (under `all`, each view its own): refreshed by whatever
 * changes contacts, interactions, grants or tasks.
 */
export const dashboardKeys = {
  all: ['/api/dashboard'] as const,
  view: (view: DashboardView) => [...dashboardKeys.all, view] as const,
};

/** A change of view keeps the dashboard shown until the new one arrives. */
export const dashboardQueryOptions = (view: DashboardView = {}) =>
  queryOptions({
    queryKey: dashboardKeys.view(view),
    // Its task lists count days as the user's clock does: due today, overdue since yesterday.
    queryFn: () =>
      api.get<Dashboard>(
        withQuery('/api/dashboard', { tz: browserTimeZone(), assignee: view.assignee }),
      ),
    placeholderData: keepPreviousData,
  });

export const useDashboard = (view: DashboardView = {}) => useQuery(dashboardQueryOptions(view));
