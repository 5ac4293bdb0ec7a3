/** Resolves once `check` holds; throws, naming `what`, if it does not within `timeoutMs`. */
export async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A PostgreSQL URL whose connections name themselves, so a test can find its own among all. */
export function withApplicationName(url: string, name: string) {
  const named = new URL(url);
  named.searchParams.set('application_name', name);
  return named.toString();
}
