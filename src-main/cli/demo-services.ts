import { join } from 'node:path';
import { startEmulator, startZatcaStandIn, type RunningEmulator } from '../../emulator/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { moveServiceAddress } from '../host/index.ts';
import { bindPrinter, LOGO_SETTING, shippedLogoPath, startPrinterSink, type PrinterAddressPolicy } from '../printing/index.ts';
import { getSetting, setSetting } from '../settings/index.ts';
import { readEgs } from '../zatca/index.ts';
import { onboardDemoTill, trustDemoStandIn } from './demo-zatca.ts';

/** The demo's virtual printers listen on loopback at ephemeral ports: the one place loopback printing is expected. */
export const DEMO_ADDRESS_POLICY: PrinterAddressPolicy = { allowLoopback: true, extraPorts: [] };

type PrinterSink = Awaited<ReturnType<typeof startPrinterSink>>;

/** The uploads the demo service holds, newest last: what a trainer shows after a sale or an outage drill. */
export interface DemoReceived {
  running: boolean;
  order_requests: number;
  orders: { uuid: string; number: string; total: string; items: number; received_at: number }[];
  settlements: number;
  attendances: number;
}

export interface DemoServices {
  credentials: { base_url: string; token: string };
  /** Where the virtual printers save what they receive. */
  printerDirs: { receipt: string; kitchen: string };
  /** The ZATCA stand-in the Branch screen's ZATCA tab onboards against (OTP below). */
  zatca: { url: string; otp: string };
  /** What the demo service holds now (`GET /demo/received.json` on the till): the orders, late payments and closed shifts uploaded to it. */
  received(): DemoReceived;
  /** For outage drills: the service goes away and comes back on the same address. */
  stopService(): Promise<void>;
  startService(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The demo's service on the address it had last time, so a till signed in to
 * it finds it again after a restart; when that port is taken now, on a new
 * one, and a till signed in to the old address is moved to the new one (the
 * same seed gives the same tenant and token, so the session stays valid).
 */
async function startEmulatorWhereItWas(db: TillDatabase, options: { seed: number; products?: number }): Promise<RunningEmulator> {
  const previous = getSetting(db, 'demo.service_url');
  const previousPort = previous === null ? 0 : Number(new URL(previous).port);
  let emulator: RunningEmulator;
  try {
    emulator = await startEmulator({ ...options, port: previousPort });
  } catch (error) {
    if (previousPort === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    emulator = await startEmulator({ ...options, port: 0 });
  }
  if (previous !== null) moveServiceAddress(db, previous, emulator.baseUrl);
  setSetting(db, 'demo.service_url', emulator.baseUrl);
  return emulator;
}

/**
 * `--demo`: the emulator's demo tenant and two virtual printers in this
 * process, with the tenant's printers bound to them (the cashier printer to
 * one, the kitchen printers to the other), so a first run is a full working
 * till with no account. Beside them a ZATCA stand-in, which the ZATCA tab
 * onboards against: onboarding is left to the manager (it is part of what the
 * demo shows), but a till onboarded in an earlier run is onboarded again here,
 * since that run's stand-in and the CA behind its certificate are gone.
 */
export async function startDemoServices(db: TillDatabase, options: { dataDir: string; products?: number; seed?: number }): Promise<DemoServices> {
  const seed = options.seed ?? 1;
  const emulatorOptions = { seed, ...(options.products ? { products: options.products } : {}) };
  let emulator: RunningEmulator | null = await startEmulatorWhereItWas(db, emulatorOptions);
  const port = Number(new URL(emulator.baseUrl).port);
  const printerDirs = { receipt: join(options.dataDir, 'demo-printers', 'receipt'), kitchen: join(options.dataDir, 'demo-printers', 'kitchen') };
  const sinks: PrinterSink[] = [
    await startPrinterSink({ port: 0, outDir: printerDirs.receipt }),
    await startPrinterSink({ port: 0, outDir: printerDirs.kitchen }),
  ];
  for (const printer of emulator.tenant.printers) {
    const sink = printer.settings.DRAWER_OPEN ? sinks[0]! : sinks[1]!;
    bindPrinter(db, printer.id, { address: `tcp://127.0.0.1:${sink.port}` }, DEMO_ADDRESS_POLICY);
  }
  // The demo brand's logo is the demo's own choice, set like any branch sets its logo (a real till prints none until it does).
  if (getSetting(db, LOGO_SETTING) === null) setSetting(db, LOGO_SETTING, shippedLogoPath());
  const zatca = await startZatcaStandIn();
  // Onboarding from the Branch screen goes to this stand-in: its cleared invoices carry its CA's stamp.
  trustDemoStandIn(db, zatca.ca.certificatePem);
  if (readEgs(db)) await onboardDemoTill(db, zatca, Date.now);
  const credentials = { base_url: emulator.baseUrl, token: emulator.token };
  return {
    credentials,
    printerDirs,
    zatca: { url: zatca.url, otp: zatca.otp },
    received() {
      if (!emulator) return { running: false, order_requests: 0, orders: [], settlements: 0, attendances: 0 };
      const orders = [...emulator.orders.values()]
        .sort((a, b) => a.receivedAt - b.receivedAt)
        .map((held) => ({
          uuid: held.uuid,
          number: String(held.order.number),
          total: held.order.total,
          items: held.order.items.length,
          received_at: held.receivedAt,
        }));
      return { running: true, order_requests: emulator.orderPosts, orders, settlements: emulator.settlements.size, attendances: emulator.attendances.size };
    },
    async stopService() {
      await emulator?.close();
      emulator = null;
    },
    async startService() {
      // The same seed gives the same tenant and the same token, on the same port.
      emulator ??= await startEmulator({ ...emulatorOptions, port });
    },
    async close() {
      await emulator?.close();
      await Promise.all([zatca.close(), ...sinks.map((sink) => sink.close())]);
    },
  };
}
