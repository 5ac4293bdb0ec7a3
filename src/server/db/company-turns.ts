import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../lib/errors.ts';
import type { Transaction } from './client.ts';
import { rowsOf } from './rows.ts';

// The turns a company's imports and its changes of funders take, as transaction-level advisory
// locks (one a company: its id). None is waited for: a waiting request would hold a pooled
// connection (and one of its company's share of them) for as long as the other ran.

/** The class of the locks that hold a company's imports one behind the other. */
const IMPORT_LOCK_CLASS = 727_003;
/** The class of the locks on a company's funder names. */
const FUNDER_NAMES_LOCK_CLASS = 727_007;

/** The refusal of an import while another of the company's is running. */
export const IMPORT_RUNNING =
  'Another import is running for your organization. Try again when it has finished.';
export const FUNDERS_BEING_CHANGED =
  'A funder is being renamed, merged or deleted right now. Please try again in a moment.';
export const FUNDERS_IN_USE =
  'An import, or another change to funders, is under way right now. Please try again in a moment.';

/** Takes `lock` (a pg_try_advisory_xact_lock…) if it is free or this transaction has it, else refuses with `busy`. */
async function takeOrRefuse(tx: Transaction, lock: SQL, busy: string) {
  const [row] = await rowsOf<{ taken: boolean }>(tx, sql`SELECT ${lock} AS taken`);
  if (row?.taken !== true) throw new AppError('CONFLICT', busy);
}

/**
 * Takes the company's import turn until this transaction ends, or refuses the import (409) while
 * another of the company's (of contacts or of grants) has it. One that looks for duplicates would
 * miss the contacts another is making at the same moment (the same file sent twice, two people
 * importing one list); and each import is one transaction on a pooled connection for as long as
 * it writes (ten at once, of two companies, held the whole pool).
 */
export const takeImportTurn = (tx: Transaction, companyId: number) =>
  takeOrRefuse(
    tx,
    sql`pg_try_advisory_xact_lock(${IMPORT_LOCK_CLASS}, ${companyId})`,
    IMPORT_RUNNING,
  );

/**
 * Holds the company's funder names against renames, merges and deletions of funders until the
 * transaction ends (any number of imports share them). An import writes in batches, in one
 * transaction: a funder changed between two of its batches would wait for the import's list
 * counts while the import waited for the funder (a deadlock). Taken before the import writes;
 * while a funder is being changed, the import is refused (409).
 */
export const shareFunderNames = (tx: Transaction, companyId: number) =>
  takeOrRefuse(
    tx,
    sql`pg_try_advisory_xact_lock_shared(${FUNDER_NAMES_LOCK_CLASS}, ${companyId})`,
    FUNDERS_BEING_CHANGED,
  );

/**
 * Holds the company's funder names alone until the transaction ends: a rename, merge or deletion
 * of a funder takes them from its start, rather than lock some of the records of its name and
 * wait for another's. While an import or another such change has them, it is refused (409):
 * waiting, a company's renames of a funder of 150,000 grants held all of its share of the pool
 * for 30 s at a time.
 */
export const holdFunderNames = (tx: Transaction, companyId: number) =>
  takeOrRefuse(
    tx,
    sql`pg_try_advisory_xact_lock(${FUNDER_NAMES_LOCK_CLASS}, ${companyId})`,
    FUNDERS_IN_USE,
  );
