import { mkdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TenantPrinter } from '../../../emulator/tenant.ts';
import { bindPrinter, readTillPrinters, startPrinterSink } from '../../../src-main/printing/index.ts';
import type { PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { addStation } from '../../../src-main/stations/index.ts';
import { runAtStation } from '../../../src-main/stations/index.ts';
import { decodedJobs, DRINK_CATEGORIES, jobsOf, LOOPBACK_SINKS, openPrintingShop, type PrintingShop } from './printing-shop.ts';

// Issue 20, part 4: a station's receipts print on its own receipt printer
// and its cash opens its own drawer; a station without printers of its own
// prints where the till always did (the receipt printers no other station
// took); kitchen tickets route by category whichever station sold. Every
// printer is a real TCP sink on loopback, its bytes decoded back to text.

const open: PrintingShop[] = [];
const extraSinks: PrinterSink[] = [];
afterEach(async () => {
  for (const shop of open.splice(0)) await shop.close();
  for (const sink of extraSinks.splice(0)) await sink.close();
});

/** A printer added to the service's catalog (a copy of the demo's cashier printer, flags as given), pulled, and bound to a sink of its own. */
async function addPrinter(shop: PrintingShop, name: string, flags: TenantPrinter['settings']): Promise<{ id: string; sink: PrinterSink }> {
  const tenant = shop.service.emulator.tenant;
  const cashier = tenant.printers.find((p) => p.name === 'Cashier')!;
  tenant.printers.push({ ...cashier, id: `${cashier.id}-${name.replace(/\W/g, '')}`, name, settings: flags });
  await shop.service.pull(shop.db);
  const printer = readTillPrinters(shop.db).find((p) => p.name === name)!;
  const outDir = shop.service.dir.file(`sink-${name.replace(/\W/g, '')}`);
  mkdirSync(outDir, { recursive: true });
  const sink = await startPrinterSink({ port: 0, outDir });
  extraSinks.push(sink);
  bindPrinter(shop.db, printer.id, { address: `tcp://127.0.0.1:${sink.port}` }, LOOPBACK_SINKS);
  return { id: printer.id, sink };
}

const text = (sink: PrinterSink) => decodedJobs(sink).map((job) => job.text);
const kicks = (sink: PrinterSink) => text(sink).filter((t) => t.includes('[drawer kick')).length;

/** The printers a sale's receipt was written for at checkout. */
const receiptOf = (shop: PrintingShop, uuid: string) =>
  jobsOf(shop, uuid)
    .filter((job) => job.kind === 'receipt')
    .map((job) => job.printer_id);

/** Waits until each sink has received its count of jobs (the queue is done once the bytes left; the sink decodes them after). */
async function received(...counts: [PrinterSink, number][]): Promise<void> {
  for (const [sink, count] of counts) await sink.waitForJobs(count);
}

describe("a station's receipts and drawer", () => {
  it("prints station B's receipt on B's printer, opens B's drawer, and leaves A's printer and drawer alone", { timeout: 120_000 }, async () => {
    const shop = await openPrintingShop();
    open.push(shop);
    const cashierFlags = shop.service.emulator.tenant.printers.find((p) => p.name === 'Cashier')!.settings;
    // B's receipt printer has no drawer; B's drawer hangs on a printer of its own.
    const receiptB = await addPrinter(shop, 'Counter B', { ...cashierFlags, DRAWER_OPEN: false });
    const drawerB = await addPrinter(shop, 'Drawer B', { ...cashierFlags, PRINT_AUTO: false, DRAWER_OPEN: true });
    addStation(shop.db, { name: 'Counter B', code: 'B', receipt_printer_id: receiptB.id, drawer_printer_id: drawerB.id }, Date.now());
    addStation(shop.db, { name: 'Counter C', code: 'C' }, Date.now());
    const cashierA = shop.sinks.get('Cashier')!;
    const bar = shop.sinks.get('Bar')!;

    const atB = await runAtStation('B', () => shop.sell({ items: [{ categoryId: DRINK_CATEGORIES[0]! }], pay: 'CASH', tendered: 10_000 }));
    await shop.settle();
    await received([receiptB.sink, 1], [drawerB.sink, 1], [shop.sinks.get('Bar')!, 1]);
    expect(atB.number).toBe('B-001');
    // The receipt is B's, on B's printer only; the kick went to B's drawer printer, never to A's.
    // (The number line is bilingual, so it prints as an image: which order a receipt is comes from its job.)
    expect(receiptOf(shop, atB.uuid)).toEqual([receiptB.id]);
    expect(text(receiptB.sink)).toHaveLength(1);
    expect(kicks(receiptB.sink)).toBe(0);
    expect(kicks(drawerB.sink)).toBe(1);
    expect(text(cashierA)).toHaveLength(0);
    // The kitchen ticket routes by category, as for any station.
    expect(text(bar).some((t) => t.includes('B-001'))).toBe(true);
    expect(jobsOf(shop, atB.uuid).map((j) => [j.kind, j.state])).toEqual(
      expect.arrayContaining([
        ['receipt', 'done'],
        ['kitchen', 'done'],
      ]),
    );

    // A (the till's own window) prints on the cashier printer, which opens its own drawer.
    const atA = await shop.sell({ items: [{ categoryId: DRINK_CATEGORIES[0]! }], pay: 'CASH', tendered: 10_000 });
    await shop.settle();
    await received([cashierA, 1]);
    expect(atA.number).toBe('A-001');
    expect(receiptOf(shop, atA.uuid)).toEqual([shop.printer('Cashier').id]);
    expect(text(cashierA)).toHaveLength(1);
    expect(kicks(cashierA)).toBe(1);
    expect([text(receiptB.sink).length, kicks(drawerB.sink)]).toEqual([1, 1]);

    // C has no printers of its own: the branch's receipt printer (the one no other station took), and its drawer.
    const atC = await runAtStation('C', () => shop.sell({ items: [{ categoryId: DRINK_CATEGORIES[0]! }], pay: 'CASH', tendered: 10_000 }));
    await shop.settle();
    await received([cashierA, 2]);
    expect(receiptOf(shop, atC.uuid)).toEqual([shop.printer('Cashier').id]);
    expect(atC.number).toBe('C-001');
    expect([text(cashierA).length, kicks(cashierA), text(receiptB.sink).length, kicks(drawerB.sink)]).toEqual([2, 2, 1, 1]);

    // A card payment at B prints B's receipt and opens no drawer.
    await runAtStation('B', () => shop.sell({ items: [{ categoryId: DRINK_CATEGORIES[0]! }], pay: 'MADA' }));
    await shop.settle();
    await received([receiptB.sink, 2]);
    expect([text(receiptB.sink).length, kicks(drawerB.sink), text(cashierA).length]).toEqual([2, 1, 2]);
  });
});
