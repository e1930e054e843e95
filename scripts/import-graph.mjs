// The project's import graph, read by dependency-cruiser (a maintained
// parser of TypeScript, JavaScript and Svelte imports), for the scripts and
// tests that ask who imports what: the layer check, the module graph, the
// runtime dependencies.
import { cruise } from 'dependency-cruiser';

const NPM = /(^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//;

/**
 * Every module reached from `paths` under `root`, each with its
 * dependencies: `{ source, dependencies: [{ resolved, module, dependencyTypes }] }`.
 * `typeOnly: false` drops `import type`, as the bundler does.
 */
export async function importGraph(root, paths, { typeOnly = true, ruleSet, exclude = '^(out|test|bench)/' } = {}) {
  const cwd = process.cwd();
  // dependency-cruiser names files relative to the working folder.
  process.chdir(root);
  try {
    const result = await cruise(paths, {
      doNotFollow: { path: 'node_modules' },
      exclude: { path: exclude },
      tsPreCompilationDeps: typeOnly,
      enhancedResolveOptions: { extensions: ['.ts', '.mts', '.js', '.mjs', '.svelte', '.json'] },
      ...(ruleSet ? { ruleSet, validate: true } : {}),
    });
    return result.output;
  } finally {
    process.chdir(cwd);
  }
}

/** The npm package a resolved path or a bare specifier belongs to, or null for our own files and Node's. */
export function packageOf(dependency) {
  const fromPath = NPM.exec(dependency.resolved ?? '');
  if (fromPath) return fromPath[2];
  if (dependency.dependencyTypes?.includes('core')) return null;
  const specifier = dependency.module ?? '';
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  return specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
}
