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

/** November 21, 2026 at 3:30 PM */
export const formatDateTime = (iso: string) => longDateTime.format(new Date(iso));

const pad = (n: number) => String(n).padStart(2, '0');

/** The value a datetime-local input shows for an instant, in the browser's time zone. */
export function toLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a datetime-local input's value means, as ISO 8601; '' stays ''. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
