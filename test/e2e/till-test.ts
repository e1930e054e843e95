import { test as base } from '@playwright/test';
import { startTillServer, type TillServer } from './till-server.ts';

/**
 * Playwright's `test` with a `server` fixture: a fresh `pos serve --demo`
 * (its own port and database folder) for each test that takes it, stopped
 * after the test, so no test sees another's till. Every other browser
 * context a test opens (a second station, a display: `browser.newContext()`)
 * is closed after it too: the browser is shared by the whole run, and a
 * station left open keeps polling a hub that has stopped, load on a busy
 * CI machine (14 such pages were open in one failed run's trace).
 */
export const test = base.extend<{ server: TillServer; closeOtherContexts: void }>({
  // Playwright reads a fixture's dependencies from the destructured first parameter: this one has none.
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startTillServer();
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  // `context` is the test's own, which Playwright closes itself.
  closeOtherContexts: [
    async ({ browser, context }, use) => {
      const before = new Set([...browser.contexts(), context]);
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((opened) => !before.has(opened))
          .map((opened) => opened.close()),
      );
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
