import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { importGraph, packageOf } from '../../scripts/import-graph.mjs';

// Finding: `node-thermal-printer` was a runtime dependency that nothing ran;
// `fastify` (the emulator's) shipped in the app's dependencies. What the
// app loads at start must be in `dependencies` (an install without dev
// packages still runs), and nothing sits in `dependencies` unused.

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
/**
 * What runs in production: the `pos` command, each of its commands (loaded
 * when it runs) and the Electron shell. The renderer is bundled at build
 * time. A dynamic import (`pos demo`'s emulator, `pos serve --demo`) is
 * loaded only when asked for, so it is not followed.
 */
const ENTRIES = [
  'bin/pos.mjs',
  'src-main/cli/main.ts',
  ...readdirSync(`${root}src-main/cli/commands`).map((name) => `src-main/cli/commands/${name}`),
  'src-main/electron/main.ts',
  'src-main/electron/preload.ts',
  'src-main/printing/render-worker/render-worker-boot.mjs',
  'src-main/sync/page-reader/page-reader-boot.mjs',
];
type Graph = { modules: { source: string; dependencies: { resolved: string; module: string; dependencyTypes: string[] }[] }[] };

/** Bare packages loaded at start (static imports, followed through our own files) from the entries, with the chain. */
async function packagesLoadedAtStart(): Promise<Map<string, string>> {
  // Type-only imports are erased; a dynamic import is loaded only when asked for, so it is not followed.
  const { modules } = (await importGraph(root, ENTRIES, { typeOnly: false, exclude: '^(out|test|bench)/' })) as Graph;
  const bySource = new Map(modules.map((m) => [m.source, m]));
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (source: string, chain: string[]) => {
    const module = bySource.get(source);
    if (!module || seen.has(source)) return;
    seen.add(source);
    const here = [...chain, source];
    for (const dependency of module.dependencies) {
      if (dependency.dependencyTypes.includes('dynamic-import')) continue;
      const name = packageOf(dependency);
      if (name) {
        if (!found.has(name)) found.set(name, here.join(' → '));
        continue;
      }
      visit(dependency.resolved, here);
    }
  };
  for (const entry of ENTRIES) visit(entry, []);
  return found;
}

/** Every package each top folder's files name in an import, a dynamic import or a require. */
async function packagesImportedPerFolder(folders: string[]): Promise<(folder: string) => Set<string>> {
  const { modules } = (await importGraph(root, folders, { exclude: '^out/' })) as Graph;
  return (folder) =>
    new Set(
      modules
        .filter((m) => m.source.startsWith(`${folder}/`))
        .flatMap((m) => m.dependencies.map((d) => packageOf(d)))
        .filter((name): name is string => name !== null),
    );
}

// Each reads the import graph of hundreds of files: minutes on a loaded machine, seconds on a quiet one.
const SLOW = { timeout: 600_000 };

describe('runtime dependencies', () => {
  it('loads at start only packages in dependencies (electron aside): fastify and the emulator stay behind --demo', SLOW, async () => {
    const loaded = await packagesLoadedAtStart();
    const missing = [...loaded].filter(([name]) => name !== 'electron' && !Object.hasOwn(pkg.dependencies, name)).map(([name, chain]) => `${name} (${chain})`);
    expect(missing).toEqual([]);
    expect(loaded.has('fastify')).toBe(false);
    expect(Object.hasOwn(pkg.dependencies, 'fastify')).toBe(false);
    expect(Object.hasOwn(pkg.devDependencies, 'fastify')).toBe(true);
  });

  it('lists in dependencies nothing the app does not import; node-thermal-printer is not shipped', SLOW, async () => {
    const runtime = ['bin', 'src-main', 'src-shared', 'src-renderer'];
    const others = ['emulator', 'test', 'bench', 'scripts'];
    const importedBy = await packagesImportedPerFolder([...runtime, ...others]);
    const usedAtRuntime = new Set(runtime.flatMap((folder) => [...importedBy(folder)]));
    expect(Object.keys(pkg.dependencies).filter((name) => !usedAtRuntime.has(name))).toEqual([]);
    // node-thermal-printer: never shipped; at most a test's reference for the ESC/POS bytes the till writes itself.
    expect(Object.hasOwn(pkg.dependencies, 'node-thermal-printer')).toBe(false);
    expect(usedAtRuntime.has('node-thermal-printer')).toBe(false);
    if (Object.hasOwn(pkg.devDependencies, 'node-thermal-printer')) expect(others.some((folder) => importedBy(folder).has('node-thermal-printer'))).toBe(true);
  });
});
