import { sql } from 'drizzle-orm';
import { currentActor } from './actor.ts';
import { type Database, isDatabase, type Transaction, transaction } from './client.ts';

/** The role tenant queries run as: no superuser, no BYPASSRLS (migration 0001). */
export const TENANT_ROLE = 'grantwell_app';

/**
 * The settings of a transaction bound to `companyId` (a checked integer): the company, the tenant
 * role, and the user it acts for, if any (an integer from the session, or empty).
 */
const companySettings = (companyId: number) => {
  const actor = currentActor();
  return `SELECT set_config('app.company_id', '${companyId}', true), set_config('role', '${TENANT_ROLE}', true), set_config('app.user_id', '${Number.isSafeInteger(actor) ? actor : ''}', true)`;
};

/** How an `inCompany` transaction of its own reads (one it joins reads as that one does). */
export interface CompanyReading {
  /**
   * Every statement sees the database as the first did, and none writes (REPEATABLE READ, READ
   * ONLY): reads that must agree with each other, as a report's tables. Read in READ COMMITTED,
   * a grant awarded between two of them was counted as awarded in one and not in the other.
   */
  oneSnapshot?: boolean;
}

/** The company each open `inCompany` transaction is bound to, while it is open. */
const companyOfTransaction = new WeakMap<Transaction, number>();

/**
 * The one door to tenant tables: `work` runs in a transaction bound to `companyId`, as the
 * tenant role with the transaction-local `app.company_id`, so row-level security lets it see
 * and write that company's rows only. Repositories still name the company in every WHERE clause.
 *
 * Given a transaction instead of the database (one an outer `inCompany` opened for the same
 * company), `work` joins it, so several repository calls commit or roll back as one: every
 * repository method takes such a transaction as its optional last argument, `within`, and
 * calls `inCompany(within ?? db, …)`. A transaction of another company, or one that has ended,
 * is refused.
 */
export function inCompany<T>(
  db: Database | Transaction,
  companyId: number,
  work: (tx: Transaction) => Promise<T>,
  reading: CompanyReading = {},
): Promise<T> {
  if (!Number.isSafeInteger(companyId)) {
    return Promise.reject(new Error(`not a company id: ${companyId}`));
  }
  if (!isDatabase(db)) {
    // A transaction joined reads as it was opened: one snapshot cannot be promised in it.
    if (reading.oneSnapshot) {
      return Promise.reject(new Error('a read from one snapshot opens its own transaction'));
    }
    return companyOfTransaction.get(db) === companyId
      ? work(db)
      : Promise.reject(new Error(`not an open transaction of company ${companyId}`));
  }
  // Sent with the BEGIN in one round trip: the id is a checked integer, the role a constant.
  const opening = reading.oneSnapshot
    ? `SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY; ${companySettings(companyId)}`
    : companySettings(companyId);
  return transaction(
    db,
    async (tx) => {
      companyOfTransaction.set(tx, companyId);
      try {
        return await work(tx);
      } finally {
        companyOfTransaction.delete(tx);
      }
    },
    opening,
    companyId,
  );
}

/** The open `beforeCompanyIsKnown` transactions, not yet bound to a company. */
const ownerTransactions = new WeakSet<Transaction>();

/**
 * Work that cannot know its company beforehand: finding an account by username at sign-in,
 * resolving a session cookie, registering a new company, reading an invitation link. It runs as
 * the owner role, so it is kept to those few repository functions (see docs/SECURITY.md). Given
 * such a transaction instead of the database, `work` joins it.
 */
export function beforeCompanyIsKnown<T>(
  db: Database | Transaction,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  if (!isDatabase(db)) {
    return ownerTransactions.has(db)
      ? work(db)
      : Promise.reject(new Error('not an open transaction of the owner role'));
  }
  return transaction(db, async (tx) => {
    ownerTransactions.add(tx);
    try {
      return await work(tx);
    } finally {
      ownerTransactions.delete(tx);
      companyOfTransaction.delete(tx);
    }
  });
}

/**
 * Binds a `beforeCompanyIsKnown` transaction to the company it has just created, as `inCompany`
 * would have: from here on it runs as the tenant role under row-level security, and repository
 * methods given it join it. Registration uses it to start the first session in the transaction
 * that creates the company.
 */
export async function enterCompany(tx: Transaction, companyId: number): Promise<void> {
  if (!ownerTransactions.has(tx) || !Number.isSafeInteger(companyId)) {
    throw new Error(`cannot bind this transaction to company ${companyId}`);
  }
  await tx.execute(sql.raw(companySettings(companyId)));
  ownerTransactions.delete(tx);
  companyOfTransaction.set(tx, companyId);
}

/**
 * Lets the transaction sit idle up to `ms` (rather than the pool's limit) while it waits on
 * something outside the database, such as a mail server, until it ends.
 */
export async function allowIdle(tx: Transaction, ms: number): Promise<void> {
  await tx.execute(sql.raw(`SET LOCAL idle_in_transaction_session_timeout = ${Math.ceil(ms)}`));
}
