import { join } from 'node:path';
import { REPO_ROOT } from './renderer-build.ts';

export interface RendererWatch {
  close(): Promise<void>;
}

/**
 * `pos serve --dev`: rebuilds the UI into `out/renderer` whenever a source
 * file changes, so a reload shows the edit (the host reads the built files
 * on every request). The renderer's Vite settings come from
 * electron.vite.config.ts, resolved by electron-vite itself, so the two
 * builds cannot drift; only watching is added (electron-vite's own `build`
 * turns watching off, and its dev server needs Electron).
 */
export async function watchRenderer(log: (line: string) => void): Promise<RendererWatch> {
  const { resolveConfig } = await import('electron-vite');
  const { build } = await import('vite');
  const resolved = await resolveConfig({ configFile: join(REPO_ROOT, 'electron.vite.config.ts'), logLevel: 'warn' }, 'build', 'development');
  const renderer = resolved.config?.renderer;
  if (!renderer) throw new Error('electron.vite.config.ts has no renderer section to watch');
  const output = await build({ ...renderer, configFile: false, build: { ...renderer.build, watch: {} } });
  if (!('on' in output)) throw new Error('Vite did not start watching the UI sources');
  let first = true;
  output.on('event', (event) => {
    if (event.code === 'BUNDLE_END') {
      void event.result?.close();
      log(first ? 'Watching the UI sources: each change rebuilds the UI; reload the page to see it.' : `UI rebuilt in ${event.duration} ms: reload the page.`);
      first = false;
    } else if (event.code === 'ERROR') {
      log(`The UI did not build: ${event.error.message.split('\n')[0]} (the last good build is still served).`);
    }
  });
  return { close: () => output.close() };
}
