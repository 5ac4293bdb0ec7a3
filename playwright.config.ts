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
  // A test that fails runs once more, recording its trace: each step's page as it was (DOM
  // snapshots), the network and the console. The run fails all the same, even when the second
  // run passes. Recording every test's trace in case it failed cost the suite a tenth of its
  // time on two cores, and the screencast a third; the failure's own screenshot is kept instead.
  retries: 1,
  failOnFlakyTests: true,
  reporter: 'list',
  use: {
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
