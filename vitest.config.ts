import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src-*/**/*.test.ts', 'emulator/**/*.test.ts'],
    // In Chromium, with their own config (vitest.components.config.ts).
    exclude: ['test/components/**', '**/node_modules/**'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
