// `pos printers` and `pos kitchens`: an installer sets up a branch from the
// command line. Real replica pulled from the emulator, a real TCP sink as
// the printer; bad input is one line, a non-zero exit, and nothing changed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitchensCommand } from '../../../src-main/cli/commands/kitchens-command.ts';
import { printersCommand } from '../../../src-main/cli/commands/printers-command.ts';
import { UsageError } from '../../../src-main/cli/cli-io.ts';
import { readKitchenRoutes, readPrinterBindings, startPrinterSink } from '../../../src-main/printing/index.ts';
import { type PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { runPos } from '../../support/run-pos.ts';
import { freePort, openPrintingShop, type PrintingShop } from '../printing/printing-shop.ts';
import { capturedIo } from '../../support/captured-io.ts';

let shop: PrintingShop;
let sink: PrinterSink;
let dbFile: string;
beforeAll(async () => {
  shop = await openPrintingShop({ bind: [], startQueue: false });
  dbFile = shop.db.name;
  sink = await startPrinterSink({ port: 0, outDir: shop.service.dir.file('cli-sink') });
});
afterAll(async () => {
  await sink.close();
  await shop.close();
});

async function run(command: typeof printersCommand, args: string[]) {
  const io = capturedIo();
  let code: number;
  try {
    code = await command(args, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.push(error.message);
    code = 2;
  }
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
}

const snapshot = () => JSON.stringify({ bindings: [...readPrinterBindings(shop.db)], routes: [...readKitchenRoutes(shop.db)] });

describe('pos printers', () => {
  it('lists every printer with its flags, binding and status, as text and JSON', async () => {
    const text = await run(printersCommand, ['--db', dbFile]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Cashier\s+\[.*DRAWER_OPEN.*\]\s+not bound/);
    const json = await run(printersCommand, ['--db', dbFile, '--json']);
    const printers = JSON.parse(json.stdout) as { name: string; state: string; flags: string[]; bound: boolean }[];
    expect(printers.map((p) => p.name).sort()).toEqual(['Bar', 'Cashier', 'Kitchen']);
    expect(printers.every((p) => p.state === 'unbound' && !p.bound)).toBe(true);
  });

  it('binds, test-prints (exit 0 only when the printer took it) and unbinds', async () => {
    const cashier = shop.printer('Cashier');
    const address = `tcp://127.0.0.1:${sink.port}`;
    const bound = await run(printersCommand, ['--db', dbFile, 'bind', cashier.id, address, '--width', '58', '--allow-loopback']);
    expect(bound.stderr).toMatch(/bound to tcp:\/\/127\.0\.0\.1:\d+ \(58 mm\)/);
    expect(bound.code).toBe(0);
    expect(shop.printer('Cashier')).toMatchObject({ address, width: 58, bound: true });

    const before = sink.jobs.length;
    const test = await run(printersCommand, ['--db', dbFile, 'test', cashier.id, '--allow-loopback']);
    expect(test.code).toBe(0);
    const [job] = (await sink.waitForJobs(before + 1)).slice(before);
    expect(job!.decoded.text).toContain('TEST PAGE');
    expect(job!.decoded.text).toContain('Cashier');
    expect(job!.decoded.text).toContain(address);

    // Without leave to print on loopback, the same binding is refused at the test.
    const refused = await run(printersCommand, ['--db', dbFile, 'test', cashier.id]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not allowed: it is this machine \(loopback\)/);

    // A printer that is off: exit 1 with the reason.
    await run(printersCommand, ['--db', dbFile, 'bind', cashier.id, `tcp://127.0.0.1:${await freePort()}`, '--allow-loopback']);
    const off = await run(printersCommand, ['--db', dbFile, 'test', cashier.id, '--allow-loopback']);
    expect(off.code).toBe(1);
    expect(off.stderr).toMatch(/refused the connection/);

    const unbound = await run(printersCommand, ['--db', dbFile, 'unbind', cashier.id]);
    expect(unbound.code).toBe(0);
    expect(shop.printer('Cashier').bound).toBe(false);
  });

  it.each([
    [['bind', 'no-such-printer', 'tcp://10.0.0.5:9100'], 1, /there is no printer no-such-printer/],
    [['bind', 'CASHIER', 'ftp://10.0.0.5'], 1, /must be tcp:\/\/host:port/],
    [['bind', 'CASHIER', 'tcp://10.0.0.5:22'], 1, /port 22 is not a printer port/],
    [['bind', 'CASHIER', 'tcp://127.0.0.1:9100'], 1, /loopback/],
    [['bind', 'CASHIER', '/etc/passwd'], 1, /not a printer device file/],
    [['bind', 'CASHIER', 'tcp://10.0.0.5:9100', '--width', '72'], 2, /--width must be 58 or 80/],
    [['bind', 'CASHIER'], 2, /give PRINTER_ID and one ADDRESS/],
    [['fly', 'CASHIER'], 2, /unknown action "fly"/],
    [['test', 'CASHIER'], 1, /is not bound on this till/],
  ])('refuses %j with one line and exit %i, changing nothing', async (args, exit, message) => {
    const resolved = args.map((a) => (a === 'CASHIER' ? shop.printer('Cashier').id : a));
    const before = snapshot();
    const result = await run(printersCommand, ['--db', dbFile, ...resolved]);
    expect(result.code).toBe(exit);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.split('\n')[0]).toMatch(message);
    expect(snapshot()).toBe(before);
  });
});

describe('pos kitchens', () => {
  it('shows where each category prints, routes one to another printer, and resets', async () => {
    const bar = shop.printer('Bar');
    const kitchen = shop.printer('Kitchen');
    const list = await run(kitchensCommand, ['--db', dbFile]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^\\s+1  .+ ->  Bar \\(${bar.id}\\)$`, 'm'));

    const routed = await run(kitchensCommand, ['--db', dbFile, 'route', '1', kitchen.id]);
    expect(routed.code).toBe(0);
    const json = JSON.parse((await run(kitchensCommand, ['--db', dbFile, '--json'])).stdout) as {
      categories: { category_id: number; printer_ids: string[] }[];
    };
    expect(json.categories.find((c) => c.category_id === 1)!.printer_ids).toEqual([kitchen.id]);
    expect(shop.printer('Bar').categories.has(1)).toBe(false);
    expect(shop.printer('Bar').routing).toBe('local');

    expect((await run(kitchensCommand, ['--db', dbFile, 'reset'])).code).toBe(0);
    expect(shop.printer('Bar').categories.has(1)).toBe(true);
  });

  it.each([
    [['route', '9999', 'KITCHEN'], 1, /there is no category 9999/],
    [['route', '1', 'nope'], 1, /there is no printer nope/],
    [['route', 'drinks', 'KITCHEN'], 2, /CATEGORY_ID must be a whole number/],
    [['route', '1'], 2, /give CATEGORY_ID and PRINTER_ID/],
  ])('refuses %j with one line and exit %i, changing nothing', async (args, exit, message) => {
    const resolved = args.map((a) => (a === 'KITCHEN' ? shop.printer('Kitchen').id : a));
    const before = snapshot();
    const result = await run(kitchensCommand, ['--db', dbFile, ...resolved]);
    expect(result.code).toBe(exit);
    expect(result.stderr).toMatch(message);
    expect(snapshot()).toBe(before);
  });

  it('works end to end through bin/pos.mjs', async () => {
    const result = await runPos(['kitchens', '--db', dbFile, '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).kitchens.length).toBeGreaterThan(0);
    const bad = await runPos(['printers', '--db', dbFile, 'bind', 'no-such', 'tcp://10.1.1.1:9100']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});
