import { svelte } from '@sveltejs/vite-plugin-svelte';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { tillCommands } from './test/components/till-commands.ts';

// The renderer's stateful components in a real Chromium (Debian's), with
// vitest-browser-svelte, as the Svelte and vitest docs recommend for Svelte 5.
// Their till API is the real host in this Node process (till-commands.ts).
// Its own config, so the unit and integration runs load no browser or host here.
export default defineConfig({
  plugins: [svelte()],
  // Bundled before the first test: found mid-run, Vite reloads the page under a running test.
  optimizeDeps: { include: ['jsqr', 'qrcode', 'comlink'] },
  test: {
    name: 'components',
    include: ['test/components/**/*.test.ts'],
    setupFiles: ['test/components/fresh-locale.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // What a cashier should see appears within a frame or two; a wrong screen fails in seconds, not at the test timeout.
    expect: { poll: { timeout: 10_000 } },
    // One till host process, one test file at a time.
    fileParallelism: false,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] } }),
      instances: [{ browser: 'chromium' }],
      commands: tillCommands,
    },
  },
});
