import { afterEach, beforeEach, expect, vi } from 'vitest';

// An error printed during a test is a defect the assertions missed, unless the test expects it.
// Tests that run at once (a concurrent describe) share one watch: an error printed while they
// run fails each of them that does not expect one.
let errors: unknown[][] = [];
let expected = false;
let running = 0;

/** For a test whose subject reports on the console: its errors are not failures. */
export function expectConsoleErrors() {
  expected = true;
}

beforeEach(() => {
  running += 1;
  if (running > 1) return;
  errors = [];
  expected = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  running -= 1;
  const printed = errors;
  if (running === 0) vi.mocked(console.error).mockRestore();
  if (!expected) expect(printed, 'console.error was called during the test').toEqual([]);
});
