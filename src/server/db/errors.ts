/** PostgreSQL's code for a unique-constraint violation, whichever driver (or wrapper) raised it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Whether the error, or one it wraps, is the violation of the named constraint (or trigger). */
export function violatesConstraint(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { constraint?: unknown }).constraint === constraint) return true;
  }
  return false;
}
