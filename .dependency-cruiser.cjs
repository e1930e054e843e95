// The import rules of DESIGN.md, checked by dependency-cruiser on every
// `npm test` by scripts/check-layers.mjs (which adds the table owners):
// a rule that only a reviewer remembers is not a rule. Each rule's comment is
// the message a violation prints.

/**
 * printing's sub-folders, lowest first: each may import only the ones before
 * it, so a document goes one way, from layout (what to print) through raster
 * and ESC/POS (how the printer gets it) to the queue that sends it. compose
 * fills a layout; setup (bindings, routing, addresses) needs no renderer;
 * preview shows what the queue would print.
 */
const PRINTING_ORDER = ['layout', 'transport', 'compose', 'raster', 'escpos', 'output', 'setup', 'render-worker', 'virtual-printer', 'queue', 'preview'];

/** What the Electron window loads must not reach what only `pos serve` needs. */
const ELECTRON_ENTRIES = '^src-main/electron/(main|preload)\\.ts$';
const SERVE_ONLY = ['^emulator/', '^src-main/host/http/till-http-server\\.ts$', '(^|/)node_modules/(ws|fastify|@fastify/[^/]+)/'];

const either = (names) => `(${names.join('|')})`;

const printingOrder = PRINTING_ORDER.map((folder, i) => ({
  name: `printing-order-${folder}`,
  comment: `printing/${folder} imports only the sub-folders before it (${PRINTING_ORDER.join(' → ')}); move what both need lower`,
  severity: 'error',
  from: { path: `^src-main/printing/${folder}/` },
  to: { path: '^src-main/printing/[^/]+/', pathNot: `^src-main/printing/${either(PRINTING_ORDER.slice(0, i + 1))}/` },
}));

module.exports = {
  PRINTING_ORDER,
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'src-shared runs anywhere: no Node, no DOM, nothing else of ours',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { path: '^(src-main|src-renderer|emulator)/' },
    },
    {
      name: 'shared-no-node',
      comment: 'src-shared runs anywhere: no Node modules',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-packages',
      comment: 'src-shared may use zod and nothing else from npm',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: '(^|/)node_modules/zod/' },
    },
    {
      name: 'renderer-through-till-api',
      comment: 'the renderer talks only to the till API (src-shared contract): no src-main, no emulator, no Node',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^(src-main|emulator)/' },
    },
    {
      name: 'renderer-no-node',
      comment: 'the renderer runs in a browser: no Node modules',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'renderer-packages',
      comment: "the renderer may use svelte, comlink, @lucide/svelte and qrcode (the pairing QR: the encoder of the receipt's ZATCA QR) from npm",
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        pathNot: '(^|/)node_modules/(svelte|comlink|@lucide/svelte|qrcode)/',
      },
    },
    {
      name: 'main-not-renderer',
      comment: 'src-main may import src-shared only',
      severity: 'error',
      from: { path: '^src-main/' },
      to: { path: '^src-renderer/' },
    },
    {
      name: 'emulator-from-roots',
      comment: 'only the composition roots (cli, host) start the emulator; pos --help reads its usage line only',
      severity: 'error',
      from: { path: '^src-main/', pathNot: '^src-main/(cli|host)/' },
      to: { path: '^emulator/' },
    },
    {
      name: 'emulator-entry',
      comment: 'the composition roots enter the emulator through emulator/index.ts',
      severity: 'error',
      from: { path: '^src-main/(cli|host)/', pathNot: '^src-main/cli/main\\.ts$' },
      to: { path: '^emulator/', pathNot: '^emulator/index\\.ts$' },
    },
    {
      name: 'emulator-usage-line',
      comment: "`pos --help` shows the emulator's usage line (emulator/usage.ts) without loading the emulator; it starts it through emulator/index.ts",
      severity: 'error',
      from: { path: '^src-main/cli/main\\.ts$' },
      to: { path: '^emulator/', pathNot: '^emulator/(index|usage)\\.ts$' },
    },
    {
      name: 'emulator-stands-alone',
      comment: 'the emulator may use src-shared schemas only',
      severity: 'error',
      from: { path: '^emulator/' },
      to: { path: '^(src-main|src-renderer)/' },
    },
    {
      name: 'electron-in-its-shell',
      comment: 'only src-main/electron may import electron',
      severity: 'error',
      from: { pathNot: '^src-main/electron/' },
      to: { path: '(^|/)node_modules/electron/' },
    },
    {
      name: 'electron-shell-composed-there',
      comment: 'only src-main/electron composes the Electron shell',
      severity: 'error',
      from: { path: '^src-main/', pathNot: '^src-main/electron/' },
      to: { path: '^src-main/electron/' },
    },
    {
      name: 'modules-through-index',
      comment: 'other modules are imported through their index.ts',
      severity: 'error',
      from: { path: '^([^/]+/[^/]+)/' },
      to: { dependencyTypes: ['local'], path: '^[^/]+/[^/]+/', pathNot: ['^$1/', '/index\\.ts$'] },
    },
    {
      name: 'index-exports-own-folder',
      comment: 'an index.ts exports its own folder only: re-exporting another module hides where a name lives; importers import the owner',
      severity: 'error',
      from: { path: '^(.+)/index\\.ts$' },
      to: {
        dependencyTypes: ['export'],
        dependencyTypesNot: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core'],
        pathNot: '^$1/',
      },
    },
    {
      name: 'printing-sub-folders-not-entry',
      comment: "printing's sub-folders do not import printing's entry files",
      severity: 'error',
      from: { path: '^src-main/printing/[^/]+/' },
      to: { path: '^src-main/printing/[^/]+\\.ts$' },
    },
    {
      name: 'printing-folder-placed',
      comment: 'every sub-folder of src-main/printing has its place in PRINTING_ORDER (.dependency-cruiser.cjs)',
      severity: 'error',
      from: { path: '^src-main/printing/[^/]+/', pathNot: `^src-main/printing/${either(PRINTING_ORDER)}/` },
      to: {},
    },
    ...printingOrder,
    {
      name: 'no-cycles',
      comment: 'files import each other in a cycle (type-only imports aside); move what both need lower',
      severity: 'error',
      from: { path: '^(src-main|src-shared|src-renderer|emulator)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  /** Followed without type-only imports, as the bundler does: see scripts/check-layers.mjs. */
  electronEntry: [
    {
      name: 'electron-entry-not-serve',
      comment:
        'the Electron entry loads what only `pos serve` needs (the web server, ws, the emulator, fastify); import it from a serve-only entry such as src-main/host/http/index.ts',
      severity: 'error',
      from: { path: ELECTRON_ENTRIES },
      to: { path: SERVE_ONLY, reachable: true },
    },
  ],
  // The cruise options (what is followed, TypeScript's type-only imports) are in scripts/import-graph.mjs.
};
