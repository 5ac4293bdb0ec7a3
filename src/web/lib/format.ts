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

/** A day kept at noon UTC (an award's date, its period): November 21, 2026 in every time zone. */
export const formatDay = (iso: string) => longDay.format(new Date(iso));

/** November 21, 2026 at 3:30 PM */
export const formatDateTime = (iso: string) => longDateTime.format(new Date(iso));

/** The time zone of this browser (an IANA name), whose days "today" and "overdue" count. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
