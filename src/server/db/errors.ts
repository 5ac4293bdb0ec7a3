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

/** What `work` answers, or `outcome` when the database refuses it for the named constraint. */
export async function onViolation<T, const Outcome>(
  constraint: string,
  outcome: Outcome,
  work: () => Promise<T>,
): Promise<T | Outcome> {
  try {
    return await work();
  } catch (error) {
    if (violatesConstraint(error, constraint)) return outcome;
    throw error;
  }
}
