import { z } from 'zod';
import { timeZoneQuery } from './common.ts';

/** The address of the signed-in user's calendar subscription. */
export const calendarFeedSchema = z.object({ url: z.string() });

/**
 * `?tz=`: the reader's time zone (the browser's own), whose days the deadlines fall on; kept
 * with the address. Left out, the one kept before (UTC at first).
 */
export const calendarFeedQuerySchema = z.object({ tz: timeZoneQuery().optional() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** `/api/calendar/<token>.ics`: the token is 43 characters of base64url (32 random bytes). */
export const calendarFileParams = z.object({ file: z.string() });
export const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export const CALENDAR_NAME = 'Grantwell deadlines';
