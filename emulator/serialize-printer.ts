import type { PrinterFlag } from '../src-shared/catalog/index.ts';
import type { TenantPrinter } from './tenant.ts';
import type { VersionFeatures } from './version-features.ts';

/** The spec's table "Printer object": the legacy member each `settings` key replaced at 2.2.1, in the spec's order. */
const LEGACY_MEMBERS: readonly (readonly [string, PrinterFlag])[] = [
  ['is_multi_lang', 'MULTILINGUAL'],
  ['is_show_product', 'PRODUCT_SHOW'],
  ['is_open_drawer', 'DRAWER_OPEN'],
  ['is_postpaid_print', 'PRINT_POSTPAID'],
  ['is_img_print', 'PRINT_IMAGE'],
  ['is_auto_print', 'PRINT_AUTO'],
  ['is_app_to_app', 'APP_TO_APP'],
  ['add_space', 'HAS_SPACE'],
  ['is_raster', 'RASTER'],
  ['is_pdf', 'PDF'],
];

/**
 * A printer (emulator/README.md, 12): ten booleans below 2.2.1, one
 * `settings` object from 2.2.1; `address` only when the tenant record has
 * one (emulator/README.md, 18).
 */
export function serializePrinter(printer: TenantPrinter, features: VersionFeatures): Record<string, unknown> {
  const out: Record<string, unknown> = { id: printer.id, name: printer.name, branch_id: printer.branch_id };
  if (printer.address !== undefined) out.address = printer.address;
  if (features.printerSettings) {
    const settings: Record<string, boolean> = {};
    for (const [, flag] of LEGACY_MEMBERS) settings[flag] = printer.settings[flag];
    out.settings = settings;
  } else {
    for (const [member, flag] of LEGACY_MEMBERS) out[member] = printer.settings[flag];
  }
  return out;
}
