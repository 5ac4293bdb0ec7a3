/** The text with its first letter a capital: 'research' → 'Research'. */
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Whole dollars with a sign and thousands separators: $12,345. */
export const formatMoney = (amount: number) => money.format(amount);

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const longDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** November 21, 2026 */
export const formatDate = (iso: string) => longDate.format(new Date(iso));

const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const DAY_MS = 86_400_000;
const NOON_MS = 43_200_000;

/**
 * A day kept at noon UTC (an award's date, its period): November 21, 2026 in every time zone. A
 * day the history kept before days were kept so (the midnight that began it where it was saved)
 * is read as it was then, where the reader is.
 */
export function formatDay(iso: string) {
  const day = new Date(iso);
  const sinceMidnightUtc = ((day.getTime() % DAY_MS) + DAY_MS) % DAY_MS;
  return sinceMidnightUtc === NOON_MS ? longDay.format(day) : longDate.format(day);
}

/** November 21, 2026 at 3:30 PM */
export const formatDateTime = (iso: string) => longDateTime.format(new Date(iso));

/** The time zone of this browser (an IANA name), whose days "today" and "overdue" count. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
