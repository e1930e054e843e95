// Builds the `pos` command ahead of time into out/cli/, so a start loads
// JavaScript instead of compiling TypeScript (tsx) and each command loads
// only its own code: every `import()` in src-main/cli/main.ts becomes its own
// chunk. bin/pos.mjs runs out/cli/main.js while it is current (see
// cli-build-stamp.mjs) and falls back to the sources through tsx otherwise.
// Run by `npm ci` (prepare), `npm test` and `npm run build:cli`.
//
// Packages stay outside the bundle, loaded from node_modules as they are
// (native ones, better-sqlite3, @napi-rs/canvas and secp256k1, and tiny-secp256k1's
// wasm cannot be bundled; the rest then resolve exactly as under tsx), but
// for the few pure ones in BUNDLED_PACKAGES.
// Every file lands flat in out/cli/ (no chunk folder): code that finds the
// repo from its own location (`new URL('../../migrations/', import.meta.url)`)
// sits two folders deep there, as it does in src-main/<feature>/.
import { build } from 'esbuild';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installedVersions, STAMP_FILE } from '../bin/cli-build-stamp.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
/**
 * Bundled into the chunks rather than loaded from node_modules: pure
 * JavaScript spread over hundreds of small files, which cost a trivial
 * command most of its start when Node reads them one by one.
 */
const BUNDLED_PACKAGES = ['zod', 'kysely'];

/** Leaves every package but `bundled` to node_modules at run time. */
function externalPackagesBut(bundled) {
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        return bundled.includes(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/**
 * Builds into a fresh folder beside out/cli/, then swaps it in: a `pos`
 * starting meanwhile finds the old build, the new one or none (and runs
 * the sources), never a half-written one nor chunks of an older build.
 */
export async function buildCli(outdir = join(root, 'out', 'cli')) {
  const staging = `${outdir}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // Before reading any source: a file saved during the build is then newer than the stamp.
  const builtAt = Date.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src-main/cli/main.ts',
      // The render worker's thread runs this file; document-renderer.ts looks for it beside its own chunk.
      'render-worker': 'src-main/printing/render-worker/render-worker-entry.ts',
      // The same for the pull's page reader (sync/page-reader/page-reader.ts).
      'page-reader': 'src-main/sync/page-reader/page-reader-entry.ts',
    },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    plugins: [externalPackagesBut(BUNDLED_PACKAGES)],
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  // The stamp lists every source file the bundle holds: bin/pos.mjs runs the
  // bundle only while none of them is newer than the stamp.
  // The bundled packages by version: npm gives every installed file the same old mtime.
  const sources = Object.keys(result.metafile.inputs).filter((path) => !path.includes('node_modules'));
  writeFileSync(join(staging, STAMP_FILE), JSON.stringify({ builtAt, sources, packages: installedVersions(root, BUNDLED_PACKAGES) }));
  const old = `${outdir}.old-${process.pid}`;
  if (existsSync(outdir)) renameSync(outdir, old);
  renameSync(staging, outdir);
  rmSync(old, { recursive: true, force: true });
  return { outdir, sources: sources.length, metafile: result.metafile };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { sources } = await buildCli();
  console.log(`pos CLI built into out/cli/ from ${sources} source files`);
}
