import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './test/e2e/chromium-launch.ts';

// End-to-end: Debian's Chromium (test/e2e/chromium-launch.ts) against
// `pos serve --demo`, one fresh host per test.
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
    launchOptions: CHROMIUM_LAUNCH,
  },
});
