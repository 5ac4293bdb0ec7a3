import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CurrentUser, PasswordChange, ProfileUpdate } from '../../../../domain/auth.ts';
import type { CalendarFeed } from '../../../../domain/calendar-feed.ts';
import { canonicalTimeZone, currentTimeZoneName } from '../../../../domain/time-zone-names.ts';
import { api } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/format.ts';
import { getQuery } from '../../../lib/get-query.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import { userKeys } from '../../auth/api/auth-api.ts';
import { companyKeys } from '../../company/api/company-api.ts';
import { taskScreens } from '../../grants/api/task-keys.ts';

// The signed-in user's own account. What it reads is the signed-in user (userKeys, owned by
// the auth feature) and the user's calendar subscription; this module holds the changes.

/** The user's calendar subscription: its address (made on first use) and its time zone. */
export const calendarFeedKeys = {
  feed: () => ['/api/user/calendar-feed'] as const,
};

export const calendarFeedQueryOptions = () =>
  getQuery<CalendarFeed>(calendarFeedKeys.feed(), '/api/user/calendar-feed');

/**
 * The subscription, counting days in this browser's time zone: when it counts another's (the
 * organization's, at first; a zone the user has since left), it is changed once, as the card
 * shows. A change is a PATCH, never part of the read, so no other site can make it.
 */
export function useCalendarFeed() {
  const feed = useQuery(calendarFeedQueryOptions());
  const { mutate } = useCalendarFeedZone();
  const asked = useRef(false);
  const shown = feed.data?.timeZone;
  useEffect(() => {
    // As the server would keep it: a browser may name the zone by an old name or an alias.
    const zone = browserTimeZone();
    const kept = currentTimeZoneName(canonicalTimeZone(zone) ?? zone);
    if (shown === undefined || shown === kept || asked.current) return;
    asked.current = true;
    mutate(zone);
  }, [shown, mutate]);
  return feed;
}

/** The zone whose days the subscription's deadlines fall on. */
const useCalendarFeedZone = () =>
  useInvalidatingMutation(
    (timeZone: string) => api.patch<CalendarFeed>('/api/user/calendar-feed', { timeZone }),
    () => [calendarFeedKeys.feed()],
  );

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
