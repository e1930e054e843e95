// What composing a document needs besides the order: who sells, how the
// printer is set up, and why it prints. Plain data, so composition stays a
// pure function that tests and the preview call directly.

import type { PrinterSettings } from '../../../src-shared/catalog/index.ts';
import type { ZatcaBuyer } from '../../../src-shared/zatca/index.ts';
import type { PaperWidth } from '../layout/paper.ts';

/** The top of a receipt: the seller as ZATCA wants it named, in both languages. */
export interface ReceiptHeader {
  marketEn: string;
  marketAr: string;
  branchEn: string;
  branchAr: string;
  /** Printed when known; the ZATCA QR carries it too. */
  vatNumber: string | null;
  /** The branch's own lines (Branch screen, Receipt tab): under the seller, and above the thanks. Empty: none. */
  headerEn?: string;
  headerAr?: string;
  footerEn?: string;
  footerAr?: string;
  /** Decimal places of the market's currency (default 2) and its code on the total (default SAR). */
  decimals?: number;
  currency?: string;
}

export interface ReceiptOptions {
  flags: PrinterSettings;
  width: PaperWidth;
  header: ReceiptHeader;
  /** Payment method names by key (the service's names); a key without one prints as itself. */
  methodNames: Readonly<Record<string, string>>;
  /** The branch logo (PNG bytes), printed at the top when PRINT_IMAGE is on. */
  logo: Uint8Array | null;
  /** A reprint says COPY and never opens the drawer. */
  reprint: boolean;
  /** The buyer of a cleared standard (B2B) invoice or credit note: the receipt is then a tax invoice (tax credit note) naming them. */
  buyer?: ZatcaBuyer | null;
}

export interface KitchenTicketOptions {
  flags: PrinterSettings;
  width: PaperWidth;
  /** The printer's (or station's) name, printed on top so a ticket finds its way. */
  station: string;
  /** Categories routed to this printer; null prints every line (`pos print --kind kitchen`). */
  categories: ReadonlySet<number> | null;
  reprint: boolean;
  /** Printed instead of a kitchen display that is offline: says so on top, in both languages. */
  fallback?: boolean;
}
