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
