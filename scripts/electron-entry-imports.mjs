// The Electron shell runs the till in its window and nothing else: its
// import graph must not reach what only `pos serve` needs (the web server,
// `ws`, the emulator and its `fastify`). Followed from each Electron entry
// the way the bundler does: type-only imports are erased, everything else
// is loaded at startup.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ENTRIES = ['src-main/electron/main.ts', 'src-main/electron/preload.ts'];
const SERVE_ONLY_PACKAGES = /^(ws|fastify|@fastify\/.*)$/;
const SERVE_ONLY_FILES = /^(emulator\/|src-main\/host\/http\/till-http-server\.ts$)/;
// Value imports and re-exports; `import type` / `export type` never reach the bundle.
const RUNTIME_IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?!type\s)[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]/gm;

const posix = (p) => p.split(sep).join('/');

/** Each way an Electron entry reaches a serve-only file or package, as {file, line, message}. */
export function findElectronEntryViolations(root) {
  const violations = [];
  const seen = new Set();
  const visit = (file, chain) => {
    const rel = posix(relative(root, file));
    if (seen.has(rel)) return;
    seen.add(rel);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(RUNTIME_IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const line = text.slice(0, match.index + match[0].indexOf(specifier)).split('\n').length;
      const path = [...chain, rel].join(' → ');
      if (!specifier.startsWith('.')) {
        const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
        if (SERVE_ONLY_PACKAGES.test(pkg))
          violations.push({
            file: rel,
            line,
            message: `the Electron entry loads "${pkg}", which only \`pos serve\` needs (${path}); import it from a serve-only entry such as src-main/host/http/index.ts`,
          });
        continue;
      }
      const target = resolve(dirname(file), specifier);
      const targetRel = posix(relative(root, target));
      if (SERVE_ONLY_FILES.test(targetRel)) {
        violations.push({ file: rel, line, message: `the Electron entry loads ${targetRel}, which only \`pos serve\` needs (${path})` });
        continue;
      }
      if (existsSync(target) && /\.(ts|mts|js|mjs)$/.test(target)) visit(target, [...chain, rel]);
    }
  };
  for (const entry of ENTRIES) if (existsSync(join(root, entry))) visit(join(root, entry), []);
  return violations;
}
