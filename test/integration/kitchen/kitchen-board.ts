import { mkdirSync } from 'node:fs';
import type { TillApi, TillEvent } from '../../../src-shared/api/index.ts';
import { bindPrinter, readTillPrinters, startPrinterSink } from '../../../src-main/printing/index.ts';
import type { PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { setDisplayRoute } from '../../../src-main/kitchen/index.ts';
import { addStation, stationByCode } from '../../../src-main/stations/index.ts';
import type { TillConnection } from '../../../src-renderer/transport/till-connection.ts';
import type { EmulatedService } from '../../support/emulated-service.ts';
import { pairDevice, type WebHost } from '../../support/till-web-host.ts';

// A kitchen display on a hub for the kitchen tests: station K (kind
// kitchen_display) showing the demo menu's food, its paired screen over a
// real WebSocket with the events it hears, and the Bar printer bound to a
// real TCP sink as the display's fallback printer.

/** The demo menu's food categories (emulator/demo-menu.ts); drinks (1–4) print at the Bar as always. */
export const FOOD = [5, 6, 7, 8, 9];

export interface KitchenDisplay {
  id: number;
  cookie: string;
  screen: TillConnection;
  api: TillApi;
  /** Every event this screen heard, in order. */
  heard: TillEvent[];
}

export async function kitchenDisplay(web: WebHost, options: { fallback?: string | null } = {}): Promise<Omit<KitchenDisplay, 'screen' | 'api' | 'heard'>> {
  addStation(web.db, { name: 'Hot line', code: 'K', kind: 'kitchen_display' }, Date.now());
  const id = stationByCode(web.db, 'K')!.id;
  setDisplayRoute(web.db, id, FOOD, options.fallback ?? null, Date.now());
  return { id, cookie: await pairDevice(web, 'K') };
}

/** A screen of the display: the renderer's own transport over a real WebSocket, recording what it hears. */
export async function openDisplay(web: WebHost, display: { id: number; cookie: string }): Promise<KitchenDisplay> {
  const screen = await web.connect({ origin: web.origin, cookie: display.cookie });
  const heard: TillEvent[] = [];
  screen.onEvent((event) => heard.push(event));
  return { ...display, screen, api: screen.api, heard };
}

/** The Bar printer bound to a TCP sink on loopback; returns its id and the sink. */
export async function barOnSink(web: WebHost, service: EmulatedService): Promise<{ id: string; sink: PrinterSink }> {
  const bar = readTillPrinters(web.db).find((p) => p.name === 'Bar')!;
  const outDir = service.dir.file('sink-bar');
  mkdirSync(outDir, { recursive: true });
  const sink = await startPrinterSink({ port: 0, outDir });
  bindPrinter(web.db, bar.id, { address: `tcp://127.0.0.1:${sink.port}` }, { allowLoopback: true, extraPorts: [] });
  return { id: bar.id, sink };
}
