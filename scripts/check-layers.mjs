// The rules of docs/decisions.md ("Layers, enforced by tools") that keep the code in its layers, checked on every
// `npm test`: a rule that only a reviewer remembers is not a rule.
// - Imports: dependency-cruiser with the rules in .dependency-cruiser.cjs
//   (layers, entry files, printing's one direction, cycles, what the Electron
//   entry may load).
// - Tables: who may name each table in SQL (TABLE_OWNERS below), read with
//   TypeScript's own parser (scripts/sql-table-names.mjs).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importGraph } from './import-graph.mjs';
import { tablesNamedInSql } from './sql-table-names.mjs';

const require = createRequire(import.meta.url);
const RULES = require('../.dependency-cruiser.cjs');
const LAYERS = ['src-shared', 'src-main', 'src-renderer', 'emulator'];
const ELECTRON_ENTRIES = ['src-main/electron/main.ts', 'src-main/electron/preload.ts'];

/**
 * Who owns each table of migrations/*.sql: only code under the owner's path
 * may name the table in SQL; everyone else calls the owner's functions. A
 * table without an owner here fails the check, so a new migration names one.
 */
export const TABLE_OWNERS = {
  // The catalog replica: the pull writes it by generation (catalog/replica-staging.ts), the till reads it.
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
  // Customers added at the counter (issue 35): kept beside the replica, uploaded once.
  counter_customers: 'src-main/catalog',
  // Customers corrected at the counter (issue 35): kept at once, uploaded with Customers Update.
  customer_edits: 'src-main/catalog',
  kitchens: 'src-main/catalog',
  kitchen_printers: 'src-main/catalog',
  kitchen_categories: 'src-main/catalog',
  service_tables: 'src-main/catalog',
  discounts: 'src-main/catalog',
  replica_meta: 'src-main/catalog',
  // Sales and their upload queue.
  orders: 'src-main/orders',
  order_lines: 'src-main/orders',
  order_payments: 'src-main/orders',
  // Coupons and loyalty rewards given on a sale (issue 35), written with the order.
  outbox: 'src-main/orders',
  outbox_counts: 'src-main/orders',
  outbox_counted: 'src-main/orders',
  outbox_keyed: 'src-main/orders', // migration 0025 rebuilds the outbox under this name and renames it back
  outbox_by_seq: 'src-main/orders', // migration 0031 rebuilds the outbox under this name and renames it back
  order_lines_by_seq: 'src-main/orders', // migration 0032 rebuilds the order lines under this name and renames them back
  orders_0034: 'src-main/orders', // migration 0034 rebuilds the orders under this name and renames them back
  order_payments_by_seq: 'src-main/orders', // migration 0032 rebuilds the payments under this name and renames them back
  parked_carts: 'src-main/selling',
  station_carts: 'src-main/stations',
  station_cart_lines: 'src-main/stations',
  station_cart_lines_rowid: 'src-main/stations', // migration 0031 rebuilds the cart lines under this name and renames them back
  // The branch's stations (each screen a till: its code, name, kind and printers).
  stations: 'src-main/stations',
  station_devices: 'src-main/stations',
  // The floor (issue 21): tables a manager defines, open tabs with their rounds and lines.
  local_tables: 'src-main/floor',
  tabs: 'src-main/floor',
  tab_lines: 'src-main/floor',
  tab_parts: 'src-main/floor',
  tab_changes: 'src-main/floor',
  // Kitchen displays (issue 21): their routes and tickets.
  kitchen_display_routes: 'src-main/kitchen',
  kitchen_tickets: 'src-main/kitchen',
  kitchen_items: 'src-main/kitchen',
  // Sold out (issue 34 item 6): marks that outlive a catalog pull, kept beside the replica.
  sold_out_marks: 'src-main/catalog/sold-out.ts',
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
  generation_pins: 'src-main/db/generations.ts',
  // ZATCA phase 2: the EGS units' chain states, which unit this machine is, and the signed documents (with their reporting state).
  zatca_egs: 'src-main/zatca',
  zatca_this_machine: 'src-main/zatca',
  zatca_documents: 'src-main/zatca',
  zatca_documents_0032: 'src-main/zatca', // migration 0032 rebuilds the documents under this name and renames them back
  // The standby hub (issue 36): its journal of committed changes and this machine's place in the pair (made by the module, no migration).
  standby_journal: 'src-main/standby',
  standby_state: 'src-main/standby',
};

function ownsTable(owner, file) {
  return file === owner || file.startsWith(`${owner}/`);
}

const posix = (p) => p.split(sep).join('/');
const lineOf = (text, index) => text.slice(0, index).split('\n').length;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|js|mjs)$/.test(name)) yield path;
  }
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
    for (const { table, index } of tablesNamedInSql(fileRel, text)) {
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

/** dependency-cruiser from `paths` under `root` with `forbidden` rules, as {file, line: 0, message}. */
async function cruiseRules(root, paths, forbidden, typeOnly) {
  const present = paths.filter((path) => {
    try {
      statSync(join(root, path));
      return true;
    } catch {
      return false;
    }
  });
  if (present.length === 0) return [];
  const output = await importGraph(root, present, { typeOnly, ruleSet: { forbidden } });
  return output.summary.violations.map((v) => {
    const rule = forbidden.find((r) => r.name === v.rule.name);
    const path = v.cycle?.length ? v.cycle : v.via?.length ? v.via : null;
    const chain = path ? ` (${[v.from, ...path.map((step) => step.name ?? step)].join(' → ')})` : '';
    return { file: v.from, line: 0, message: `imports ${v.to}: ${rule?.comment ?? v.rule.name}${chain} [${v.rule.name}]` };
  });
}

/** Every import and table reference under `root` that breaks a rule, as {file, line, message}. */
export async function findLayerViolations(root, owners = TABLE_OWNERS) {
  return [
    ...findTableOwnerViolations(root, owners),
    ...findUnownedTables(root, owners),
    ...(await cruiseRules(root, LAYERS, RULES.forbidden, true)),
    // The Electron entry's graph as the bundler sees it: type-only imports are erased.
    ...(await cruiseRules(root, ELECTRON_ENTRIES, RULES.electronEntry, false)),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const violations = await findLayerViolations(root);
  for (const v of violations) console.error(`${v.file}${v.line ? `:${v.line}` : ''}: ${v.message}`);
  if (violations.length > 0) {
    console.error(`check-layers: ${violations.length} import(s) or table reference(s) break the layer rules of docs/decisions.md`);
    process.exit(1);
  }
  console.log('check-layers: every import keeps to its layer, every table to its owner');
}
