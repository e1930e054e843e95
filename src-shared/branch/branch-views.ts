import type { PrinterFlag } from '../catalog/index.ts';

/** Where a printer is in its life on this till, as the Branch screen shows it. */
export type BranchPrinterState = 'unbound' | 'ready' | 'printing' | 'offline' | 'out-of-paper' | 'failed';

export interface BranchPrinterView {
  id: string;
  name: string;
  /** The service's flags that are on (read-only here: they are the service's). */
  flags: PrinterFlag[];
  /** `tcp://host:port` or a device file (`/dev/usb/lp0`) bound on this till; null when not bound. */
  address: string | null;
  /** The APP_TO_APP program and arguments bound on this till. */
  app_command: string[] | null;
  /** The address the service sent, if any: used only once someone binds it here. */
  suggested_address: string | null;
  paper_width: 58 | 80;
  bound: boolean;
  kind: 'receipt' | 'kitchen';
  /** Categories this printer makes tickets for (kitchen printers). */
  category_ids: number[];
  /** Whether the routing is the service's or overridden on this till. */
  routing: 'service' | 'local' | null;
  state: BranchPrinterState;
  /** What the printer itself said about its paper (DLE EOT 4): ok, near-end, out; null when it was not asked or did not answer. */
  paper: 'ok' | 'near-end' | 'out' | null;
  pending_jobs: number;
  last_error: string | null;
}

export interface BranchKitchenView {
  id: string;
  name_en: string;
  name_ar: string;
  printer_ids: string[];
  category_ids: number[];
}

/** One category and where its kitchen tickets go now (the preview). */
export interface CategoryRouteView {
  category_id: number;
  name_en: string;
  name_ar: string;
  /** Printers that print this category's tickets; empty: no kitchen ticket. */
  printer_ids: string[];
}

export interface ReceiptSettingsView {
  seller_name_en: string;
  seller_name_ar: string;
  vat_number: string;
  /** A PNG file on the till's machine printed by PRINT_IMAGE printers; empty: the shipped logo. */
  logo_file: string;
  header_en: string;
  header_ar: string;
  footer_en: string;
  footer_ar: string;
}

/**
 * The Till tab's settings. No till code: order numbers take each station's
 * code (the Stations tab); the setting till.code only named the first
 * counter when the database was made.
 */
export interface TillSettingsView {
  /** Hour (0–12) when the next business day begins. */
  day_cutoff_hour: number;
  /** Minutes without a touch before the till locks; 0: never. */
  idle_lock_minutes: number;
}

/** Everything the Branch screen shows, in one read. */
export interface BranchSetupView {
  printers: BranchPrinterView[];
  kitchens: BranchKitchenView[];
  categories: CategoryRouteView[];
  receipt: ReceiptSettingsView;
  till: TillSettingsView;
  /** The receipt settings' defaults from the service (/me), shown as placeholders. */
  defaults: { seller_name_en: string; seller_name_ar: string; vat_number: string };
}

export interface TestPrintView {
  printer_id: string;
  bytes: number;
  at: number;
}
