// The print queue against printers that misbehave: off at checkout, jammed,
// gone for good, and a print setup broken enough to throw. The sale never
// notices; each printer's trouble stays its own.

import { afterEach, describe, expect, it } from 'vitest';
import { readOrder } from '../../../src-main/orders/index.ts';
import { bindPrinter, PrintQueue, startPrinterSink } from '../../../src-main/printing/index.ts';
import { readPrintJobs } from '../../../src-main/printing/queue/print-job-store.ts';
import { type PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { ManualClock, runUntil } from '../../support/manual-clock.ts';
import { freePort, LOOPBACK_SINKS, openPrintingShop, stuckPrinter, type PrintingShop } from './printing-shop.ts';
import { allowAppPrograms, installAppProgram } from '../../support/app-program.ts';

const open: PrintingShop[] = [];
const extraSinks: PrinterSink[] = [];
afterEach(async () => {
  for (const sink of extraSinks.splice(0)) await sink.close();
  for (const shop of open.splice(0)) await shop.close();
});

async function shopWith(...args: Parameters<typeof openPrintingShop>): Promise<PrintingShop> {
  const shop = await openPrintingShop(...args);
  open.push(shop);
  return shop;
}

/** English text mode, so the order number can be read back from the bytes. */
const ENGLISH = ['PRINT_AUTO', 'PRODUCT_SHOW'] as const;

const until = async (what: string, check: () => boolean, timeoutMs = 60_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the print queue', () => {
  it('keeps the job of a printer that is off at checkout and prints it once the printer comes up; the sale is unaffected', async () => {
    const shop = await shopWith({ bind: [], flags: { Cashier: ENGLISH } });
    const port = await freePort();
    const cashier = shop.printer('Cashier');
    bindPrinter(shop.db, cashier.id, { address: `tcp://127.0.0.1:${port}` }, LOOPBACK_SINKS);

    const order = await shop.sell({ items: [{ categoryId: 1 }], pay: 'CASH' });
    // Checkout resolved before the queue even tried the printer, and the order is on disk.
    expect(readPrintJobs(shop.db, order.uuid)).toMatchObject([{ state: 'pending', attempts: 0 }]);
    expect(order.status).toBe('PAID');
    expect(readOrder(shop.db, order.uuid)?.total).toBe(order.total);
    expect(order.upload.state).toBe('pending');

    await until('the queue has retried twice', () => readPrintJobs(shop.db, order.uuid)[0]!.attempts >= 2);
    const [job] = readPrintJobs(shop.db, order.uuid);
    expect(job).toMatchObject({ state: 'pending', kind: 'receipt', reason: 'checkout' });
    expect(job!.last_error).toMatch(/refused the connection/);
    expect(shop.statuses.filter((s) => s.printerId === cashier.id).at(-1)).toMatchObject({ state: 'retrying', lastError: expect.stringMatching(/refused/) });
    expect(shop.queue.statuses().find((s) => s.printerId === cashier.id)).toMatchObject({ state: 'retrying', pending: 1 });

    // The printer is switched on.
    const sink = await startPrinterSink({ port, outDir: shop.service.dir.file('late-sink') });
    extraSinks.push(sink);
    const [printed] = await sink.waitForJobs(1);
    expect(printed!.decoded.text).toContain(`#${order.number}`);
    await shop.settle();
    expect(readPrintJobs(shop.db, order.uuid)[0]).toMatchObject({ state: 'done', last_error: null });
    expect(shop.queue.statuses().find((s) => s.printerId === cashier.id)).toMatchObject({ state: 'ok', lastError: null, pending: 0 });
  });

  it('lets a jammed printer hold up only its own jobs', async () => {
    // Bar accepts connections and never reads: out of paper, or jammed.
    const shop = await shopWith({
      bind: ['Cashier', 'Kitchen'],
      flags: { Bar: ['PRINT_AUTO', 'RASTER'], Kitchen: ['PRINT_AUTO'], Cashier: ['PRINT_AUTO'] },
      queue: { send: { connectTimeoutMs: 1_000, writeTimeoutMs: 1_500 } },
    });
    const jammed = await stuckPrinter();
    try {
      const bar = shop.printer('Bar');
      bindPrinter(shop.db, bar.id, { address: `tcp://127.0.0.1:${jammed.port}` }, LOOPBACK_SINKS);
      const first = await shop.sell({ items: [{ categoryId: 1 }, { categoryId: 5 }] });
      const second = await shop.sell({ items: [{ categoryId: 2 }, { categoryId: 6 }] });
      // Both orders' receipts and food tickets print while the Bar is still stuck on its first ticket.
      await shop.sinks.get('Cashier')!.waitForJobs(2);
      await shop.sinks.get('Kitchen')!.waitForJobs(2);
      const barJobs = [...readPrintJobs(shop.db, first.uuid), ...readPrintJobs(shop.db, second.uuid)].filter((j) => j.printer_id === bar.id);
      expect(barJobs.map((j) => j.state)).toEqual(['pending', 'pending']);
      expect(jammed.connections).toBe(1);
    } finally {
      await shop.queue.stop();
      await jammed.close();
    }
  });

  it('reprints a receipt or a kitchen ticket on demand, marked as a copy', async () => {
    const shop = await shopWith({ flags: { Cashier: ['PRINT_AUTO', 'PRODUCT_SHOW'], Bar: ['PRINT_AUTO'], Kitchen: ['PRINT_AUTO'] } });
    const order = await shop.sell({ items: [{ categoryId: 1 }, { categoryId: 5 }] });
    await shop.settle();
    await shop.sinks.get('Bar')!.waitForJobs(1);
    const originals = readPrintJobs(shop.db, order.uuid).length;

    const kitchenJobs = shop.queue.reprint(order.uuid, 'kitchen');
    expect(kitchenJobs).toHaveLength(2);
    const receiptJobs = shop.queue.reprint(order.uuid, 'receipt');
    expect(receiptJobs).toHaveLength(1);
    await shop.settle();
    const [, barCopy] = await shop.sinks.get('Bar')!.waitForJobs(2);
    const [, kitchenCopy] = await shop.sinks.get('Kitchen')!.waitForJobs(2);
    const [, receiptCopy] = await shop.sinks.get('Cashier')!.waitForJobs(2);
    expect(barCopy!.decoded.text).toContain('** COPY **');
    expect(barCopy!.decoded.text).toContain(order.lines[0]!.name_en);
    expect(kitchenCopy!.decoded.text).toContain(order.lines[1]!.name_en);
    expect(receiptCopy!.decoded.text).toContain('** COPY **');
    expect(receiptCopy!.decoded.text).toContain(`#${order.number}`);
    const jobs = readPrintJobs(shop.db, order.uuid);
    expect(jobs).toHaveLength(originals + 3);
    expect(jobs.slice(originals).every((j) => j.reason === 'reprint' && j.state === 'done')).toBe(true);

    // One printer only, and clear refusals for what cannot be printed.
    expect(shop.queue.reprint(order.uuid, 'kitchen', shop.printer('Bar').id)).toHaveLength(1);
    expect(() => shop.queue.reprint(order.uuid, 'kitchen', shop.printer('Cashier').id)).toThrow(/none of order .* categories/);
    expect(() => shop.queue.reprint('no-such-order', 'receipt')).toThrow(/no order no-such-order/);
    await shop.settle();
  });

  it('gives a job up after giveUpAfterMs and says so; the next job still gets its chance', async () => {
    const clock = new ManualClock(Date.now());
    const shop = await shopWith({ bind: [], flags: { Cashier: ENGLISH }, queue: { giveUpAfterMs: 150, clock } });
    const port = await freePort();
    const cashier = shop.printer('Cashier');
    bindPrinter(shop.db, cashier.id, { address: `tcp://127.0.0.1:${port}` }, LOOPBACK_SINKS);
    const order = await shop.sell({ items: [{ categoryId: 1 }] });
    await runUntil(clock, 'the job to be given up', () => readPrintJobs(shop.db, order.uuid)[0]!.state === 'failed');
    expect(readPrintJobs(shop.db, order.uuid)[0]!.attempts).toBeGreaterThan(1);
    await shop.settle();
    expect(readPrintJobs(shop.db, order.uuid)[0]).toMatchObject({
      state: 'failed',
      last_error: expect.stringMatching(/^gave up after \d+ s: printer at .* refused/),
    });
    expect(shop.queue.statuses().find((s) => s.printerId === cashier.id)).toMatchObject({ state: 'failed' });

    const sink = await startPrinterSink({ port, outDir: shop.service.dir.file('back-sink') });
    extraSinks.push(sink);
    const next = await shop.sell({ items: [{ categoryId: 2 }] });
    await shop.settle();
    expect(readPrintJobs(shop.db, next.uuid)[0]).toMatchObject({ state: 'done' });
    expect((await sink.waitForJobs(1))[0]!.decoded.text).toContain(`#${next.number}`);
  });

  it('fails a job at once when retrying cannot help, without stopping the other printers', async () => {
    const shop = await shopWith({ flags: { Cashier: ['PRINT_AUTO', 'APP_TO_APP'], Bar: ['PRINT_AUTO'], Kitchen: ['PRINT_AUTO'] } });
    const cashier = shop.printer('Cashier');
    allowAppPrograms(shop.db, [shop.service.dir.file('no-such-spooler')]);
    bindPrinter(shop.db, cashier.id, { appCommand: [shop.service.dir.file('no-such-spooler')] });
    const order = await shop.sell({ items: [{ categoryId: 1 }] });
    await shop.settle();
    const jobs = readPrintJobs(shop.db, order.uuid);
    expect(jobs.find((j) => j.printer_id === cashier.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_error: expect.stringMatching(/could not be started \(ENOENT\)/),
    });
    expect(jobs.find((j) => j.printer_id === shop.printer('Bar').id)).toMatchObject({ state: 'done' });
  });

  it('retries an APP_TO_APP command that fails, with what it said on stderr', async () => {
    const clock = new ManualClock(Date.now());
    const shop = await shopWith({ bind: [], flags: { Cashier: ['PRINT_AUTO', 'APP_TO_APP'] }, queue: { giveUpAfterMs: 200, clock } });
    const cashier = shop.printer('Cashier');
    const spooler = installAppProgram(
      shop.service.dir.file('paper-out-spooler'),
      'process.stdin.resume(); process.stdin.on("end", () => { console.error("paper out"); process.exit(3); });\n',
    );
    allowAppPrograms(shop.db, [spooler]);
    bindPrinter(shop.db, cashier.id, { appCommand: [spooler] });
    const order = await shop.sell({ items: [{ categoryId: 1 }] });
    await runUntil(clock, 'the job to be given up', () => readPrintJobs(shop.db, order.uuid)[0]!.state === 'failed');
    await shop.settle();
    const [job] = readPrintJobs(shop.db, order.uuid);
    expect(job!.attempts).toBeGreaterThan(1);
    expect(job).toMatchObject({ state: 'failed', last_error: expect.stringMatching(/exited with code 3: paper out$/) });
  });

  it('never fails a sale, even when the print setup is broken', async () => {
    const shop = await shopWith({ bind: ['Cashier'] });
    shop.db.prepare("UPDATE printers SET settings = 'not json' WHERE name = 'Bar'").run();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const order = await shop.sell({ items: [{ categoryId: 1 }] });
      expect(readOrder(shop.db, order.uuid)).not.toBeNull();
      expect(readPrintJobs(shop.db, order.uuid)).toEqual([]);
      await until('the warning is emitted', () => warnings.length > 0);
      expect(warnings[0]).toMatch(new RegExp(`no print jobs were written for order ${order.number}`));
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('prints jobs left pending by a stopped queue when a new one starts (after a restart)', async () => {
    const shop = await shopWith({ bind: ['Cashier'], flags: { Cashier: ENGLISH }, startQueue: false });
    const order = await shop.sell({ items: [{ categoryId: 1 }] });
    expect(readPrintJobs(shop.db, order.uuid)).toMatchObject([{ state: 'pending' }]);
    const restarted = new PrintQueue({ db: shop.db, addressPolicy: LOOPBACK_SINKS });
    restarted.start();
    try {
      const [job] = await shop.sinks.get('Cashier')!.waitForJobs(1);
      expect(job!.decoded.text).toContain(`#${order.number}`);
      await restarted.idle();
      expect(readPrintJobs(shop.db, order.uuid)).toMatchObject([{ state: 'done' }]);
    } finally {
      await restarted.stop();
    }
  });

  it('uses only the printers bound on this till, and says which are not', async () => {
    const shop = await shopWith({ bind: ['Kitchen'] });
    const order = await shop.sell({ items: [{ categoryId: 1 }, { categoryId: 5 }] });
    await shop.settle();
    expect(readPrintJobs(shop.db, order.uuid).map((j) => j.printer_id)).toEqual([shop.printer('Kitchen').id]);
    const states = Object.fromEntries(shop.queue.statuses().map((s) => [s.name, s.state]));
    expect(states).toEqual({ Bar: 'unbound', Cashier: 'unbound', Kitchen: 'ok' });
    expect(() => shop.queue.reprint(order.uuid, 'receipt')).toThrow(/no printer bound on this till prints receipts/);
  });
});

describe('the print queue, between lanes', () => {
  it('prints a job written at any moment while a printer’s lane is ending', async () => {
    // A lane that found no more work is still in the queue's map for a few
    // microtasks. A job written then must not be left to it: for each delay
    // in microtasks after a job is done, a new job is written and must print.
    const shop = await shopWith({ bind: ['Cashier'], flags: { Cashier: ENGLISH } });
    const cashier = shop.printer('Cashier');
    const sink = shop.sinks.get('Cashier')!;
    const doc = { blocks: [{ kind: 'text' as const, text: 'LANE TEST' }, { kind: 'cut' as const }] };
    let printed = 0;
    for (let depth = 0; depth < 12; depth++) {
      const written = new Promise<void>((resolve) => {
        const onJob = (outcome: { state: string }): void => {
          if (outcome.state !== 'done') return;
          shop.queue.off('job', onJob);
          const later = (left: number): void => {
            if (left > 0) queueMicrotask(() => later(left - 1));
            else {
              shop.queue.enqueueDocument(cashier.id, doc);
              resolve();
            }
          };
          later(depth);
        };
        shop.queue.on('job', onJob);
      });
      shop.queue.enqueueDocument(cashier.id, doc);
      await written;
      printed += 2;
      // A lost job never comes: the wait is long so that only that, not a slow machine, fails the test.
      await sink.waitForJobs(printed, 30_000);
    }
    expect(sink.jobs.filter((job) => job.decoded.text.includes('LANE TEST'))).toHaveLength(printed);
  });

  it('prints a job only once the standby hub has the sale (its wait resolves), never before', async () => {
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const waitFor = (): Promise<void> => {
      asked++;
      return held;
    };
    const shop = await shopWith({ bind: ['Cashier'], flags: { Cashier: ENGLISH }, queue: { waitFor } });
    const order = await shop.sell({ items: [{ categoryId: 1 }], pay: 'CASH' });
    await until('the queue asks whether the standby has it', () => asked > 0);
    expect(shop.sinks.get('Cashier')!.jobs).toHaveLength(0);
    expect(readPrintJobs(shop.db, order.uuid)).toMatchObject([{ state: 'pending', attempts: 0 }]);

    release();
    const [printed] = await shop.sinks.get('Cashier')!.waitForJobs(1);
    expect(printed!.decoded.text).toContain(`#${order.number}`);
  });
});
