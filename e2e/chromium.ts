import type { LaunchOptions } from '@playwright/test';

/**
 * How the browser tests and the benchmark start Chromium: the system's own (Debian's), not a
 * downloaded one; `CHROMIUM_PATH` names another.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
