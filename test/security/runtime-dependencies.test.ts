import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
];
const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?!type\s)[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]/gm;
// Static and dynamic imports, require() and createRequire(...)('name').
const ANY_IMPORT = /(?:from\s*|import\s*\(\s*|import\s+|require\(\s*|\)\(\s*)['"]([^'"./][^'"]*)['"]/g;
const packageOf = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
const isBuiltin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);

/** Bare packages loaded at start (static imports, followed through our own files) from the entries, with the chain. */
function packagesLoadedAtStart(): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const here = [...chain, relative(root, file)];
    for (const match of text.matchAll(STATIC_IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (!specifier.startsWith('.')) {
        const name = packageOf(specifier);
        if (!isBuiltin(name) && !found.has(name)) found.set(name, here.join(' → '));
        continue;
      }
      const target = resolve(dirname(file), specifier);
      if (existsSync(target) && /\.(ts|mts|js|mjs|cjs)$/.test(target)) visit(target, here);
    }
  };
  for (const entry of ENTRIES) visit(`${root}${entry}`, []);
  return found;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = `${folder}/${name}`;
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|mts|mjs|js|svelte)$/.test(name) ? [path] : [];
  });
}

describe('runtime dependencies', () => {
  it('loads at start only packages in dependencies (electron aside): fastify and the emulator stay behind --demo', () => {
    const loaded = packagesLoadedAtStart();
    const missing = [...loaded].filter(([name]) => name !== 'electron' && !Object.hasOwn(pkg.dependencies, name)).map(([name, chain]) => `${name} (${chain})`);
    expect(missing).toEqual([]);
    expect(loaded.has('fastify')).toBe(false);
    expect(Object.hasOwn(pkg.dependencies, 'fastify')).toBe(false);
    expect(Object.hasOwn(pkg.devDependencies, 'fastify')).toBe(true);
  });

  it('lists in dependencies nothing the app does not import; node-thermal-printer is not shipped', () => {
    const runtimeFiles = ['bin', 'src-main', 'src-shared', 'src-renderer'].flatMap((folder) => filesUnder(`${root}${folder}`));
    const everyFile = [...runtimeFiles, ...['emulator', 'test', 'bench', 'scripts'].flatMap((folder) => filesUnder(`${root}${folder}`))];
    const importedBy = (files: string[]) => new Set(files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(ANY_IMPORT)].map((m) => packageOf(m[1]!))));
    const usedAtRuntime = importedBy(runtimeFiles);
    expect(Object.keys(pkg.dependencies).filter((name) => !usedAtRuntime.has(name))).toEqual([]);
    // node-thermal-printer: never shipped; at most a test's reference for the ESC/POS bytes the till writes itself.
    expect(Object.hasOwn(pkg.dependencies, 'node-thermal-printer')).toBe(false);
    expect(usedAtRuntime.has('node-thermal-printer')).toBe(false);
    if (Object.hasOwn(pkg.devDependencies, 'node-thermal-printer')) expect(importedBy(everyFile).has('node-thermal-printer')).toBe(true);
  });
});
