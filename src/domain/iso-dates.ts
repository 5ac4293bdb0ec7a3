// Dates as the API takes them, without the validation library: the grants import reads them too.
import { onClocksOf } from './due-dates.ts';

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

/** A day, or a day and time, written with no offset (2027-06-01, 2027-06-01T09:30:15.5). */
const WITHOUT_OFFSET = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,9}))?)?)?$/;

/** Whether `text` (an ISO 8601 day or time) names no offset: a day alone, or a time with no Z. */
export const isWithoutOffset = (text: string) => WITHOUT_OFFSET.test(text);

/**
 * A day, or a day and time, sent with no offset where a date and time is asked for (a due date
 * of 2027-06-01, or 2027-06-01T17:00): on the clocks where the company is, a day alone at noon,
 * as the grants import reads a day. Which time zone that is, is known when it is written: the
 * server makes it an instant then (`instantIn` the company's zone), in the write's transaction.
 * Noon UTC would be the next day from UTC+12 on (New Zealand's summer, Kiritimati), and the
 * server's own clock is no one's in particular.
 */
export class CompanyClockTime {
  /** `written`: a day or a day and time as isWithoutOffset takes them, on a day the calendar has. */
  constructor(readonly written: string) {}

  /** The instant the clocks of `timeZone` show it (a day alone: noon). */
  instantIn(timeZone: string): Date {
    const [, year, month, day, hour = '12', minute = '0', second = '0', fraction = '0'] =
      WITHOUT_OFFSET.exec(this.written) ?? [];
    const milliseconds = Number(fraction.padEnd(3, '0').slice(0, 3));
    return onClocksOf(
      Date.UTC(
        Number(year),
        Number(month) - 1,
        Number(day),
        Number(hour),
        Number(minute),
        Number(second),
        milliseconds,
      ),
      timeZone,
    );
  }
}

/** A record's values as written: each day or time sent with no offset made an instant. */
export type WithInstants<Values> = {
  [Field in keyof Values]: Exclude<Values[Field], CompanyClockTime>;
};

/** Whether any of a record's values is a day or time sent with no offset (CompanyClockTime). */
export const holdsCompanyClockTime = (values: object) =>
  Object.values(values).some((value) => value instanceof CompanyClockTime);

/** A record's values with each day or time sent with no offset read on the clocks of `timeZone`. */
export function onClocksIn<Values extends object>(
  values: Values,
  timeZone: string,
): WithInstants<Values> {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      field,
      value instanceof CompanyClockTime ? value.instantIn(timeZone) : value,
    ]),
  ) as WithInstants<Values>;
}
