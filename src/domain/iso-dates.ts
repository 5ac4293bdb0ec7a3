// Dates as the API takes them, without the validation library: the grants import reads them too.
import { noonIn } from './due-dates.ts';

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

/**
 * A day sent alone where a date and time is asked for (a due date of 2027-06-01): noon of that
 * day where the company is, as the grants import reads a day. Which time zone that is, is known
 * when the day is written: the server makes it an instant then (`noonIn` the company's zone), in
 * the write's transaction. Noon UTC would be the next day from UTC+12 on (New Zealand's summer,
 * Kiritimati), and midnight the day before in the Americas.
 */
export class CompanyDay {
  /** `day`: a day as ISO 8601 writes it (2027-06-01), one the calendar has. */
  constructor(readonly day: string) {}

  /** Noon of the day on the clocks of `timeZone`. */
  noonIn(timeZone: string): Date {
    const [year = 0, month = 1, day = 1] = this.day.split('-').map(Number);
    return noonIn(year, month, day, timeZone);
  }
}

/** A record's values as written: each day sent alone made an instant. */
export type WithInstants<Values> = {
  [Field in keyof Values]: Exclude<Values[Field], CompanyDay>;
};

/** Whether any of a record's values is a day sent alone (CompanyDay). */
export const holdsCompanyDay = (values: object) =>
  Object.values(values).some((value) => value instanceof CompanyDay);

/** A record's values with each day sent alone made noon of that day in `timeZone`. */
export function atNoonIn<Values extends object>(
  values: Values,
  timeZone: string,
): WithInstants<Values> {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      field,
      value instanceof CompanyDay ? value.noonIn(timeZone) : value,
    ]),
  ) as WithInstants<Values>;
}
