import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
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
