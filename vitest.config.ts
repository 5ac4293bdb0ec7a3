import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Most test files wait on PostgreSQL, a server process or the clock rather than on the CPU:
    // four at a time keep both cores busy (one worker per core left them idle half the time).
    // Against a PostgreSQL server (TEST_DATABASE_URL) the files share one database, and some
    // count every row in it, so they run one at a time there.
    maxWorkers: process.env.TEST_DATABASE_URL ? 1 : 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
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
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
          setupFiles: ['test/helpers/fail-on-console-error.ts', 'src/web/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
