/**
 * The seam between checkout and ZATCA's clearance (issue 22): a standard
 * (B2B) tax invoice is cleared by ZATCA before it is handed over, so only
 * online. The till module knows the steps; src-main/zatca does them.
 */
import type { ClearanceView, OrderRecord, ZatcaBuyer } from '../../src-shared/till/index.ts';

export type ClearanceOutcome = { state: 'cleared'; qr: string; messages: string[] } | { state: 'refused' | 'unanswered'; messages: string[] };

export interface StandardInvoiceHooks {
  /** Before the sale is written: throws a TillError when a standard invoice cannot be issued now (unit not onboarded for it, ZATCA unreachable). */
  ready(): Promise<void>;
  /** Inside the checkout transaction: the order's standard invoice, signed and chained (it takes the next ICV). */
  stamp(order: OrderRecord, buyer: ZatcaBuyer): void;
  /** After the commit: ZATCA's clearance of the order's standard invoice (asked again, the same bytes, when still unsettled). */
  clear(orderUuid: string): Promise<ClearanceOutcome>;
  /** Inside a transaction: a simplified invoice for a sale whose standard one was not cleared; its QR. Throws a TillError otherwise. */
  simplify(order: OrderRecord): string;
  /** What clearance did for this order, or null when it has no standard invoice. */
  clearanceOf(orderUuid: string): ClearanceView | null;
}
