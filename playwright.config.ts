import { defineConfig } from '@playwright/test';

// End-to-end: Debian's Chromium (Playwright's own browser builds cannot be
// downloaded here) against `pos serve --demo`, one fresh host per test.
// The flags keep Chromium from reaching for the network it does not have.
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    // Playwright's default is no limit: a click or fill on an element that never shows (a field on a tab not opened)
    // would wait out the test's whole timeout (30 minutes in accessibility.e2e.ts). A minute is ample on a loaded machine.
    actionTimeout: 60_000,
    viewport: { width: 1366, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
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
    },
  },
});
