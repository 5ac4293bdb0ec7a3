import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '../../../../domain/reminders.ts';
import { api } from '../../../lib/api-client.ts';

// The notifications' query keys and the bell's count: all that every page loads with the
// sidebar (notifications-api.ts holds the rest, loaded with the menu and the settings).

export const notificationKeys = {
  all: ['/api/notifications'] as const,
  list: () => ['/api/notifications', 'list'] as const,
  unread: () => ['/api/notifications', 'unread'] as const,
  preferences: () => ['/api/user/reminders'] as const,
  settings: () => ['/api/organization/reminders'] as const,
};

/** How often the bell asks for new reminders while the app is open. */
const UNREAD_REFRESH_MS = 60_000;

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: () => api.get<UnreadCount>('/api/notifications/unread'),
    refetchInterval: UNREAD_REFRESH_MS,
  });

export const useUnreadCount = () => useQuery(unreadCountQueryOptions());
