// The import rules of docs/decisions.md ("Layers, enforced by tools"), checked by dependency-cruiser on every
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

/**
 * What the Electron window loads must not reach what only `pos serve` needs.
 * `ws` is no longer among them (issue 36): the desktop hub streams to its
 * standby (src-main/standby) over a WebSocket; the web host stays out.
 */
const ELECTRON_ENTRIES = '^src-main/electron/(main|preload)\\.ts$';
const SERVE_ONLY = ['^emulator/', '^src-main/host/http/till-http-server\\.ts$', '(^|/)node_modules/(fastify|@fastify/[^/]+)/'];

const either = (names) => `(${names.join('|')})`;

/** Every package kind npm can name: a layer that may use few packages lists them in `pathNot`. */
const NPM_TYPES = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'];

/** A forbidden import: `from` may not reach `to`; `comment` is what a violation prints. Every rule fails the check. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

const printingOrder = PRINTING_ORDER.map((folder, i) =>
  forbid(
    `printing-order-${folder}`,
    `printing/${folder} imports only the sub-folders before it (${PRINTING_ORDER.join(' → ')}); move what both need lower`,
    { path: `^src-main/printing/${folder}/` },
    { path: '^src-main/printing/[^/]+/', pathNot: `^src-main/printing/${either(PRINTING_ORDER.slice(0, i + 1))}/` },
  ),
);

module.exports = {
  PRINTING_ORDER,
  forbidden: [
    forbid(
      'shared-is-pure',
      'src-shared runs anywhere: no Node, no DOM, nothing else of ours',
      { path: '^src-shared/' },
      { path: '^(src-main|src-renderer|emulator)/' },
    ),
    forbid('shared-no-node', 'src-shared runs anywhere: no Node modules', { path: '^src-shared/' }, { dependencyTypes: ['core'] }),
    forbid(
      'shared-packages',
      'src-shared may use zod and nothing else from npm',
      { path: '^src-shared/' },
      { dependencyTypes: NPM_TYPES, pathNot: '(^|/)node_modules/zod/' },
    ),
    forbid(
      'renderer-through-till-api',
      'the renderer talks only to the till API (src-shared contract): no src-main, no emulator, no Node',
      { path: '^src-renderer/' },
      { path: '^(src-main|emulator)/' },
    ),
    forbid('renderer-no-node', 'the renderer runs in a browser: no Node modules', { path: '^src-renderer/' }, { dependencyTypes: ['core'] }),
    forbid(
      'renderer-packages',
      "the renderer may use svelte, comlink, @lucide/svelte and qrcode (the pairing QR: the encoder of the receipt's ZATCA QR) from npm",
      { path: '^src-renderer/' },
      { dependencyTypes: NPM_TYPES, pathNot: '(^|/)node_modules/(svelte|comlink|@lucide/svelte|qrcode)/' },
    ),
    forbid('main-not-renderer', 'src-main may import src-shared only', { path: '^src-main/' }, { path: '^src-renderer/' }),
    forbid(
      'emulator-from-roots',
      'only the composition roots (cli, host) start the emulator; pos --help reads its usage line only',
      { path: '^src-main/', pathNot: '^src-main/(cli|host)/' },
      { path: '^emulator/' },
    ),
    forbid(
      'emulator-entry',
      'the composition roots enter the emulator through emulator/index.ts',
      { path: '^src-main/(cli|host)/', pathNot: '^src-main/cli/main\\.ts$' },
      { path: '^emulator/', pathNot: '^emulator/index\\.ts$' },
    ),
    forbid(
      'emulator-usage-line',
      "`pos --help` shows the emulator's usage line (emulator/usage.ts) without loading the emulator; it starts it through emulator/index.ts",
      { path: '^src-main/cli/main\\.ts$' },
      { path: '^emulator/', pathNot: '^emulator/(index|usage)\\.ts$' },
    ),
    forbid('emulator-stands-alone', 'the emulator may use src-shared schemas only', { path: '^emulator/' }, { path: '^(src-main|src-renderer)/' }),
    forbid('electron-in-its-shell', 'only src-main/electron may import electron', { pathNot: '^src-main/electron/' }, { path: '(^|/)node_modules/electron/' }),
    forbid(
      'electron-shell-composed-there',
      'only src-main/electron composes the Electron shell',
      { path: '^src-main/', pathNot: '^src-main/electron/' },
      { path: '^src-main/electron/' },
    ),
    forbid(
      'modules-through-index',
      'other modules are imported through their index.ts',
      { path: '^([^/]+/[^/]+)/' },
      { dependencyTypes: ['local'], path: '^[^/]+/[^/]+/', pathNot: ['^$1/', '/index\\.ts$'] },
    ),
    forbid(
      'index-exports-own-folder',
      'an index.ts exports its own folder only: re-exporting another module hides where a name lives; importers import the owner',
      { path: '^(.+)/index\\.ts$' },
      { dependencyTypes: ['export'], dependencyTypesNot: [...NPM_TYPES, 'core'], pathNot: '^$1/' },
    ),
    forbid(
      'printing-sub-folders-not-entry',
      "printing's sub-folders do not import printing's entry files",
      { path: '^src-main/printing/[^/]+/' },
      { path: '^src-main/printing/[^/]+\\.ts$' },
    ),
    forbid(
      'printing-folder-placed',
      'every sub-folder of src-main/printing has its place in PRINTING_ORDER (.dependency-cruiser.cjs)',
      { path: '^src-main/printing/[^/]+/', pathNot: `^src-main/printing/${either(PRINTING_ORDER)}/` },
      {},
    ),
    ...printingOrder,
    forbid(
      'selling-from-roots',
      "only the composition roots (host, cli) import selling: a feature that needs a sale takes a port of its own (floor's TabCheckout) and the host hands selling in",
      { path: '^src-main/', pathNot: '^src-main/(selling|host|cli)/' },
      { path: '^src-main/selling/' },
    ),
    forbid(
      'standby-stands-low',
      'src-main/standby (issue 36) replicates the database below the till: it may use db, settings, stations and clock, never selling, host or the CLI; the roots hand it what it needs',
      { path: '^src-main/standby/' },
      { path: '^src-main/', pathNot: '^src-main/(standby|db|settings|stations|clock)/' },
    ),
    forbid(
      'standby-from-roots',
      "only the composition roots (cli, electron) start a standby or a replicating hub: host and the features know nothing of it (narrow hooks: the web host's peer routes, the API wrapper)",
      { path: '^src-main/', pathNot: '^src-main/(standby|cli|electron)/' },
      { path: '^src-main/standby/' },
    ),
    forbid(
      'no-cycles',
      'files import each other in a cycle, type-only imports too (a loop of types is a loop a reader follows); move what both need lower',
      { path: '^(src-main|src-shared|emulator)/' },
      { circular: true },
    ),
    forbid(
      'no-cycles-renderer',
      'files import each other in a cycle (type-only imports aside); move what both need lower',
      { path: '^src-renderer/' },
      { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    ),
  ],
  /** Followed without type-only imports, as the bundler does: see scripts/check-layers.mjs. */
  electronEntry: [
    forbid(
      'electron-entry-not-serve',
      'the Electron entry loads what only `pos serve` needs (the web server, ws, the emulator, fastify); import it from a serve-only entry such as src-main/host/http/index.ts',
      { path: ELECTRON_ENTRIES },
      { path: SERVE_ONLY, reachable: true },
    ),
  ],
  // The cruise options (what is followed, TypeScript's type-only imports) are in scripts/import-graph.mjs.
};
