import { eq } from 'drizzle-orm';
import { holdsCompanyClockTime, onClocksIn, type WithInstants } from '../../domain/iso-dates.ts';
import type { Database, Transaction } from './client.ts';
import { companies } from './schema.ts';
import { inCompany } from './scope.ts';

/**
 * The time zone a company counts its days in (its reminders'): UTC until an admin sets one. In
 * the caller's transaction when given one.
 */
export async function companyTimeZone(
  db: Database | Transaction,
  companyId: number,
): Promise<string> {
  const [row] = await inCompany(db, companyId, (tx) =>
    tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)),
  );
  return row?.timeZone ?? 'UTC';
}

/**
 * The company's time zone when `rows` hold a day or time sent with no offset (read in `tx`),
 * else none needed.
 */
const zoneOfClockTimes = async (tx: Transaction, companyId: number, rows: object[]) =>
  rows.some(holdsCompanyClockTime) ? companyTimeZone(tx, companyId) : 'UTC';

/**
 * A record's values as a write stores them: each day sent alone (a due date of 2027-06-01) made
 * noon of that day in the company's time zone, and each time sent with no offset
 * (2027-06-01T17:00) that time there, the zone read in the write's transaction `tx`. Every write
 * of a record's values goes through here (or allOnCompanyClocks), so a day alone reads the same
 * in every field (a grant's, task's or requirement's due date, an opportunity's close, an
 * interaction's date) and in the grants import.
 */
export async function onCompanyClocks<Values extends object>(
  tx: Transaction,
  companyId: number,
  values: Values,
): Promise<WithInstants<Values>> {
  return onClocksIn(values, await zoneOfClockTimes(tx, companyId, [values]));
}

/** Many records' values as onCompanyClocks makes one's, the time zone read once. */
export async function allOnCompanyClocks<Values extends object>(
  tx: Transaction,
  companyId: number,
  rows: Values[],
): Promise<WithInstants<Values>[]> {
  const timeZone = await zoneOfClockTimes(tx, companyId, rows);
  return rows.map((row) => onClocksIn(row, timeZone));
}
