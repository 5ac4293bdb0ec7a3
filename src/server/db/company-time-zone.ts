import { eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { companies } from './schema.ts';
import { inCompany } from './scope.ts';

/** The time zone a company counts its days in (its reminders'): UTC until an admin sets one. */
export async function companyTimeZone(db: Database, companyId: number): Promise<string> {
  const [row] = await inCompany(db, companyId, (tx) =>
    tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)),
  );
  return row?.timeZone ?? 'UTC';
}

/**
 * When the company's today began (a timestamptz), in the time zone it counts its days in: a
 * deadline from then on is still to come, where its reminders would call it due today.
 */
export const startOfCompanyDay = (companyId: number) =>
  sql`(SELECT date_trunc('day', now() AT TIME ZONE ${companies.timeZone}) AT TIME ZONE ${companies.timeZone} FROM ${companies} WHERE ${companies.id} = ${companyId})`;
