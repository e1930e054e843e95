// Shift reports and the drawer kick print through the print queue: a
// durable job behind the printer's other jobs, retried while the printer
// is off, and (the drawer) given up rather than fired long after it was
// asked for. Real TCP sinks; the queue's clock is the test's.

import { afterEach, describe, expect, it } from 'vitest';
import { bindPrinter, composeShiftReport, startPrinterSink } from '../../../src-main/printing/index.ts';
import { readPrintJobs } from '../../../src-main/printing/queue/print-job-store.ts';
import type { PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { ManualClock, runUntil } from '../../support/manual-clock.ts';
import { freePort, LOOPBACK_SINKS, openPrintingShop, type PrintingShop } from './printing-shop.ts';

const open: PrintingShop[] = [];
const sinks: PrinterSink[] = [];
afterEach(async () => {
  for (const shop of open.splice(0)) await shop.close();
  for (const sink of sinks.splice(0)) await sink.close();
});

const report = composeShiftReport({
  kind: 'X',
  shift_id: 's-1',
  station: 'A',
  cashier: 'Mona',
  business_day: '2026-11-24',
  opened_at: 0,
  closed_at: null,
  closed_by: null,
  float: 10_000,
  orders: 2,
  refund_count: 0,
  gross: 3_000,
  discounts: 0,
  refunds: 0,
  net: 3_000,
  vat: 391,
  unpaid: 0,
  by_payment_method: [{ key: 'CASH', name_en: 'Cash', name_ar: 'نقداً', amount: 3_000, count: 2 }],
  by_category: [],
  by_cashier: [],
  cash_in: 0,
  cash_out: 0,
  cash_movements: [],
  cash_expected: 13_000,
  cash_counted: null,
  over_short: null,
  other_counts: [],
  pending_uploads: 0,
});

describe('document jobs', () => {
  it('a report waits in the queue while the printer is off, and prints once it is back', async () => {
    const clock = new ManualClock(Date.now());
    const shop = await openPrintingShop({ bind: [], queue: { clock, retry: { baseDelayMs: 1_000, maxDelayMs: 1_000 } } });
    open.push(shop);
    const cashier = shop.printer('Cashier').id;
    bindPrinter(shop.db, cashier, { address: `tcp://127.0.0.1:${await freePort()}` }, LOOPBACK_SINKS);

    const id = shop.queue.enqueueDocument(cashier, report);
    expect((await shop.queue.whenSettled(id)).state).toBe('retrying');
    // Durable: the job is a row, pending, with why it has not printed.
    const [job] = shop.db.prepare('SELECT kind, state, order_uuid, last_error FROM print_jobs WHERE id = ?').all(id) as {
      kind: string;
      state: string;
      order_uuid: null;
      last_error: string;
    }[];
    expect(job).toMatchObject({ kind: 'document', state: 'pending', order_uuid: null, last_error: expect.stringMatching(/refused the connection/) });

    const sink = await startPrinterSink({ port: 0, outDir: shop.service.dir.file('back') });
    sinks.push(sink);
    bindPrinter(shop.db, cashier, { address: `tcp://127.0.0.1:${sink.port}` }, LOOPBACK_SINKS);
    await runUntil(
      clock,
      'the report to print',
      () => (shop.db.prepare('SELECT state FROM print_jobs WHERE id = ?').get(id) as { state: string }).state === 'done',
    );
    await sink.waitForJobs(1);
    expect(sink.jobs[0]!.decoded.text).toContain('X report (shift so far)');
    // The close is blind: an X report never prints what the drawer should hold.
    expect(sink.jobs[0]!.decoded.text).not.toContain('Cash expected');
    expect(readPrintJobs(shop.db).filter((j) => j.kind === 'document')).toHaveLength(1);
  });

  it('a drawer kick that could not be sent in time is given up, never fired late', async () => {
    const clock = new ManualClock(Date.now());
    const shop = await openPrintingShop({ bind: [], queue: { clock, retry: { baseDelayMs: 1_000, maxDelayMs: 1_000 } } });
    open.push(shop);
    const cashier = shop.printer('Cashier').id;
    bindPrinter(shop.db, cashier, { address: `tcp://127.0.0.1:${await freePort()}` }, LOOPBACK_SINKS);
    const id = shop.queue.enqueueDocument(cashier, { blocks: [{ kind: 'drawer', pin: 2 }] }, 30_000);
    expect((await shop.queue.whenSettled(id)).state).toBe('retrying');

    const sink = await startPrinterSink({ port: 0, outDir: shop.service.dir.file('late') });
    sinks.push(sink);
    // The printer comes back only after the 30 s: the kick is failed, not sent.
    clock.advance(31_000);
    bindPrinter(shop.db, cashier, { address: `tcp://127.0.0.1:${sink.port}` }, LOOPBACK_SINKS);
    await runUntil(
      clock,
      'the kick to be given up',
      () => (shop.db.prepare('SELECT state FROM print_jobs WHERE id = ?').get(id) as { state: string }).state === 'failed',
    );
    expect((shop.db.prepare('SELECT last_error FROM print_jobs WHERE id = ?').get(id) as { last_error: string }).last_error).toMatch(/not printed in time/);
    expect(sink.jobs).toHaveLength(0);
  });
});
