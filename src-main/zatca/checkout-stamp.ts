/**
 * Phase 2 at the counter: inside an order's checkout transaction, the order
 * becomes the EGS unit's next signed document. The counter and the previous
 * hash are read and advanced in that same IMMEDIATE transaction, so a crash
 * before the commit leaves neither the order nor its document, and after it
 * both: no gap, no fork. Off (phase 1 unchanged) until the unit is
 * onboarded and its key is at hand.
 */
import type { OrderRecord } from '../../src-shared/till/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { documentFromOrder } from './document-from-order.ts';
import { signDocument, type EgsSigner } from './sign-document.ts';
import { appendDocument, readEgs } from './zatca-store.ts';
import type { ZatcaSeller } from './zatca-document.ts';

export interface CheckoutStampOptions {
  db: TillDatabase;
  /** The unit's key and certificate; null when they cannot be had (phase 1 then). */
  signer: () => EgsSigner | null;
  /** The seller as the documents state it; null while a required field is missing. */
  seller: () => ZatcaSeller | null;
  onSkipped?: (why: string, order: OrderRecord) => void;
}

/** The `stampAtCheckout` hook of TillService: returns the nine-tag QR for the receipt, or null to keep phase 1's. */
export function checkoutStamp(options: CheckoutStampOptions): (order: OrderRecord) => string | null {
  return (order) => {
    const egs = readEgs(options.db);
    if (!egs) return null;
    const signer = options.signer();
    const seller = options.seller();
    if (!signer || !seller) {
      options.onSkipped?.(signer ? 'the seller address or CRN is not set' : "the EGS unit's key is not available", order);
      return null;
    }
    const doc = documentFromOrder(order, { icv: egs.next_icv, pih: egs.last_hash }, seller);
    const signed = signDocument(doc, signer);
    appendDocument(options.db, {
      icv: doc.icv,
      order_uuid: order.uuid,
      kind: doc.kind,
      number: order.number,
      issued_at: order.created_at,
      pih: doc.pih,
      hash: signed.hash,
      qr: signed.qr,
      xml: signed.xml,
    });
    return signed.qr;
  };
}
