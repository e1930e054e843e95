import type { LaunchOptions } from '@playwright/test';

/**
 * How the e2e tests and the UI bench start a browser: Debian's Chromium (Playwright's own browser builds cannot be
 * downloaded here; CHROMIUM_PATH names another), with flags that keep it from reaching for the network it does not have.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
} satisfies LaunchOptions;
