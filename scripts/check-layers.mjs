// The import rules of DESIGN.md, checked on every `npm test`: a rule that
// only a reviewer remembers is not a rule. Each layer lists what it may
// import; anything else is a violation with its file, line and reason.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronEntryViolations } from './electron-entry-imports.mjs';

const SOURCE = /\.(ts|mts|js|mjs|svelte)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]/gm;

/** Top-level folders and what code in them may import besides itself. */
export const LAYERS = {
  'src-shared': { folders: [], packages: ['zod'], node: false, why: 'src-shared runs anywhere: no Node, no DOM, nothing else of ours' },
  'src-renderer': {
    folders: ['src-shared'],
    // @lucide/svelte: the UI's own icons as SVG components (issue 23), no code that reaches past the page.
    packages: ['svelte', 'comlink', '@lucide/svelte'],
    node: false,
    why: 'the renderer talks only to the till API (src-shared contract)',
  },
  'src-main': { folders: ['src-shared'], packages: '*', node: true, why: 'src-main may import src-shared only' },
  emulator: { folders: ['src-shared'], packages: '*', node: true, why: 'the emulator may use src-shared schemas only' },
};

/**
 * printing's sub-folders, lowest first: each may import only the ones before
 * it, so a document goes one way, from layout (what to print) through
 * raster and ESC/POS (how the printer gets it) to the queue that sends it.
 * compose fills a layout; setup (bindings, routing, addresses) needs no
 * renderer; preview shows what the queue would print.
 */
export const PRINTING_ORDER = ['layout', 'transport', 'compose', 'raster', 'escpos', 'output', 'setup', 'render-worker', 'virtual-printer', 'queue', 'preview'];

/** Narrow exceptions, each with its reason. */
const EXTRA = [
  // Composition roots may start the emulator (`pos emulator`, `pos serve --demo`).
  { from: /^src-main\/(cli|host)\//, to: /^emulator\/index\.ts$/ },
  // `pos --help` shows the emulator's own usage line without loading the emulator.
  { from: /^src-main\/cli\/main\.ts$/, to: /^emulator\/usage\.ts$/ },
];

/**
 * Who owns each table of migrations/*.sql: only code under the owner's path
 * may name the table in SQL; everyone else calls the owner's functions. A
 * table without an owner here fails the check, so a new migration names one.
 */
export const TABLE_OWNERS = {
  // The catalog replica: the pull stages and swaps it in (catalog/replica-staging.ts), the till reads it.
  categories: 'src-main/catalog',
  products: 'src-main/catalog',
  product_search: 'src-main/catalog',
  modifiers: 'src-main/catalog',
  prices: 'src-main/catalog',
  barcodes: 'src-main/catalog',
  payment_methods: 'src-main/catalog',
  payment_method_configs: 'src-main/catalog',
  printers: 'src-main/catalog',
  customers: 'src-main/catalog',
  kitchens: 'src-main/catalog',
  kitchen_printers: 'src-main/catalog',
  kitchen_categories: 'src-main/catalog',
  replica_meta: 'src-main/catalog',
  // Sales and their upload queue.
  orders: 'src-main/orders',
  order_lines: 'src-main/orders',
  order_payments: 'src-main/orders',
  outbox: 'src-main/orders',
  outbox_counts: 'src-main/orders',
  parked_carts: 'src-main/till',
  settings: 'src-main/settings',
  print_jobs: 'src-main/printing/queue/print-job-store.ts',
  printer_bindings: 'src-main/printing/setup',
  printer_routes: 'src-main/printing/setup',
  cashiers: 'src-main/staff',
  pin_throttle: 'src-main/staff',
  shifts: 'src-main/shifts',
  cash_movements: 'src-main/shifts',
  record_outbox: 'src-main/shifts',
  audit: 'src-main/host/authorization/audit-log.ts',
  schema_migrations: 'src-main/db',
};

/** Tables named where SQL names a table: after FROM/JOIN/INTO/UPDATE/TABLE in a string, or in Kysely's builders. */
const SQL_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?(?:(?:main|temp)\.)?["`]?(\w+)/g;
const KYSELY_TABLE = /\b(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\(\s*\[?\s*['"`](\w+)/g;

/**
 * The string and template literals of a source file with their offsets,
 * skipping comments and regular expressions (whose quotes would otherwise
 * open strings that never close).
 */
export function* stringLiterals(text) {
  let i = 0;
  let previous = '';
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      i = text.indexOf('\n', i);
      if (i < 0) return;
      continue;
    }
    if (c === '/' && next === '*') {
      i = text.indexOf('*/', i + 2);
      if (i < 0) return;
      i += 2;
      continue;
    }
    if (
      c === '/' &&
      (previous === '' || '(,=:[!&|?{};+-*%<>~^'.includes(previous) || /\b(?:return|typeof|case|of|in)$/.test(text.slice(Math.max(0, i - 8), i).trimEnd()))
    ) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n') {
        if (text[j] === '\\') j += 1;
        else if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        else if (text[j] === '/' && !inClass) break;
        j += 1;
      }
      i = j + 1;
      previous = '/';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      let depth = 0;
      while (j < text.length) {
        const d = text[j];
        if (d === '\\') j += 1;
        else if (c !== '`' && d === '\n') break;
        else if (c === '`' && d === '$' && text[j + 1] === '{') depth += 1;
        else if (c === '`' && depth > 0 && d === '}') depth -= 1;
        else if (d === c && depth === 0) break;
        j += 1;
      }
      yield { value: text.slice(i + 1, j), index: i };
      i = j + 1;
      previous = 'x';
      continue;
    }
    if (!/\s/.test(c)) previous = c;
    i += 1;
  }
}

/** Every place `text` names a table in SQL, as {table, index}. */
export function tablesNamedInSql(text) {
  const found = [];
  for (const literal of stringLiterals(text)) {
    for (const match of literal.value.matchAll(SQL_TABLE)) found.push({ table: match[1], index: literal.index + 1 + match.index });
  }
  for (const match of text.matchAll(KYSELY_TABLE)) found.push({ table: match[1], index: match.index });
  return found.sort((a, b) => a.index - b.index);
}

function ownsTable(owner, file) {
  return file === owner || file.startsWith(`${owner}/`);
}

function findTableOwnerViolations(root, owners) {
  const violations = [];
  let files;
  try {
    files = [...sourceFiles(join(root, 'src-main'))];
  } catch {
    return violations;
  }
  for (const file of files) {
    const fileRel = posix(relative(root, file));
    const text = readFileSync(file, 'utf8');
    for (const { table, index } of tablesNamedInSql(text)) {
      const owner = owners[table];
      if (owner && !ownsTable(owner, fileRel)) {
        violations.push({
          file: fileRel,
          line: lineOf(text, index),
          message: `names the table ${table} in SQL: only its owner ${owner} reads and writes it; call the owner's functions`,
        });
      }
    }
  }
  return violations;
}

/** Tables the migrations create that TABLE_OWNERS does not give an owner. */
function findUnownedTables(root, owners) {
  let names;
  try {
    names = readdirSync(join(root, 'migrations')).filter((n) => n.endsWith('.sql'));
  } catch {
    return [];
  }
  const violations = [];
  for (const name of names) {
    const text = readFileSync(join(root, 'migrations', name), 'utf8');
    for (const match of text.matchAll(/CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/gi)) {
      if (!owners[match[1]])
        violations.push({
          file: `migrations/${name}`,
          line: lineOf(text, match.index),
          message: `creates the table ${match[1]} with no owner: add it to TABLE_OWNERS in scripts/check-layers.mjs`,
        });
    }
  }
  return violations;
}

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
    const printingRule = checkPrintingOrder(fileRel, target);
    if (printingRule) return printingRule;
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

/** Within src-main/printing, a sub-folder imports only sub-folders before it in PRINTING_ORDER (and never the entry files above them). */
function checkPrintingOrder(fileRel, target) {
  const PRINTING = 'src-main/printing/';
  if (!fileRel.startsWith(PRINTING) || !target.startsWith(PRINTING)) return null;
  const from = fileRel.slice(PRINTING.length).split('/');
  const to = target.slice(PRINTING.length).split('/');
  if (from.length < 2) return null; // printing's own entry files compose the sub-folders
  if (to.length < 2) return `imports ${target}: printing's sub-folders do not import printing's entry files`;
  if (from[0] === to[0]) return null;
  const a = PRINTING_ORDER.indexOf(from[0]);
  const b = PRINTING_ORDER.indexOf(to[0]);
  if (a < 0) return `is in src-main/printing/${from[0]}, which PRINTING_ORDER in scripts/check-layers.mjs does not place`;
  if (b < 0 || b > a) return `imports ${target}: printing/${from[0]} comes before printing/${to[0]} (${PRINTING_ORDER.join(' → ')}); move what both need lower`;
  return null;
}

/** An entry file (index.ts) passes on its own folder only: re-exporting another module hides where a name lives and the real import graph. */
function checkReExport(root, file, statement, specifier) {
  if (!/^export\b/.test(statement.replace(/^[\s;]+/, '')) || !file.endsWith(`${sep}index.ts`) || !specifier.startsWith('.')) return null;
  const target = resolve(dirname(file), specifier);
  if (target.startsWith(dirname(file) + sep)) return null;
  return `re-exports ${posix(relative(root, target))}: an index.ts exports its own folder only; importers import the owner`;
}

const NODE_BUILTINS = new Set([
  'fs',
  'path',
  'os',
  'http',
  'https',
  'net',
  'url',
  'crypto',
  'child_process',
  'stream',
  'events',
  'util',
  'zlib',
  'worker_threads',
  'buffer',
  'process',
  'timers',
  'readline',
  'assert',
  'dns',
  'tls',
]);

/** Every import that breaks a layer rule under `root`, as {file, line, message}. */
export function findLayerViolations(root, owners = TABLE_OWNERS) {
  const violations = [...findTableOwnerViolations(root, owners), ...findUnownedTables(root, owners)];
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
        const message = checkReExport(root, file, match[0], specifier) ?? checkImport(root, layer, file, specifier);
        if (message) violations.push({ file: posix(relative(root, file)), line: lineOf(text, match.index + match[0].indexOf(specifier)), message });
        if (specifier.startsWith('.')) recordModuleEdge(moduleEdges, posix(relative(root, file)), posix(relative(root, resolve(dirname(file), specifier))));
      }
    }
  }
  violations.push(...findElectronEntryViolations(root));
  for (const cycle of findModuleCycles(moduleEdges)) {
    violations.push({
      file: cycle[0],
      line: 0,
      message: `modules import each other in a cycle: ${cycle.join(' → ')}; move what both need into a lower module`,
    });
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
  console.log('check-layers: every import keeps to its layer, every table to its owner');
}
