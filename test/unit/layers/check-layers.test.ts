import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { findLayerViolations } from '../../../scripts/check-layers.mjs';

type Violation = { file: string; line: number; message: string };

const root = mkdtempSync(join(tmpdir(), 'till-layers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A tree of files; every file an import names must exist, as dependency-cruiser resolves them. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 't-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const check = (files: Record<string, string>): Promise<Violation[]> => findLayerViolations(tree(files));
const where = (violations: Violation[]) => violations.map((v) => `${v.file} ${/\[([\w-]+)\]$/.exec(v.message)?.[1]}`).sort();

describe('the layer check', () => {
  it('rejects Node and other layers in src-shared', async () => {
    const violations = await check({
      'src-shared/a/x.ts': "import { readFileSync } from 'node:fs';\nimport { q } from '../../src-main/db/index.ts';\nexport const x = [readFileSync, q];\n",
      'src-main/db/index.ts': 'export const q = 1;\n',
    });
    expect(where(violations)).toEqual(['src-shared/a/x.ts shared-is-pure', 'src-shared/a/x.ts shared-no-node']);
    expect(violations.find((v) => v.message.includes('shared-is-pure'))!.message).toMatch(/imports src-main\/db\/index\.ts: src-shared runs anywhere/);
  });

  it('keeps electron inside src-main/electron and the renderer away from src-main', async () => {
    const violations = await check({
      'node_modules/electron/package.json': '{"name":"electron","main":"index.js"}',
      'node_modules/electron/index.js': 'module.exports = {};\n',
      'src-main/sync/a.ts': "import { app } from 'electron';\nexport const a = app;\n",
      'src-main/sync/index.ts': "export { a } from './a.ts';\n",
      'src-main/electron/main.ts': "import { app } from 'electron';\nexport const m = app;\n",
      'src-renderer/App.svelte': "<script>\nimport { a } from '../src-main/sync/index.ts';\n</script>\n<p>{a}</p>\n",
    });
    expect(where(violations)).toEqual(['src-main/sync/a.ts electron-in-its-shell', 'src-renderer/App.svelte renderer-through-till-api']);
  });

  it('makes other modules go through their index.ts', async () => {
    const violations = await check({
      'src-main/db/open-database.ts': 'export const openDatabase = 1;\n',
      'src-main/db/index.ts': "export { openDatabase } from './open-database.ts';\n",
      'src-main/sync/a.ts':
        "import { openDatabase } from '../db/open-database.ts';\nimport { openDatabase as o } from '../db/index.ts';\nexport const a = [openDatabase, o];\n",
    });
    expect(where(violations)).toEqual(['src-main/sync/a.ts modules-through-index']);
    expect(violations[0]!.message).toMatch(/imports src-main\/db\/open-database\.ts: other modules are imported through their index\.ts/);
  });

  it('lets only composition roots start the emulator', async () => {
    const violations = await check({
      'emulator/index.ts': 'export const startEmulator = 1;\n',
      'emulator/routes.ts': 'export const routes = 1;\n',
      'src-main/cli/main.ts': "const e = await import('../../emulator/index.ts');\nexport const m = e;\n",
      'src-main/host/serve.ts': "import { routes } from '../../emulator/routes.ts';\nexport const s = routes;\n",
      'src-main/sync/pull.ts': "import { startEmulator } from '../../emulator/index.ts';\nexport const p = startEmulator;\n",
    });
    expect(where(violations)).toEqual(['src-main/host/serve.ts emulator-entry', 'src-main/sync/pull.ts emulator-from-roots']);
  });

  it('lets only host and cli import selling; floor takes a port instead, a type-only import is refused too (issue 33)', async () => {
    const violations = await check({
      'src-main/selling/index.ts': "export { SellingService, type SaleDone } from './selling-service.ts';\n",
      'src-main/selling/selling-service.ts': 'export class SellingService {}\nexport type SaleDone = { uuid: string };\n',
      'src-main/host/till-service.ts': "import { SellingService } from '../selling/index.ts';\nexport const t = new SellingService();\n",
      'src-main/cli/commands/sell.ts': "import { SellingService } from '../../selling/index.ts';\nexport const c = SellingService;\n",
      'src-main/floor/tab-service.ts': "import { SellingService } from '../selling/index.ts';\nexport const f = SellingService;\n",
      'src-main/floor/index.ts': "export { f } from './tab-service.ts';\n",
      'src-main/printing/receipt.ts': "import type { SaleDone } from '../selling/index.ts';\nexport type R = SaleDone;\n",
      'src-main/printing/index.ts': "export type { R } from './receipt.ts';\n",
    });
    expect(where(violations)).toEqual(['src-main/floor/tab-service.ts selling-from-roots', 'src-main/printing/receipt.ts selling-from-roots']);
    expect(violations[0]!.message).toMatch(/imports src-main\/selling\/index\.ts: only the composition roots \(host, cli\) import selling/);
  });

  it('rejects files that import each other in a cycle, through modules', async () => {
    const violations = await check({
      'src-main/till/index.ts': "export { x } from './till.ts';\n",
      'src-main/till/till.ts': "import { y } from '../sync/index.ts';\nexport const x = () => y;\n",
      'src-main/sync/index.ts': "export { y } from './sync.ts';\n",
      'src-main/sync/sync.ts': "import { z } from '../orders/index.ts';\nexport const y = () => z;\n",
      'src-main/orders/index.ts': "export { z } from './orders.ts';\n",
      'src-main/orders/orders.ts': "import { x } from '../till/index.ts';\nexport const z = () => x;\n",
    });
    const cycles = violations.filter((v) => v.message.endsWith('[no-cycles]'));
    expect(cycles.length).toBeGreaterThan(0);
    expect(cycles[0]!.message).toMatch(/src-main\/orders\/orders\.ts → src-main\/till\/index\.ts → src-main\/till\/till\.ts → src-main\/sync\/index\.ts/);
  });

  it('counts a cycle made only of type imports in src-main (a reader follows it), not in the renderer (issue 33)', async () => {
    const violations = await check({
      'src-main/till/index.ts': "export type { X } from './till.ts';\n",
      'src-main/till/till.ts': "import type { Y } from '../sync/index.ts';\nexport type X = { y?: Y };\n",
      'src-main/sync/index.ts': "import type { X } from '../till/index.ts';\nexport type Y = { x?: X };\n",
      'src-renderer/a/index.ts': "export type { X } from './a.ts';\n",
      'src-renderer/a/a.ts': "import type { Y } from '../b/index.ts';\nexport type X = { y?: Y };\n",
      'src-renderer/b/index.ts': "import type { X } from '../a/index.ts';\nexport type Y = { x?: X };\n",
    });
    expect(where(violations).filter((w) => w.endsWith('no-cycles'))).not.toEqual([]);
    expect(violations.filter((v) => v.file.startsWith('src-renderer/'))).toEqual([]);
  });

  it('lets only its owner name a table in SQL', async () => {
    const owners = { orders: 'src-main/orders', print_jobs: 'src-main/printing/queue/print-job-store.ts' };
    const violations: Violation[] = await findLayerViolations(
      tree({
        'src-main/orders/order-store.ts': "const a = db.prepare('SELECT * FROM orders WHERE uuid = ?');\n",
        'src-main/printing/queue/print-job-store.ts': 'db.prepare("UPDATE print_jobs SET state = \'done\'");\n',
        'src-main/till/till-service.ts': [
          '// Reads FROM orders in a comment, and a message: "nothing came FROM orders".',
          "const n = 'copy from orders';",
          'const rows = db.prepare(`SELECT o.uuid FROM outbox x',
          '  JOIN orders o ON o.uuid = x.order_uuid`);',
          "const k = q.selectFrom('orders as o').selectAll();",
          'const re = /[\'"`]/;',
          "db.prepare('DELETE FROM print_jobs');",
        ].join('\n'),
      }),
      owners,
    );
    expect(violations.map((v: Violation) => `${v.file}:${v.line}`)).toEqual([
      'src-main/till/till-service.ts:4',
      'src-main/till/till-service.ts:5',
      'src-main/till/till-service.ts:7',
    ]);
    expect(violations[0]!.message).toMatch(/table orders .*owner src-main\/orders/);
    expect(violations[2]!.message).toMatch(/print_jobs .*print-job-store\.ts/);
  });

  it('wants an owner for every table a migration creates', async () => {
    const violations = await findLayerViolations(tree({ 'migrations/0001_x.sql': 'CREATE TABLE orders (uuid TEXT);\nCREATE TABLE stray (id INTEGER);\n' }), {
      orders: 'src-main/orders',
    });
    expect(violations).toEqual([expect.objectContaining({ file: 'migrations/0001_x.sql', line: 2, message: expect.stringMatching(/stray with no owner/) })]);
  });

  it('keeps what only `pos serve` needs out of the Electron entry', async () => {
    const host = {
      'node_modules/ws/package.json': '{"name":"ws","main":"index.js"}',
      'node_modules/ws/index.js': 'module.exports = {};\n',
      'src-main/host/transport/websocket-channel.ts': "import type { WebSocket } from 'ws';\nexport const c = 1;\nexport type W = WebSocket;\n",
      'src-main/host/http/till-http-server.ts': "import { WebSocketServer } from 'ws';\nexport const s = WebSocketServer;\n",
      'src-main/host/http/index.ts': "export { s } from './till-http-server.ts';\n",
    };
    const clean = await check({
      ...host,
      'src-main/host/index.ts': "export { c } from './transport/websocket-channel.ts';\n",
      'src-main/electron/main.ts': "import { c } from '../host/index.ts';\nexport const m = c;\n",
    });
    expect(clean).toEqual([]);
    const leaky = await check({
      ...host,
      'src-main/host/index.ts': "export { c } from './transport/websocket-channel.ts';\nexport { s } from './http/index.ts';\n",
      'src-main/electron/main.ts': "import { c } from '../host/index.ts';\nexport const m = c;\n",
    });
    expect(where(leaky)).toContain('src-main/electron/main.ts electron-entry-not-serve');
    expect(leaky.find((v) => v.message.includes('electron-entry-not-serve'))!.message).toMatch(/only `pos serve` needs/);
  });

  it('lets an entry file export its own folder only', async () => {
    const violations = await check({
      'src-main/catalog/index.ts': 'export const readMeta = 1;\n',
      'src-main/orders/index.ts': 'export const o = 1;\n',
      'src-main/sync/index.ts': "export { pull } from './pull.ts';\nexport { push } from './push/index.ts';\nexport { readMeta } from '../catalog/index.ts';\n",
      'src-main/sync/push/index.ts': "export * from '../../orders/index.ts';\nexport const push = 1;\n",
      'src-main/sync/pull.ts': "export { readMeta } from '../catalog/index.ts';\nexport const pull = 1;\n",
    });
    expect(where(violations)).toEqual(['src-main/sync/index.ts index-exports-own-folder', 'src-main/sync/push/index.ts index-exports-own-folder']);
    expect(violations.find((v) => v.file === 'src-main/sync/index.ts')!.message).toMatch(
      /imports src-main\/catalog\/index\.ts: an index\.ts exports its own folder only/,
    );
  });

  it("keeps printing's sub-folders in one direction, layout first and the queue last", async () => {
    const violations = await check({
      'src-main/printing/queue/print-queue.ts':
        "import { raster } from '../raster/raster.ts';\nimport { esc } from '../escpos/esc.ts';\nexport const send = [raster, esc];\n",
      'src-main/printing/raster/raster.ts': 'export const raster = 1;\n',
      'src-main/printing/escpos/esc.ts':
        "import { layout } from '../layout/paper.ts';\nimport { send } from '../queue/print-queue.ts';\nexport const esc = [layout, send];\n",
      'src-main/printing/layout/paper.ts': "import { printDocument } from '../print-document.ts';\nexport const layout = printDocument;\n",
      'src-main/printing/print-document.ts': 'export const printDocument = 1;\n',
      'src-main/printing/index.ts': "export { send } from './queue/print-queue.ts';\n",
    });
    const rules = where(violations).filter((w) => !w.endsWith('no-cycles'));
    expect(rules).toEqual(['src-main/printing/escpos/esc.ts printing-order-escpos', 'src-main/printing/layout/paper.ts printing-sub-folders-not-entry']);
    expect(violations.find((v) => v.message.includes('printing-order-escpos'))!.message).toMatch(/printing\/escpos imports only the sub-folders before it/);
  });

  it('places every sub-folder of printing', async () => {
    const violations = await check({
      'src-main/printing/layout/paper.ts': 'export const layout = 1;\n',
      'src-main/printing/spooler/spool.ts': "import { layout } from '../layout/paper.ts';\nexport const spool = layout;\n",
    });
    expect(where(violations)).toEqual(['src-main/printing/spooler/spool.ts printing-folder-placed']);
  });
});
