// Dates as the API takes them, without the validation library: the grants import reads them too.

/**
 * An ISO 8601 day (2027-03-31, midnight UTC) or day and time (2027-03-31T09:30, seconds and their
 * fractions optional; Z or an offset, else the server's local time).
 */
const ISO_8601 =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?)?$/;

/**
 * The instant an ISO 8601 day or time names, or null when `text` is not one or names a day no
 * calendar has. Date.parse alone would read 30 February as 2 March, and "1/31/2027" or
 * "January 5, 2027" in ways that differ between engines.
 */
export function isoInstant(text: string): Date | null {
  const parts = ISO_8601.exec(text);
  if (!parts) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // The last day of the month, in a year of the same kind (leap years repeat every 400 years).
  if (day > new Date(Date.UTC(2000 + (year % 400), month, 0)).getUTCDate()) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}
