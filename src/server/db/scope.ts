import { type Database, type Transaction, transaction } from './client.ts';

/** The role tenant queries run as: no superuser, no BYPASSRLS (migration 0001). */
export const TENANT_ROLE = 'grantwell_app';

/**
 * The one door to tenant tables: `work` runs in a transaction bound to `companyId`, as the
 * tenant role with the transaction-local `app.company_id`, so row-level security lets it see
 * and write that company's rows only. Repositories still name the company in every WHERE clause.
 */
export function inCompany<T>(
  db: Database,
  companyId: number,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  if (!Number.isSafeInteger(companyId)) {
    return Promise.reject(new Error(`not a company id: ${companyId}`));
  }
  // Sent with the BEGIN in one round trip: the id is a checked integer, the role a constant.
  return transaction(
    db,
    work,
    `SELECT set_config('app.company_id', '${companyId}', true), set_config('role', '${TENANT_ROLE}', true)`,
  );
}

/**
 * Work that cannot know its company beforehand: finding an account by username at sign-in,
 * resolving a session cookie, registering a new company, reading an invitation link. It runs as
 * the owner role, so it is kept to those few repository functions (see docs/SECURITY.md).
 */
export function beforeCompanyIsKnown<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return transaction(db, work);
}
