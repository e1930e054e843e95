// The printers this till prints on, with everything a job needs: the
// service's flags, this till's binding, and what the printer is for.
// A printer with categories routed to it is a kitchen printer (tickets);
// any other bound printer prints the customer's receipts.

import type { PrinterSettings } from '../../../src-shared/catalog/index.ts';
import { printerRows } from '../../catalog/index.ts';
import type { TillDatabase } from '../../db/index.ts';
import type { PaperWidth } from '../layout/paper.ts';
import { readKitchenRoutes, type RoutingSource } from './kitchen-routing.ts';
import { readPrinterBindings } from './printer-bindings.ts';
import { checkPrinterDevicePath, isPrinterDevicePath } from '../transport/send-to-device.ts';
import { parsePrinterAddress } from '../transport/send-to-printer.ts';

/**
 * The service's `address` as a suggestion, or null. A suggestion is never a
 * program: only a TCP address or a USB printer device is offered, never for
 * an APP_TO_APP printer, and it is used only once a manager binds it.
 */
function offeredSuggestion(address: string | null | undefined, settings: PrinterSettings): string | null {
  if (!address || settings.APP_TO_APP || /[\s\u0000-\u001f\u007f-\u009f]/.test(address) || address.length > 300) return null;
  try {
    if (isPrinterDevicePath(address)) checkPrinterDevicePath(address);
    else parsePrinterAddress(address);
    return address;
  } catch {
    return null;
  }
}

export type PrintKind = 'receipt' | 'kitchen';
export const PRINT_KINDS: readonly PrintKind[] = ['receipt', 'kitchen'];

export interface TillPrinter {
  id: string;
  name: string;
  settings: PrinterSettings;
  /** Where it listens, as bound on this till; null when not bound. */
  address: string | null;
  /** The address the service sent, if it is a TCP address or a USB device (offeredSuggestion): used only once it is bound here. */
  suggestedAddress: string | null;
  /** The APP_TO_APP command bound on this till, if any. */
  appCommand: string[] | null;
  width: PaperWidth;
  /** Whether this till uses it: it has an address, or a command for an APP_TO_APP printer. */
  bound: boolean;
  kind: PrintKind;
  /** Categories routed to it (kitchen printers); empty for a receipt printer. */
  categories: ReadonlySet<number>;
  routing: RoutingSource | null;
}

/** Every printer of the replica, bound here or not, by name. */
export function readTillPrinters(db: TillDatabase): TillPrinter[] {
  const bindings = readPrinterBindings(db);
  const routes = readKitchenRoutes(db);
  return printerRows(db).map((row) => {
    const settings = JSON.parse(row.settings) as PrinterSettings;
    const binding = bindings.get(row.id);
    const route = routes.get(row.id);
    const address = binding?.address ?? null;
    const appCommand = binding?.appCommand ?? null;
    const categories = new Set(route?.categories ?? []);
    return {
      id: row.id,
      name: row.name,
      settings,
      address,
      suggestedAddress: offeredSuggestion(row.address, settings),
      appCommand,
      width: binding?.paperWidth ?? 80,
      bound: settings.APP_TO_APP ? appCommand !== null : address !== null,
      kind: categories.size > 0 ? 'kitchen' : 'receipt',
      categories,
      routing: route?.source ?? null,
    };
  });
}

export function readTillPrinter(db: TillDatabase, printerId: string): TillPrinter | null {
  return readTillPrinters(db).find((p) => p.id === printerId) ?? null;
}
