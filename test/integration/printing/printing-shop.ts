// A till printing for real: a replica pulled from the emulator, the till
// service checking out through TillService with the print hooks wired as the
// host wires them, the print queue, and a virtual printer (TCP sink on
// loopback) bound to each printer. What every printing integration test
// starts from.

import { createServer, type Server, type Socket } from 'node:net';
import { printerSettings, type PrinterFlag } from '../../../src-shared/catalog/index.ts';
import type { OrderType } from '../../../src-shared/pricing/index.ts';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import {
  bindPrinter,
  enqueuePrintJobsAtCheckout,
  PrintQueue,
  readTillPrinters,
  startPrinterSink,
  type PrinterStatus,
  type TillPrinter,
} from '../../../src-main/printing/index.ts';
import { decodeEscPos } from '../../../src-main/printing/escpos/decode-escpos.ts';
import { readPrintJobs } from '../../../src-main/printing/queue/print-job-store.ts';
import { type PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { type PrintJobOutcome, type PrintQueueOptions } from '../../../src-main/printing/queue/print-queue.ts';
import { TillService } from '../../../src-main/host/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { allowedChoice } from '../../support/option-choice.ts';

export type PrinterName = 'Cashier' | 'Bar' | 'Kitchen';
export const PRINTER_NAMES: readonly PrinterName[] = ['Cashier', 'Bar', 'Kitchen'];

/** The demo menu's categories by what the stations make (emulator/demo-menu.ts). */
export const DRINK_CATEGORIES = [1, 2, 3, 4];
export const FOOD_CATEGORIES = [5, 6, 7, 8, 9];
export const RETAIL_CATEGORY = 10;

export interface SaleItem {
  categoryId: number;
  quantity?: number;
  /** How many of the product's modifiers to choose (first ones). */
  modifiers?: number;
  notes?: string | null;
  /** Skip this many matching products (to pick different ones). */
  skip?: number;
}

export interface Sale {
  items: SaleItem[];
  pay?: 'CASH' | 'MADA' | 'PAY_LATER';
  /** Cash handed over, for change. */
  tendered?: number;
  type?: OrderType;
  table?: string | null;
}

export interface PrintingShop {
  service: EmulatedService;
  db: TillDatabase;
  till: TillService;
  queue: PrintQueue;
  sinks: Map<PrinterName, PrinterSink>;
  statuses: PrinterStatus[];
  outcomes: PrintJobOutcome[];
  receiptsDir: string;
  printer(name: PrinterName): TillPrinter;
  /** Sets a printer's flags on the service and pulls, as a back-office change would reach the till. */
  setFlags(name: PrinterName, on: readonly PrinterFlag[]): Promise<void>;
  sell(sale: Sale): Promise<OrderView>;
  /** Waits until the queue has nothing left to do. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface ShopOptions {
  /** Printers to bind to a sink; default all three. */
  bind?: readonly PrinterName[];
  /** Flags per printer set before the first pull (default: the demo tenant's). */
  flags?: Partial<Record<PrinterName, readonly PrinterFlag[]>>;
  queue?: Partial<PrintQueueOptions>;
  /** Leave the queue stopped (tests that start it later). */
  startQueue?: boolean;
}

/** Test sinks listen on loopback at ephemeral ports. */
export const LOOPBACK_SINKS = { allowLoopback: true, extraPorts: [] } as const;

export async function openPrintingShop(options: ShopOptions = {}): Promise<PrintingShop> {
  const service = await emulatedService({ seed: 5 });
  const tenant = service.emulator.tenant;
  for (const [name, on] of Object.entries(options.flags ?? {})) {
    tenant.printers.find((p) => p.name === name)!.settings = printerSettings(on);
  }
  const db = service.open();
  await service.pull(db);
  const receiptsDir = service.dir.file('receipts');
  const queue = new PrintQueue({
    db,
    retry: { baseDelayMs: 20, maxDelayMs: 80 },
    send: { connectTimeoutMs: 1_000, writeTimeoutMs: 2_000 },
    receiptsDir,
    // The test sinks listen on loopback.
    addressPolicy: { allowLoopback: true, extraPorts: [] },
    ...options.queue,
  });
  const statuses: PrinterStatus[] = [];
  const outcomes: PrintJobOutcome[] = [];
  queue.on('status', (status) => statuses.push(status));
  queue.on('job', (outcome) => outcomes.push(outcome));
  // Wired as the host wires them: jobs in the checkout transaction, the worker woken after the commit.
  // A queue on a manual clock sells on that clock too, so a job's age is the test's to decide.
  const clock = options.queue?.clock;
  const now = clock ? { now: () => clock.now() } : {};
  const till = new TillService({ db, ...now, alsoWriteAtCheckout: enqueuePrintJobsAtCheckout(db, now), onOrderCommitted: () => queue.notify() });
  const sinks = new Map<PrinterName, PrinterSink>();
  const byName = (name: PrinterName) => readTillPrinters(db).find((p) => p.name === name)!;
  for (const name of options.bind ?? PRINTER_NAMES) {
    const sink = await startPrinterSink({ port: 0, outDir: service.dir.file(`sink-${name}`) });
    sinks.set(name, sink);
    bindPrinter(db, byName(name).id, { address: `tcp://127.0.0.1:${sink.port}` }, LOOPBACK_SINKS);
  }
  if (options.startQueue ?? true) queue.start();

  const productIn = (categoryId: number, skip = 0) => {
    const candidates = tenant.products.filter((p) => p.category_id === categoryId && p.is_active && p.deleted_at === null);
    const product = candidates[skip % candidates.length];
    if (!product) throw new Error(`the demo menu has no active product in category ${categoryId}`);
    return product;
  };

  return {
    service,
    db,
    till,
    queue,
    sinks,
    statuses,
    outcomes,
    receiptsDir,
    printer: byName,
    async setFlags(name, on) {
      tenant.printers.find((p) => p.name === name)!.settings = printerSettings(on);
      await service.pull(db);
    },
    async sell(sale) {
      await till.setOrderType({ type: sale.type ?? 'DINE_IN', table_id: sale.table ?? null });
      for (const item of sale.items) {
        const product = productIn(item.categoryId, item.skip);
        await till.addItem({
          product_id: product.id,
          quantity: item.quantity ?? 1,
          modifier_ids: allowedChoice(
            product.modifiers,
            product.modifiers.slice(0, item.modifiers ?? 0).map((m) => m.id),
          ),
          notes: item.notes ?? null,
        });
      }
      const cart = await till.cart();
      const method = sale.pay ?? 'MADA';
      return till.checkout({
        payments: [{ method_key: method, amount: cart.total }],
        ...(method === 'CASH' ? { cash_tendered: sale.tendered ?? cart.total } : {}),
      });
    },
    async settle() {
      await queue.idle();
    },
    async close() {
      await queue.stop();
      for (const sink of sinks.values()) await sink.close();
      await service.close();
    },
  };
}

/** Decoded jobs a sink has received so far. */
export function decodedJobs(sink: PrinterSink) {
  return sink.jobs.map((job) => job.decoded);
}

export function jobsOf(shop: PrintingShop, orderUuid: string) {
  return readPrintJobs(shop.db, orderUuid);
}

/**
 * A TCP port nothing listens on (yet): a printer that is switched off. The
 * port is taken from the OS and released, so a sink can open it later.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A printer that accepts the connection and then takes nothing: a jammed or out-of-paper printer. */
export async function stuckPrinter(): Promise<{ port: number; connections: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.pause();
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    get connections() {
      return connections;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export { decodeEscPos };
