import { z } from 'zod';
import { timeZoneQuery } from './common.ts';

const REMINDER_DAYS_MAX = 365;
const REMINDER_DAYS_COUNT_MAX = 10;
/** Monday's digest lists what is due in this many days, today included, and what is overdue. */
export const DIGEST_DAYS = 14;
/** The digest goes out on Monday from this hour of the company's clock. */
export const DIGEST_HOUR = 7;

/** A company's reminder settings: its time zone and the days before a deadline. */
export const reminderSettingsSchema = z.object({
  timeZone: z.string(),
  reminderDays: z.array(z.number().int()),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

const reminderDaysSchema = z
  .array(
    z
      .number({ error: 'Reminder days must be whole numbers' })
      // The bounds first, stopping there, as for a probability (opportunities.ts).
      .max(REMINDER_DAYS_MAX, { error: 'Reminder days must be between 0 and 365', abort: true })
      .min(0, { error: 'Reminder days must be between 0 and 365', abort: true })
      .int('Reminder days must be whole numbers'),
    { error: 'Reminder days must be a list of numbers' },
  )
  // Kept from the most days before to the fewest, each once: a day given twice counts once.
  .transform((days) => [...new Set(days)].sort((a, b) => b - a))
  .refine((days) => days.length <= REMINDER_DAYS_COUNT_MAX, 'At most 10 reminder days');

/** PATCH: a field left out keeps its value; an empty list of days sends overdue notices only. */
export const reminderSettingsPatchSchema = z.object({
  timeZone: timeZoneQuery().optional(),
  reminderDays: reminderDaysSchema.optional(),
});
export type ReminderSettingsPatch = z.input<typeof reminderSettingsPatchSchema>;

/** PATCH of what a user receives: a field left out keeps its value. */
export const reminderPreferencesPatchSchema = z.object({
  reminders: z.boolean({ error: 'Reminders must be true or false' }).optional(),
  digest: z.boolean({ error: 'Digest must be true or false' }).optional(),
});
export type ReminderPreferencesPatch = z.infer<typeof reminderPreferencesPatchSchema>;

/** What a user receives: deadline reminders, and Monday's digest. */
export const reminderPreferencesSchema = reminderPreferencesPatchSchema.required();
export type ReminderPreferences = z.infer<typeof reminderPreferencesSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** A path of the app: the page the notification opens. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** How many notifications the menu shows, newest first. */
export const NOTIFICATIONS_SHOWN = 20;

/**
 * Which reminder of a deadline is due when `daysLeft` days remain (0 on the day itself, -1 the
 * day after): the stage of the fewest reminder days that are still at least `daysLeft`, so a
 * deadline added or found late gets the reminder it would have had last; `'overdue'` the day it
 * becomes overdue; null otherwise.
 */
export function reminderStage(
  daysLeft: number,
  reminderDays: readonly number[],
): number | 'overdue' | null {
  if (daysLeft === -1) return 'overdue';
  if (daysLeft < 0) return null;
  const stages = reminderDays.filter((days) => days >= daysLeft);
  return stages.length === 0 ? null : Math.min(...stages);
}

/** "due in 7 days", "due tomorrow", "due today", "overdue". */
export function dueInWords(daysLeft: number): string {
  if (daysLeft < 0) return 'overdue';
  if (daysLeft === 0) return 'due today';
  if (daysLeft === 1) return 'due tomorrow';
  return `due in ${daysLeft} days`;
}
