import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { findLayerViolations } from '../../../scripts/check-layers.mjs';

type Violation = { file: string; line: number; message: string };

const root = mkdtempSync(join(tmpdir(), 'till-layers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 't-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const check = (files: Record<string, string>): Violation[] => findLayerViolations(tree(files));

describe('the layer check', () => {
  it('passes the real repository', () => {
    expect(findLayerViolations(join(__dirname, '../../..'))).toEqual([]);
  });

  it('rejects Node and other layers in src-shared', () => {
    const violations = check({
      'src-shared/a/x.ts': "import { readFileSync } from 'node:fs';\nimport { q } from '../../src-main/db/index.ts';\n",
    });
    expect(violations.map((v) => v.line)).toEqual([1, 2]);
    expect(violations[0]!.message).toMatch(/Node/);
    expect(violations[1]!.message).toMatch(/src-main\/db\/index\.ts/);
  });

  it('keeps electron inside src-main/electron and the renderer away from src-main', () => {
    const violations = check({
      'src-main/sync/a.ts': "import { app } from 'electron';\n",
      'src-main/electron/main.ts': "import { app } from 'electron';\n",
      'src-renderer/App.svelte': "<script>\nimport { pullCatalog } from '../src-main/sync/index.ts';\n</script>\n",
    });
    expect(violations.map((v) => v.file).sort()).toEqual(['src-main/sync/a.ts', 'src-renderer/App.svelte']);
  });

  it('makes other modules go through their index.ts', () => {
    const violations = check({
      'src-main/sync/a.ts': "import { openDatabase } from '../db/open-database.ts';\nimport { q } from '../db/index.ts';\n",
    });
    expect(violations).toHaveLength(1);
    expect(violations[0]!.message).toMatch(/index\.ts/);
  });

  it('lets only composition roots start the emulator', () => {
    const violations = check({
      'src-main/cli/main.ts': "const e = await import('../../emulator/index.ts');\n",
      'src-main/sync/pull.ts': "import { startEmulator } from '../../emulator/index.ts';\n",
    });
    expect(violations.map((v) => v.file)).toEqual(['src-main/sync/pull.ts']);
  });

  it('rejects modules that import each other in a cycle', () => {
    const violations = check({
      'src-main/till/till.ts': "import { x } from '../sync/index.ts';\n",
      'src-main/sync/sync.ts': "import { y } from '../orders/index.ts';\n",
      'src-main/orders/orders.ts': "import { z } from '../till/index.ts';\n",
    });
    expect(violations).toHaveLength(1);
    expect(violations[0]!.message).toContain('cycle: src-main/orders → src-main/till → src-main/sync → src-main/orders');
  });

  it('lets only its owner name a table in SQL', () => {
    const owners = { orders: 'src-main/orders', print_jobs: 'src-main/printing/queue/print-job-store.ts' };
    const violations: Violation[] = findLayerViolations(
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

  it('wants an owner for every table a migration creates', () => {
    const violations = findLayerViolations(tree({ 'migrations/0001_x.sql': 'CREATE TABLE orders (uuid TEXT);\nCREATE TABLE stray (id INTEGER);\n' }), {
      orders: 'src-main/orders',
    });
    expect(violations).toEqual([expect.objectContaining({ file: 'migrations/0001_x.sql', line: 2, message: expect.stringMatching(/stray with no owner/) })]);
  });

  it('keeps what only `pos serve` needs out of the Electron entry', () => {
    const host = {
      'src-main/host/transport/websocket-channel.ts': "import type { WebSocket } from 'ws';\nexport const c = 1;\n",
      'src-main/host/http/till-http-server.ts': "import { WebSocketServer } from 'ws';\nexport const s = 1;\n",
      'src-main/host/http/index.ts': "export { s } from './till-http-server.ts';\n",
    };
    const clean = check({
      ...host,
      'src-main/host/index.ts': "export { c } from './transport/websocket-channel.ts';\n",
      'src-main/electron/main.ts': "import { c } from '../host/index.ts';\n",
    });
    expect(clean).toEqual([]);
    const leaky = check({
      ...host,
      'src-main/host/index.ts': "export { c } from './transport/websocket-channel.ts';\nexport { s } from './http/index.ts';\n",
      'src-main/electron/main.ts': "import { c } from '../host/index.ts';\n",
    });
    expect(leaky).toHaveLength(1);
    expect(leaky[0]!.file).toBe('src-main/host/http/index.ts');
    expect(leaky[0]!.message).toContain('src-main/electron/main.ts → src-main/host/index.ts → src-main/host/http/index.ts');
  });

  it('lets an entry file export its own folder only', () => {
    const violations = check({
      'src-main/sync/index.ts': "export { pull } from './pull.ts';\nexport { push } from './push/index.ts';\nexport { readMeta } from '../catalog/index.ts';\n",
      'src-main/sync/push/index.ts': "export * from '../../orders/index.ts';\n",
      'src-main/sync/pull.ts': "export { readMeta } from '../catalog/index.ts';\n",
    });
    expect(violations.map((v) => `${v.file}:${v.line}`)).toEqual(['src-main/sync/index.ts:3', 'src-main/sync/push/index.ts:1']);
    expect(violations[0]!.message).toMatch(/re-exports src-main\/catalog\/index\.ts/);
  });

  it("keeps printing's sub-folders in one direction, layout first and the queue last", () => {
    const violations = check({
      'src-main/printing/queue/print-queue.ts': "import { raster } from '../raster/raster.ts';\nimport { esc } from '../escpos/esc.ts';\n",
      'src-main/printing/escpos/esc.ts': "import { layout } from '../layout/paper.ts';\nimport { send } from '../queue/print-queue.ts';\n",
      'src-main/printing/layout/paper.ts': "import { printDocument } from '../print-document.ts';\n",
      'src-main/printing/index.ts': "export { send } from './queue/print-queue.ts';\n",
    });
    expect(violations.map((v) => `${v.file}:${v.line}`)).toEqual(['src-main/printing/escpos/esc.ts:2', 'src-main/printing/layout/paper.ts:1']);
    expect(violations[0]!.message).toMatch(/printing\/escpos comes before printing\/queue/);
  });
});
