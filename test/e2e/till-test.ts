import { test as base } from '@playwright/test';
import { startTillServer, type TillServer } from './till-server.ts';

/**
 * Playwright's `test` with a `server` fixture: a fresh `pos serve --demo`
 * (its own port and database folder) for each test that takes it, stopped
 * after the test, so no test sees another's till.
 */
export const test = base.extend<{ server: TillServer }>({
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
});

export { expect } from '@playwright/test';
