// The import rules of DESIGN.md, checked on every `npm test`: a rule that
// only a reviewer remembers is not a rule. Each layer lists what it may
// import; anything else is a violation with its file, line and reason.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronEntryViolations } from './electron-entry-imports.mjs';

const SOURCE = /\.(ts|mts|js|mjs|svelte)$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]/gm;

/** Top-level folders and what code in them may import besides itself. */
export const LAYERS = {
  'src-shared': { folders: [], packages: ['zod'], node: false, why: 'src-shared runs anywhere: no Node, no DOM, nothing else of ours' },
  'src-renderer': { folders: ['src-shared'], packages: ['svelte', 'comlink'], node: false, why: 'the renderer talks only to the till API (src-shared contract)' },
  'src-main': { folders: ['src-shared'], packages: '*', node: true, why: 'src-main may import src-shared only' },
  emulator: { folders: ['src-shared'], packages: '*', node: true, why: 'the emulator may use src-shared schemas only' },
};

/** Narrow exceptions, each with its reason. */
const EXTRA = [
  // Composition roots may start the emulator (`pos emulator`, `pos serve --demo`).
  { from: /^src-main\/(cli|host)\//, to: /^emulator\/index\.ts$/ },
  // `pos --help` shows the emulator's own usage line without loading the emulator.
  { from: /^src-main\/cli\/main\.ts$/, to: /^emulator\/usage\.ts$/ },
];

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(name)) yield path;
  }
}

const posix = (p) => p.split(sep).join('/');

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

function checkImport(root, layer, file, specifier) {
  const rule = LAYERS[layer];
  const fileRel = posix(relative(root, file));
  if (specifier.startsWith('.')) {
    const target = posix(relative(root, resolve(dirname(file), specifier)));
    const targetLayer = target.split('/')[0];
    if (EXTRA.some((e) => e.from.test(fileRel) && e.to.test(target))) return null;
    if (targetLayer !== layer && !rule.folders.includes(targetLayer)) return `imports ${target}: ${rule.why}`;
    if (targetLayer === 'emulator' && layer !== 'emulator') return `imports ${target}: ${rule.why}`;
    // Another module of the same layer, or another layer, is entered through its index.ts only.
    const fileModule = fileRel.split('/').slice(0, 2).join('/');
    const targetParts = target.split('/');
    const targetModule = targetParts.slice(0, 2).join('/');
    const crossesModule = targetParts.length > 2 && targetModule !== fileModule;
    if (crossesModule && targetParts.at(-1) !== 'index.ts') {
      return `imports ${target}: other modules are imported through their index.ts (${targetModule}/index.ts)`;
    }
    if (layer === 'src-main' && target.startsWith('src-main/electron/') && !fileRel.startsWith('src-main/electron/')) {
      return `imports ${target}: only src-main/electron composes the Electron shell`;
    }
    return null;
  }
  const isNode = specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]);
  if (isNode) return rule.node ? null : `imports Node's "${specifier}": ${rule.why}`;
  const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  if (pkg === 'electron' && !fileRel.startsWith('src-main/electron/')) {
    return `imports "electron": only src-main/electron may import electron`;
  }
  if (rule.packages === '*' || rule.packages.includes(pkg)) return null;
  return `imports the package "${pkg}": ${rule.why}`;
}

const NODE_BUILTINS = new Set(['fs', 'path', 'os', 'http', 'https', 'net', 'url', 'crypto', 'child_process', 'stream', 'events', 'util', 'zlib', 'worker_threads', 'buffer', 'process', 'timers', 'readline', 'assert', 'dns', 'tls']);

/** Every import that breaks a layer rule under `root`, as {file, line, message}. */
export function findLayerViolations(root) {
  const violations = [];
  const moduleEdges = new Map();
  for (const layer of Object.keys(LAYERS)) {
    let files;
    try {
      files = [...sourceFiles(join(root, layer))];
    } catch {
      continue;
    }
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? match[3];
        const message = checkImport(root, layer, file, specifier);
        if (message) violations.push({ file: posix(relative(root, file)), line: lineOf(text, match.index + match[0].indexOf(specifier)), message });
        if (specifier.startsWith('.')) recordModuleEdge(moduleEdges, posix(relative(root, file)), posix(relative(root, resolve(dirname(file), specifier))));
      }
    }
  }
  violations.push(...findElectronEntryViolations(root));
  for (const cycle of findModuleCycles(moduleEdges)) {
    violations.push({ file: cycle[0], line: 0, message: `modules import each other in a cycle: ${cycle.join(' → ')}; move what both need into a lower module` });
  }
  return violations;
}

/** Modules are the folders one level into a layer (src-main/db, src-shared/wire...). */
function moduleOf(path) {
  const parts = path.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : null;
}

function recordModuleEdge(edges, from, to) {
  const a = moduleOf(from);
  const b = moduleOf(to);
  if (!a || !b || a === b) return;
  if (!edges.has(a)) edges.set(a, new Set());
  edges.get(a).add(b);
}

function findModuleCycles(edges) {
  const cycles = [];
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const violations = findLayerViolations(root);
  for (const v of violations) console.error(`${v.file}:${v.line}: ${v.message}`);
  if (violations.length > 0) {
    console.error(`check-layers: ${violations.length} import(s) break the layer rules of DESIGN.md`);
    process.exit(1);
  }
  console.log('check-layers: every import keeps to its layer');
}
