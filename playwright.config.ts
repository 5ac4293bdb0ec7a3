import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  use: {
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
