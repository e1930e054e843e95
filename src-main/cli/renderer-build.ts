import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_RENDERER_DIR = join(REPO_ROOT, 'out', 'renderer');

/**
 * The built UI, building it first when it is missing (a fresh checkout), so
 * that `pos serve` works right after `npm install`. Returns the folder.
 */
export async function ensureRendererBuilt(dir: string, log: (line: string) => void): Promise<string> {
  if (existsSync(join(dir, 'index.html'))) return dir;
  if (dir !== DEFAULT_RENDERER_DIR) throw new Error(`no built UI in ${dir} (index.html is missing); build it with "npm run build"`);
  log('Building the till UI for the first run (about half a minute)…');
  const { build } = await import('electron-vite');
  await build({ configFile: join(REPO_ROOT, 'electron.vite.config.ts'), logLevel: 'warn' });
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`building the UI did not produce ${join(dir, 'index.html')}; run "npm run build" to see why`);
  return dir;
}
