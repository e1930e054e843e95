import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src-*/**/*.test.ts', 'emulator/**/*.test.ts'],
    // In Chromium, with their own config (vitest.components.config.ts).
    exclude: ['test/components/**', '**/node_modules/**'],
    pool: 'forks',
    // Guards against a hang, never a speed limit: CI may run on a busy machine, where starting a host or a `pos`
    // child takes many seconds. No test asserts how fast anything is (the benches measure that).
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
