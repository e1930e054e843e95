import type { z } from 'zod';
import { isAtLeast } from '../api-version.ts';
import type { ApiVersion } from '../api-version.ts';
import { PRINTER_FLAGS } from '../catalog/index.ts';
import type { Printer, PrinterFlag, PrinterSettings } from '../catalog/index.ts';
import { bool, id, idOrNull, record, text, textOrNull } from './primitives.ts';
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

// `address` is not in the spec; it is read only so that a service which
// does send one gives the till a default binding (emulator/README.md, 12).
const base = { id, name: text, branch_id: idOrNull, address: textOrNull.optional() };

const legacyPrinter = record({
  ...base,
  is_multi_lang: bool,
  is_show_product: bool,
  is_open_drawer: bool,
  is_postpaid_print: bool,
  is_img_print: bool,
  is_auto_print: bool,
  is_app_to_app: bool,
  add_space: bool,
  is_raster: bool,
  is_pdf: bool,
});

const printer221 = record({
  ...base,
  settings: record({
    MULTILINGUAL: bool,
    PRODUCT_SHOW: bool,
    DRAWER_OPEN: bool,
    PRINT_POSTPAID: bool,
    PRINT_IMAGE: bool,
    PRINT_AUTO: bool,
    APP_TO_APP: bool,
    HAS_SPACE: bool,
    RASTER: bool,
    PDF: bool,
  }),
});

/** A printer (emulator/README.md, 12): ten booleans below 2.2.1, one `settings` object from 2.2.1. */
export const printerSchema = perVersion((version: ApiVersion) =>
  isAtLeast(version, '2.2.1') ? printer221 : legacyPrinter,
);

export type WirePrinter = z.output<ReturnType<typeof printerSchema>>;

export function normalizePrinter(wire: WirePrinter): Printer {
  const settings = {} as PrinterSettings;
  for (const flag of PRINTER_FLAGS) {
    settings[flag] = 'settings' in wire ? wire.settings[flag] : wire[LEGACY_PRINTER_MEMBERS[flag]];
  }
  return { id: wire.id, name: wire.name, settings, ...(wire.address ? { address: wire.address } : {}) };
}
