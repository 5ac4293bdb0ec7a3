import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Two at a time: a test spends much of its time waiting on the browser and the server, and
  // every test has an account and company of its own (fixtures.ts), so they share no rows.
  workers: 2,
  // Each test goes to whichever worker is free, not each file: the run does not end waiting on
  // one worker's last long file.
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  use: {
    // A failed test keeps its trace: each step's page as it was (DOM snapshots), the network and
    // the console. Without the screencast, which cost the suite about a third of its time on
    // two cores; the failure's own screenshot is kept instead.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
