/**
 * Phase 2 at the counter: inside an order's checkout transaction, the order
 * becomes the EGS unit's next signed document. The counter and the previous
 * hash are read and advanced in that same IMMEDIATE transaction, so a crash
 * before the commit leaves neither the order nor its document, and after it
 * both: no gap, no fork. Off (phase 1 unchanged) until the unit is
 * onboarded and its key is at hand.
 */
import type { OrderRecord } from '../../src-shared/selling/index.ts';
import type { TillDatabase } from '../db/index.ts';
import type { BranchProfile } from '../catalog/index.ts';
import { documentFromOrder } from './document-from-order.ts';
import { egsSignerSource } from './egs-secrets.ts';
import type { SecretStore } from '../secrets/index.ts';
import { signDocument, type EgsSigner, type SignedDocument } from './sign-document.ts';
import { appendDocument, readEgs, type EgsState } from './zatca-store.ts';
import type { ZatcaBuyerParty, ZatcaSeller } from './zatca-document.ts';
import { readZatcaSeller } from './zatca-seller.ts';

export interface CheckoutStampOptions {
  db: TillDatabase;
  /** The unit's key and certificate (for the unit as just read, when given); null when they cannot be had (phase 1 then). */
  signer: (egs?: EgsState) => EgsSigner | null;
  /** The seller as the documents state it (by the branch profile the sale was made under, when given); null while a required field is missing. */
  seller: (profile?: BranchProfile | null) => ZatcaSeller | null;
  onSkipped?: (why: string, order: OrderRecord) => void;
}

/** The stamp's options for a till whose EGS key is in `secrets`: the signer kept across sales, the seller read for each. */
export function egsStampOptions(db: TillDatabase, secrets: SecretStore | (() => SecretStore)): CheckoutStampOptions {
  return { db, signer: egsSignerSource(db, secrets), seller: (profile) => readZatcaSeller(db, profile).seller };
}

/** How this order's document differs from a sale's or refund's simplified one. */
export interface StampChoice {
  /** A standard (B2B) tax invoice for this buyer, to be cleared (report_state clearing). */
  buyer?: ZatcaBuyerParty;
  /** The document's UUID when it is not the order's (a simplified invoice issued after a standard one was not cleared). */
  documentUuid?: string;
}

/**
 * Signs `order` as the unit's next document and chains it; call inside the order's transaction. Null: phase 1 (not
 * onboarded, or the skip). `profile` is the branch profile the checkout already read, when it has one.
 */
export function stampOrder(options: CheckoutStampOptions, order: OrderRecord, choice: StampChoice = {}, profile?: BranchProfile | null): SignedDocument | null {
  const egs = readEgs(options.db);
  if (!egs) return null;
  const signer = options.signer(egs);
  const seller = profile === undefined ? options.seller() : options.seller(profile);
  if (!signer || !seller) {
    options.onSkipped?.(signer ? 'the seller address or CRN is not set' : "the EGS unit's key is not available", order);
    return null;
  }
  const base = documentFromOrder(order, { icv: egs.next_icv, pih: egs.last_hash }, seller);
  const doc = {
    ...base,
    uuid: choice.documentUuid ?? order.uuid,
    ...(choice.buyer ? { profile: 'standard' as const, buyer: choice.buyer } : {}),
  };
  const signed = signDocument(doc, signer);
  appendDocument(options.db, {
    egs_unit: egs.unit,
    icv: doc.icv,
    order_uuid: order.uuid,
    uuid: doc.uuid,
    kind: doc.kind,
    profile: choice.buyer ? 'standard' : 'simplified',
    number: order.number,
    issued_at: order.created_at,
    pih: doc.pih,
    hash: signed.hash,
    qr: signed.qr,
    xml: signed.xml,
    buyer: choice.buyer ? JSON.stringify(choice.buyer) : null,
    report_state: choice.buyer ? 'clearing' : 'pending',
  });
  return signed;
}

/** The `stampAtCheckout` hook of TillService: returns the nine-tag QR for the receipt, or null to keep phase 1's. */
export function checkoutStamp(options: CheckoutStampOptions): (order: OrderRecord, profile: BranchProfile | null) => string | null {
  return (order, profile) => stampOrder(options, order, {}, profile)?.qr ?? null;
}
