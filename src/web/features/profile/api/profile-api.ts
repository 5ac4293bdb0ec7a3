import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, PasswordChange, ProfileUpdate } from '../../../../domain/auth.ts';
import type { CalendarFeed } from '../../../../domain/calendar-feed.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/format.ts';
import { getQuery } from '../../../lib/get-query.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import { userKeys } from '../../auth/api/auth-api.ts';
import { companyKeys } from '../../company/api/company-api.ts';
import { taskScreens } from '../../grants/api/task-keys.ts';

// The signed-in user's own account. What it reads is the signed-in user (userKeys, owned by
// the auth feature) and the user's calendar subscription; this module holds the changes.

/** The user's calendar subscription: its address (made on first use). */
export const calendarFeedKeys = {
  feed: () => ['/api/user/calendar-feed'] as const,
};

/** With the browser's time zone, whose days the feed's deadlines then fall on. */
const feedUrl = () => withQuery('/api/user/calendar-feed', { tz: browserTimeZone() });

export const calendarFeedQueryOptions = () =>
  getQuery<CalendarFeed>(calendarFeedKeys.feed(), feedUrl());

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());

/**
 * One's name and email show in the sidebar (the user record) and in the team list; one's name,
 * on the tasks assigned to one.
 */
export const useUpdateProfile = () =>
  useInvalidatingMutation(
    (input: ProfileUpdate) => api.patch<CurrentUser>('/api/user', input),
    () => [userKeys.current(), companyKeys.team(), ...taskScreens()],
  );

/** Nothing on screen shows a password; the other sessions end on the server. */
export const useChangePassword = () =>
  useInvalidatingMutation(
    (input: PasswordChange) => api.post<{ message: string }>('/api/user/password', input),
    () => [],
  );

/** A new address; the one before stops working. */
export const useNewCalendarFeed = () =>
  useInvalidatingMutation(
    () => api.post<CalendarFeed>('/api/user/calendar-feed', {}),
    () => [calendarFeedKeys.feed()],
  );
