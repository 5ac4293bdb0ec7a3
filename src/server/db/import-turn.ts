import { sql } from 'drizzle-orm';
import { AppError } from '../lib/errors.ts';
import type { Transaction } from './client.ts';
import { rowsOf } from './rows.ts';

/** The class of the advisory locks that hold a company's imports one behind the other. */
const IMPORT_LOCK_CLASS = 727_003;

/** The refusal of an import while another of the company's is running. */
export const IMPORT_RUNNING =
  'Another import is running for your organization. Try again when it has finished.';

/**
 * Takes the company's import turn until this transaction ends, or refuses the import (409) while
 * another of the company's (of contacts or of grants) has it. One that looks for duplicates would
 * miss the contacts another is making at the same moment (the same file sent twice, two people
 * importing one list); and each import is one transaction on a pooled connection for as long as
 * it writes (ten at once, of two companies, held the whole pool). It does not wait for its turn:
 * a waiting import would hold a connection too.
 */
export async function takeImportTurn(tx: Transaction, companyId: number) {
  const [turn] = await rowsOf<{ taken: boolean }>(
    tx,
    sql`SELECT pg_try_advisory_xact_lock(${IMPORT_LOCK_CLASS}, ${companyId}) AS taken`,
  );
  if (turn?.taken !== true) throw new AppError('CONFLICT', IMPORT_RUNNING);
}
