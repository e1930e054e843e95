import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'electron-vite';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds the UI once for the whole run, so every `pos serve` serves the
 * code under test rather than a build left from an earlier checkout, and
 * clears the screenshots of the previous run.
 */
export default async function globalSetup(): Promise<void> {
  rmSync(`${root}test-results/screenshots`, { recursive: true, force: true });
  await build({ configFile: `${root}electron.vite.config.ts`, logLevel: 'warn' });
}
