/**
 * The seam between checkout and ZATCA's clearance (issue 22): a standard
 * (B2B) tax invoice is cleared by ZATCA before it is handed over, so only
 * online. The till module knows the steps; src-main/zatca does them.
 */
import type { ClearanceView, OrderRecord } from '../../src-shared/selling/index.ts';
import type { ZatcaBuyer } from '../../src-shared/zatca/index.ts';

export type ClearanceOutcome = { state: 'cleared'; qr: string; messages: string[] } | { state: 'refused' | 'unanswered'; messages: string[] };

export interface StandardInvoiceHooks {
  /**
   * Before the sale (or a cleared sale's refund: 'credit') is written: throws a TillError when a standard invoice
   * (or credit note) cannot be issued now (unit not onboarded for it, ZATCA unreachable).
   */
  ready(document?: 'invoice' | 'credit'): Promise<void>;
  /**
   * Inside the order's transaction: its standard invoice (a refund's: its standard credit note), signed and chained
   * (it takes the next ICV). `documentUuid`: a note issued again after ZATCA refused the first.
   */
  stamp(order: OrderRecord, buyer: ZatcaBuyer, documentUuid?: string): void;
  /** The buyer of the order's standard invoice when ZATCA cleared it (its refund is then a standard credit note), else null. */
  buyerOf(orderUuid: string): ZatcaBuyer | null;
  /** After the commit: ZATCA's clearance of the order's latest standard document (asked again, the same bytes, when still unsettled). */
  clear(orderUuid: string): Promise<ClearanceOutcome>;
  /** Inside a transaction: a simplified invoice for a sale whose standard one was not cleared; its QR. Throws a TillError otherwise. */
  simplify(order: OrderRecord): string;
  /** What clearance did for this order's latest standard document, or null when it has none. */
  clearanceOf(orderUuid: string): ClearanceView | null;
}
