import type { ApiVersion } from '../api-version.ts';
import { PRINTER_FLAGS } from '../catalog/index.ts';
import type { Printer, PrinterFlag, PrinterSettings } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';
import { perVersion } from './per-version.ts';

/** The spec's table "Printer object": the member each `settings` key replaced at 2.2.1. */
export const LEGACY_PRINTER_MEMBERS = {
  MULTILINGUAL: 'is_multi_lang',
  PRODUCT_SHOW: 'is_show_product',
  DRAWER_OPEN: 'is_open_drawer',
  PRINT_POSTPAID: 'is_postpaid_print',
  PRINT_IMAGE: 'is_img_print',
  PRINT_AUTO: 'is_auto_print',
  APP_TO_APP: 'is_app_to_app',
  HAS_SPACE: 'add_space',
  RASTER: 'is_raster',
  PDF: 'is_pdf',
} as const satisfies Record<PrinterFlag, string>;

/** A printer: the flags are shown (ten booleans below 2.2.1, `settings` from 2.2.1); the rest is not (member table, "printer"). */
export const printerSchema = perVersion((version: ApiVersion) => schemaOf('printer', version));

export interface WirePrinter {
  id?: string | null;
  name?: string | null;
  address?: string | null;
  port?: number | null;
  settings?: PrinterSettings;
  [legacyFlag: string]: unknown;
}

/** `tcp://host:port` for a bare host (an `ip` or `host` member), an address with a scheme as it is. */
function addressOf(wire: WirePrinter): string | undefined {
  const address = wire.address?.trim();
  if (!address) return undefined;
  if (address.includes('://')) return address;
  return address.includes(':') ? `tcp://${address}` : `tcp://${address}:${wire.port ?? 9100}`;
}

export function normalizePrinter(input: unknown, position = 0): Printer {
  const wire = input as WirePrinter;
  const settings = {} as PrinterSettings;
  for (const flag of PRINTER_FLAGS) {
    settings[flag] = wire.settings ? wire.settings[flag] : (wire[LEGACY_PRINTER_MEMBERS[flag]] as boolean);
  }
  const address = addressOf(wire);
  return {
    id: wire.id ?? `printer-${position + 1}`,
    name: wire.name || `Printer ${position + 1}`,
    settings,
    ...(address ? { address } : {}),
  };
}
