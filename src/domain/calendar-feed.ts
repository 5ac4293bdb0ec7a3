import { z } from 'zod';
import { timeZoneQuery } from './common.ts';

/**
 * The signed-in user's calendar subscription: its address, and the time zone whose days its
 * deadlines fall on.
 */
export const calendarFeedSchema = z.object({ url: z.string(), timeZone: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/**
 * A change of the subscription's time zone (the reader's own, as their browser names it). A
 * change, so it is a PATCH the origin check guards, never a GET another site could link to.
 */
export const calendarFeedPatchSchema = z.object({ timeZone: timeZoneQuery() });

/** `/api/calendar/<token>.ics`: the token is 43 characters of base64url (32 random bytes). */
export const calendarFileParams = z.object({ file: z.string() });
export const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export const CALENDAR_NAME = 'Grantwell deadlines';
