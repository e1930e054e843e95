import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';

// Three worlds, three outputs under out/: the Electron main process, its
// preload bridge, and the Svelte renderer (also served by `pos serve`).
export default defineConfig({
  main: {
    // The render worker is its own entry (out/main/render-worker.js): receipts are drawn off the main event loop.
    build: {
      rollupOptions: {
        input: {
          index: resolve('src-main/electron/main.ts'),
          'render-worker': resolve('src-main/printing/render-worker/render-worker-entry.ts'),
          // The pull's page reader (out/main/page-reader.js): long lists' pages are read off the main event loop.
          'page-reader': resolve('src-main/sync/page-reader/page-reader-entry.ts'),
        },
      },
    },
  },
  preload: {
    // A sandboxed preload cannot be an ES module.
    build: { rollupOptions: { input: { index: resolve('src-main/electron/preload.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  },
  renderer: {
    root: 'src-renderer',
    build: {
      outDir: resolve('out/renderer'),
      // Issue 34 item 8: the start waits for the least code (electron-vite leaves the renderer unminified; a tablet loads it over the LAN).
      minify: true,
      rollupOptions: {
        input: resolve('src-renderer/index.html'),
        // src-shared's modules only declare (no import does anything by itself, see docs/performance.md): what a screen
        // does not use is left out of its chunk, so a barrel's zod schemas stay with the screens that validate input.
        treeshake: { moduleSideEffects: [{ test: /[\\/]src-shared[\\/].*\.ts$/, sideEffects: false }] },
      },
    },
    plugins: [svelte()],
  },
});
