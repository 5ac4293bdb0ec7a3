import { sql } from 'drizzle-orm';
import type { Transaction } from './client.ts';

type DatabaseError = Error & { code?: unknown; constraint?: unknown };

/** The error and every error it wraps (`cause`): drivers and query builders wrap the database's. */
export function errorChain(error: unknown): DatabaseError[] {
  const chain: DatabaseError[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) chain.push(e);
  return chain;
}

/** Whether the error, or one it wraps, is the violation of the named constraint (or trigger). */
export function violatesConstraint(error: unknown, constraint: string): boolean {
  return errorChain(error).some((e) => e.constraint === constraint);
}

/** How many savepoints onViolation has named, in this process. */
let savepoints = 0;

/**
 * What `work` answers, or `outcome` when the database refuses it for the named constraint. Run
 * in a caller's transaction (`within`), the refusal is undone to a savepoint taken before it, so
 * the transaction goes on as if `work` had not been tried; else `work`'s own transaction ends
 * with it.
 */
export async function onViolation<T, const Outcome>(
  constraint: string,
  outcome: Outcome,
  work: () => Promise<T>,
  within?: Transaction,
): Promise<T | Outcome> {
  // A name of its own: calls within calls each undo their own work, and no more.
  savepoints += 1;
  const savepoint = sql.raw(`before_constraint_${savepoints}`);
  await within?.execute(sql`SAVEPOINT ${savepoint}`);
  try {
    const done = await work();
    await within?.execute(sql`RELEASE SAVEPOINT ${savepoint}`);
    return done;
  } catch (error) {
    if (!violatesConstraint(error, constraint)) throw error;
    await within?.execute(sql`ROLLBACK TO SAVEPOINT ${savepoint}`);
    return outcome;
  }
}
