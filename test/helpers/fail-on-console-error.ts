import { afterEach, beforeEach, expect, vi } from 'vitest';

// An error printed during a test is a defect the assertions missed, unless the test expects it.
// Tests that run at once (a concurrent describe) share the console: an error printed while they
// run fails each of them.
const watches = new Map<string, { errors: unknown[][]; expected: boolean }>();

/** For a test whose subject reports on the console: its errors are not failures. */
export function expectConsoleErrors() {
  // Whose error a line is cannot be told apart while other tests run.
  if (watches.size !== 1) throw new Error('expectConsoleErrors is for a test that runs alone');
  for (const watch of watches.values()) watch.expected = true;
}

beforeEach(({ task }) => {
  if (watches.size === 0) {
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      for (const watch of watches.values()) watch.errors.push(args);
    });
  }
  watches.set(task.id, { errors: [], expected: false });
});

afterEach(({ task }) => {
  const watch = watches.get(task.id);
  watches.delete(task.id);
  if (watches.size === 0) vi.mocked(console.error).mockRestore();
  if (watch && !watch.expected) {
    expect(watch.errors, 'console.error was called during the test').toEqual([]);
  }
});
