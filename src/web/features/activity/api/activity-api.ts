import { queryOptions } from '@tanstack/react-query';
import type { ActivityEntity, ActivityEntry } from '../../../../domain/activity.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { ACTIVITY_KEY } from '../../../lib/mutations.ts';

/** Every mutation refreshes the whole history (lib/mutations.ts); these name its pieces. */
export const activityKeys = {
  all: ACTIVITY_KEY,
  record: (entity: ActivityEntity, id: number) => [...ACTIVITY_KEY, entity, id] as const,
  recent: () => [...ACTIVITY_KEY, 'recent'] as const,
};

/** How many changes a record's History shows at first, and adds each time older ones are asked for. */
export const HISTORY_PAGE = 20;

/** The changes to one record, newest first, from the `offset`th: HISTORY_PAGE of them at most. */
export const recordHistory = (entity: ActivityEntity, id: number, offset = 0) =>
  api.get<ActivityEntry[]>(
    withQuery('/api/activity', { entity, id, limit: HISTORY_PAGE, offset: offset || undefined }),
  );

/** The latest changes to one record, newest first (older ones: `recordHistory`). */
export const recordHistoryQueryOptions = (entity: ActivityEntity, id: number) =>
  queryOptions({
    queryKey: activityKeys.record(entity, id),
    queryFn: () => recordHistory(entity, id),
  });

/** The company's latest changes (admins), newest first. */
export const recentActivityQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.recent(),
    queryFn: () => api.get<ActivityEntry[]>(withQuery('/api/activity', { limit: 10 })),
  });
