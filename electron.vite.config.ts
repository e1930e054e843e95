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
        input: { index: resolve('src-main/electron/main.ts'), 'render-worker': resolve('src-main/printing/render-worker/render-worker-entry.ts') },
      },
    },
  },
  preload: {
    // A sandboxed preload cannot be an ES module.
    build: { rollupOptions: { input: { index: resolve('src-main/electron/preload.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  },
  renderer: {
    root: 'src-renderer',
    build: { outDir: resolve('out/renderer'), rollupOptions: { input: resolve('src-renderer/index.html') } },
    plugins: [svelte()],
  },
});
