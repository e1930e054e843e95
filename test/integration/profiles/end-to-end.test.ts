// The till's whole path against each reading of the spec the emulator
// serves (issue 8, part 8): `pos sync` at 2.0.0 and at 2.5.0, sell through
// the till API, `pos print` to a TCP printer, and the upload, each order
// reaching the service exactly once. `spec-only` has no /me, so the pull is
// told the market and branch, and receipts carry no ZATCA QR.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, PROFILE_NAMES, type ProfileName, type RunningEmulator } from '../../../emulator/index.ts';
import { main } from '../../../src-main/cli/main.ts';
import { openDatabase } from '../../../src-main/db/index.ts';
import { startPrinterSink } from '../../../src-main/printing/index.ts';
import { type PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { TillService } from '../../../src-main/host/index.ts';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

/** `pos ...` in this process: the same main() as bin/pos.mjs, without a process per call. */
async function pos(args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(args, { out: (line) => stdout.push(line), err: (line) => stderr.push(line), interactive: false, env: {} });
  return { code, stdout, stderr };
}

/** Three sales of single products with no modifiers, paid in cash. */
async function sellThree(file: string): Promise<OrderView[]> {
  const db = openDatabase(file);
  try {
    const till = new TillService({ db });
    const categories = await till.categories();
    const orders: OrderView[] = [];
    for (const category of categories) {
      const { items } = await till.products({ category_id: category.id, limit: 20 });
      const product = items.find((p) => p.price !== null && !p.has_modifiers);
      if (!product) continue;
      const cart = await till.addItem({ product_id: product.id, quantity: 1 + orders.length });
      orders.push(await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] }));
      if (orders.length === 3) break;
    }
    return orders;
  } finally {
    db.close();
  }
}

// spec-only and variant join once the tolerant readers (issue 8, parts 1-4) are on main.
const PROFILES_UNDER_TEST: ProfileName[] = [...PROFILE_NAMES];

describe.each(PROFILES_UNDER_TEST.map((name) => [name]))('against the %s profile', (profile: ProfileName) => {
  let emulator: RunningEmulator;
  let sink: PrinterSink;
  let dir: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    dir = tempDir(`till-profile-${profile}-`);
    emulator = await startEmulator({ port: 0, seed: 8, profile });
    sink = await startPrinterSink({ port: 0, outDir: dir.file('sink') });
  });
  afterAll(async () => {
    await sink.close();
    await emulator.close();
    dir.cleanup();
  });

  it.each([['2.0.0'], ['2.5.0']])('pulls at %s, sells, prints and uploads every order exactly once', async (version) => {
    const db = dir.file(`till-${version}.db`);
    const service = ['--base-url', emulator.baseUrl, '--token', emulator.token, '--api-version', version];
    const pull = await pos(['sync', '--db', db, ...service, '--market-id', emulator.marketId, '--branch-id', emulator.branchId, '--json']);
    expect(pull.code, pull.stderr.join('\n')).toBe(0);
    const summary = JSON.parse(pull.stdout.at(-1)!) as { ok: boolean; counts: Record<string, number> };
    expect(summary.counts.products).toBeGreaterThan(0);
    expect(summary.counts.payment_methods).toBeGreaterThan(0);

    const orders = await sellThree(db);
    expect(orders).toHaveLength(3);

    const before = sink.jobs.length;
    const printed = await pos([
      'print',
      '--db',
      db,
      '--order',
      orders[0]!.uuid,
      '--to',
      `tcp://127.0.0.1:${sink.port}`,
      '--allow-loopback',
      '--settings',
      'PRODUCT_SHOW',
    ]);
    expect(printed.code, printed.stderr.join('\n')).toBe(0);
    const [job] = (await sink.waitForJobs(before + 1)).slice(before);
    expect(job!.decoded.text).toContain(`#${orders[0]!.number}`);
    if (profile === 'spec-only') expect(job!.decoded.text).toContain('No VAT number: no ZATCA QR code');
    else expect(job!.decoded.text).toMatch(/\[qr /);

    const postsBefore = emulator.orderPosts;
    const upload = await pos(['sync', '--db', db, ...service, '--market-id', emulator.marketId, '--branch-id', emulator.branchId, '--json']);
    expect(upload.code, upload.stderr.join('\n')).toBe(0);
    expect(JSON.parse(upload.stdout.at(-1)!)).toMatchObject({ orders_uploaded: 3, orders_pending: 0, orders_rejected: 0 });
    for (const order of orders) expect(emulator.orders.get(order.uuid)?.order.total, order.uuid).toBe((order.total / 100).toFixed(2));
    const postsForUpload = emulator.orderPosts - postsBefore;
    expect(postsForUpload).toBe(1);

    // Synced orders are never sent again.
    const again = await pos(['sync', '--db', db, ...service, '--market-id', emulator.marketId, '--branch-id', emulator.branchId, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout.at(-1)!)).toMatchObject({ orders_uploaded: 0, orders_pending: 0 });
    expect(emulator.orderPosts - postsBefore).toBe(1);
  });
});
