import { eq } from 'drizzle-orm';
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
