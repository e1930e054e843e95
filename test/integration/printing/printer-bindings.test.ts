// How a till reaches its printers: a local binding, defaulted from an
// address the service may send (the spec shows none); and a service
// without GET /kitchens still syncs, with no kitchen routing.

import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundError, ServiceClient } from '../../../src-main/upstream/index.ts';
import { bindPrinter, PrinterSendError, readKitchenRoutes, readTillPrinters, startPrinterSink, unbindPrinter } from '../../../src-main/printing/index.ts';
import { readPrintJobs } from '../../../src-main/printing/queue/print-job-store.ts';
import { type PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { pullCatalog } from '../../../src-main/sync/index.ts';
import { FAST_RETRY } from '../../support/emulated-service.ts';
import { LOOPBACK_SINKS, openPrintingShop, type PrintingShop } from './printing-shop.ts';
import { allowAppPrograms } from '../../support/app-program.ts';

const open: PrintingShop[] = [];
const sinks: PrinterSink[] = [];
afterEach(async () => {
  for (const sink of sinks.splice(0)) await sink.close();
  for (const shop of open.splice(0)) await shop.close();
});

describe('printer bindings', () => {
  it('takes the address the service sends only as a suggestion, printed to once it is bound here', async () => {
    const shop = await openPrintingShop({ bind: [], flags: { Cashier: ['PRINT_AUTO'] } });
    open.push(shop);
    const fromService = await startPrinterSink({ port: 0, outDir: shop.service.dir.file('service-sink') });
    const local = await startPrinterSink({ port: 0, outDir: shop.service.dir.file('local-sink') });
    sinks.push(fromService, local);
    const tenantPrinter = shop.service.emulator.tenant.printers.find((p) => p.name === 'Cashier')!;
    tenantPrinter.address = `tcp://127.0.0.1:${fromService.port}`;
    await shop.service.pull(shop.db);
    expect(shop.printer('Cashier')).toMatchObject({ address: null, suggestedAddress: tenantPrinter.address, bound: false });
    expect(shop.printer('Bar')).toMatchObject({ address: null, suggestedAddress: null, bound: false });

    // Not bound yet: the sale prints nothing, the suggested printer gets nothing.
    await shop.sell({ items: [{ categoryId: 1 }] });
    await shop.settle();
    expect(fromService.jobs).toHaveLength(0);

    // Confirmed here: now it prints there.
    bindPrinter(shop.db, shop.printer('Cashier').id, { address: shop.printer('Cashier').suggestedAddress }, LOOPBACK_SINKS);
    const first = await shop.sell({ items: [{ categoryId: 1 }] });
    await shop.settle();
    expect((await fromService.waitForJobs(1))[0]!.decoded.text).toContain(`#${first.number}`);

    bindPrinter(shop.db, shop.printer('Cashier').id, { address: `tcp://127.0.0.1:${local.port}` }, LOOPBACK_SINKS);
    const second = await shop.sell({ items: [{ categoryId: 1 }] });
    await shop.settle();
    expect((await local.waitForJobs(1))[0]!.decoded.text).toContain(`#${second.number}`);
    expect(fromService.jobs).toHaveLength(1);
    expect(readPrintJobs(shop.db, second.uuid)).toMatchObject([{ state: 'done' }]);

    // Unbinding does not fall back to the service's address.
    unbindPrinter(shop.db, shop.printer('Cashier').id);
    expect(shop.printer('Cashier')).toMatchObject({ address: null, suggestedAddress: tenantPrinter.address, bound: false });
  });

  it('checks an address, a command and a paper width when they are set, not at the next sale', async () => {
    const shop = await openPrintingShop({ bind: [] });
    open.push(shop);
    const id = shop.printer('Cashier').id;
    expect(() => bindPrinter(shop.db, id, { address: 'http://printer:9100' })).toThrow(PrinterSendError);
    expect(() => bindPrinter(shop.db, id, { address: 'tcp://printer:99999' })).toThrow(/printer address "tcp:\/\/printer:99999"/);
    expect(() => bindPrinter(shop.db, id, { appCommand: [] })).toThrow(/a program and its arguments/);
    expect(() => bindPrinter(shop.db, id, { paperWidth: 72 as 80 })).toThrow(/use 58 or 80/);
    expect(bindPrinter(shop.db, id, { address: 'tcp://10.0.0.7:9100', paperWidth: 58 })).toEqual({
      printerId: id,
      address: 'tcp://10.0.0.7:9100',
      appCommand: null,
      paperWidth: 58,
    });
    // Fields left out keep their value.
    // A program must be one the operator listed (printing.app_programs).
    expect(() => bindPrinter(shop.db, id, { appCommand: ['/usr/bin/lp', '-d', 'receipts'] })).toThrow(/pos settings set printing\.app_programs/);
    allowAppPrograms(shop.db, ['/usr/bin/lp']);
    expect(bindPrinter(shop.db, id, { appCommand: ['/usr/bin/lp', '-d', 'receipts'] })).toMatchObject({ address: 'tcp://10.0.0.7:9100', paperWidth: 58 });
    expect(readTillPrinters(shop.db).find((p) => p.id === id)).toMatchObject({ width: 58, bound: true });
  });

  it('syncs from a service that has no GET /kitchens, with no routing', async () => {
    const shop = await openPrintingShop({ bind: [] });
    open.push(shop);
    const db = shop.service.open('no-kitchens.db');
    const real = shop.service.client();
    // A service without the endpoint the spec never names: 404 for /kitchens only.
    const client = new Proxy(real, {
      get(target, key, receiver) {
        // Both ways the client reads a GET (at once, or deferred while pages wait their turn).
        if (key !== 'get' && key !== 'getDeferred') return Reflect.get(target, key, receiver);
        const read = Reflect.get(target, key, receiver) as (p: string, q?: unknown) => Promise<unknown>;
        return (path: string, query?: unknown) => {
          if (path === '/kitchens') return Promise.reject(new NotFoundError('GET /kitchens', 'Resource not found.'));
          return read.call(target, path, query);
        };
      },
    }) as ServiceClient;
    const summary = await pullCatalog({ client, db, retry: FAST_RETRY });
    expect(summary.counts.kitchens).toBe(0);
    expect(summary.counts.products).toBeGreaterThan(100);
    expect(readKitchenRoutes(db).size).toBe(0);
    expect(readTillPrinters(db).every((p) => p.kind === 'receipt')).toBe(true);
  });
});
