import { sql } from 'drizzle-orm';
import { AppError } from '../lib/errors.ts';
import type { Transaction } from './client.ts';
import { rowsOf } from './rows.ts';

/** The class of the advisory locks on a company's funder names (one a company: its id). */
const FUNDER_NAMES_LOCK_CLASS = 727_007;

export const FUNDERS_BEING_CHANGED =
  'A funder is being renamed, merged or deleted right now. Please try again in a moment.';
export const FUNDERS_IN_USE =
  'An import, or another change to funders, is under way right now. Please try again in a moment.';

/** Takes the lock if it is free (or this transaction has it): waiting would hold a connection. */
async function taken(tx: Transaction, lock: ReturnType<typeof sql>) {
  const [row] = await rowsOf<{ taken: boolean }>(tx, sql`SELECT ${lock} AS taken`);
  return row?.taken === true;
}

/**
 * Holds the company's funder names against renames, merges and deletions of funders until the
 * transaction ends (any number of imports share them). An import writes in batches, in one
 * transaction: a funder changed between two of its batches would wait for the import's list
 * counts while the import waited for the funder (a deadlock). Taken before the import writes;
 * while a funder is being changed, the import is refused (409) rather than wait on a pooled
 * connection.
 */
export async function shareFunderNames(tx: Transaction, companyId: number) {
  const lock = sql`pg_try_advisory_xact_lock_shared(${FUNDER_NAMES_LOCK_CLASS}, ${companyId})`;
  if (!(await taken(tx, lock))) throw new AppError('CONFLICT', FUNDERS_BEING_CHANGED);
}

/**
 * Holds the company's funder names alone until the transaction ends: a rename, merge or deletion
 * of a funder takes them from its start, rather than lock some of the records of its name and
 * wait for another's. While an import or another such change has them, it is refused (409): each
 * waiting on a pooled connection, a company's renames of a funder of 150,000 grants held all of
 * its share of the pool for 30 s at a time.
 */
export async function holdFunderNames(tx: Transaction, companyId: number) {
  const lock = sql`pg_try_advisory_xact_lock(${FUNDER_NAMES_LOCK_CLASS}, ${companyId})`;
  if (!(await taken(tx, lock))) throw new AppError('CONFLICT', FUNDERS_IN_USE);
}
