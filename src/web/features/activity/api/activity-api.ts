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

/** The latest changes to one record, newest first. */
export const recordHistoryQueryOptions = (entity: ActivityEntity, id: number) =>
  queryOptions({
    queryKey: activityKeys.record(entity, id),
    queryFn: () => api.get<ActivityEntry[]>(withQuery('/api/activity', { entity, id, limit: 20 })),
  });

/** The company's latest changes (admins), newest first. */
export const recentActivityQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.recent(),
    queryFn: () => api.get<ActivityEntry[]>(withQuery('/api/activity', { limit: 10 })),
  });
