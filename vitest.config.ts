import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { ProcessTestsFirst } from './test/helpers/sequencer.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    // Most test files wait on PostgreSQL, a server process or the clock rather than on the CPU:
    // four at a time keep both cores busy (one worker per core left them idle half the time).
    // Each file has a database of its own, on the embedded cluster or on the PostgreSQL server
    // of TEST_DATABASE_URL (test/helpers/global-database.ts).
    maxWorkers: 4,
    sequence: { sequencer: ProcessTestsFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          // The files share each worker's modules instead of importing the server anew (about a
          // second of CPU per file): every file builds its own app on its own database. What
          // src/ keeps between requests (a list's kept search matches and page boundaries) is
          // named by the list's version, a clock stamp (migration 0012), never another
          // database's; test/api/two-databases.test.ts checks it.
          isolate: false,
          environment: 'node',
          include: ['test/**/*.test.ts'],
          setupFiles: ['test/helpers/fail-on-console-error.ts'],
          globalSetup: ['test/helpers/global-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          // happy-dom: the same tests on a page that costs about a third less CPU than jsdom.
          environment: 'happy-dom',
          // The page asks for less motion, which the app's theme respects: Mantine's transitions
          // end at once, and none is left to finish (and fail) after the page is gone.
          environmentOptions: {
            happyDOM: { settings: { device: { prefersReducedMotion: 'reduce' } } },
          },
          include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
          // The files share each worker's page and modules instead of building a new page and
          // importing React and Mantine anew for each (over half of the project's CPU time).
          // Each test renders into a fresh query client and router, Testing Library unmounts
          // it afterwards, and stubbed globals are undone (below).
          isolate: false,
          setupFiles: ['test/helpers/fail-on-console-error.ts', 'src/web/test/setup.ts'],
          // A test's stand-in for fetch (or any other global) is gone before the next test starts.
          unstubGlobals: true,
          // A test that drives a form through its menus and dialogs takes over 15 s when the
          // two cores are shared with three other test files.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
