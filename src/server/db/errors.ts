type DatabaseError = Error & { code?: unknown; constraint?: unknown };

/** The error and every error it wraps (`cause`): drivers and query builders wrap the database's. */
export function errorChain(error: unknown): DatabaseError[] {
  const chain: DatabaseError[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) chain.push(e);
  return chain;
}

/** PostgreSQL's code for a unique-constraint violation, whichever driver (or wrapper) raised it. */
export function isUniqueViolation(error: unknown): boolean {
  return errorChain(error).some((e) => e.code === '23505');
}

/** Whether the error, or one it wraps, is the violation of the named constraint (or trigger). */
export function violatesConstraint(error: unknown, constraint: string): boolean {
  return errorChain(error).some((e) => e.constraint === constraint);
}
