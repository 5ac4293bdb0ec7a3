import { sql } from 'drizzle-orm';
import type { Transaction } from './client.ts';

/** The class of the advisory locks on a company's funder names (one a company: its id). */
const FUNDER_NAMES_LOCK_CLASS = 727_007;

/**
 * Holds the company's funder names against renames, merges and deletions of funders until the
 * transaction ends (any number of imports share them). An import writes in batches, in one
 * transaction: a funder changed between two of its batches would wait for the import's list
 * counts while the import waited for the funder (a deadlock). Taken before the import writes.
 */
export async function shareFunderNames(tx: Transaction, companyId: number) {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock_shared(${FUNDER_NAMES_LOCK_CLASS}, ${companyId})`,
  );
}

/**
 * Holds the company's funder names alone until the transaction ends: a rename, merge or deletion
 * of a funder waits for the imports under way and for any other such change, from its start,
 * rather than lock some of the records of its name and wait for another's.
 */
export async function holdFunderNames(tx: Transaction, companyId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FUNDER_NAMES_LOCK_CLASS}, ${companyId})`);
}
