import { afterEach, beforeEach, expect, vi } from 'vitest';

// An error printed during a test is a defect the assertions missed, unless the test expects it.
let errors: unknown[][] = [];
let expected = false;

/** For a test whose subject reports on the console: its errors are not failures. */
export function expectConsoleErrors() {
  expected = true;
}

beforeEach(() => {
  errors = [];
  expected = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (!expected) expect(errors, 'console.error was called during the test').toEqual([]);
});
