/**
 * Phase 2 at the counter: inside an order's checkout transaction, the order
 * becomes the EGS unit's next signed document. The counter and the previous
 * hash are read and advanced in that same IMMEDIATE transaction, so a crash
 * before the commit leaves neither the order nor its document, and after it
 * both: no gap, no fork. Off (phase 1 unchanged) until the unit is
 * onboarded and its key is at hand.
 *
 * The signing itself (UBL, hash, ECDSA, QR: most of a phase-2 checkout's
 * CPU) happens before that transaction, holding no lock (presignOrder): the
 * order as it will be numbered, signed at the counter and previous hash read
 * then. Inside the transaction the document is built again from what the
 * database holds now and compared with the one signed; only when it is the
 * same (same unit and certificate, counter, previous hash, number and
 * every other input) is the signed text written. When another writer moved
 * the chain or took the number meanwhile, the order is signed again there,
 * inside the transaction, as before: never a stale counter or hash.
 */
import { isDeepStrictEqual } from 'node:util';
import type { OrderRecord } from '../../src-shared/selling/index.ts';
import type { TillDatabase } from '../db/index.ts';
import type { BranchProfile } from '../catalog/index.ts';
import { documentFromOrder } from './document-from-order.ts';
import { egsSignerSource } from './egs-secrets.ts';
import type { SecretStore } from '../secrets/index.ts';
import { signDocument, type EgsSigner, type SignedDocument } from './sign-document.ts';
import { appendDocument, readEgs, type EgsState } from './zatca-store.ts';
import type { ZatcaBuyerParty, ZatcaDocument, ZatcaSeller } from './zatca-document.ts';
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
export function stampOrder(
  options: CheckoutStampOptions,
  order: OrderRecord,
  choice: StampChoice = {},
  profile?: BranchProfile | null,
  presigned?: PresignedDocument | null,
): SignedDocument | null {
  const prepared = prepareDocument(options, order, choice, profile);
  if (!prepared) return null;
  if ('skipped' in prepared) {
    options.onSkipped?.(prepared.skipped, order);
    return null;
  }
  const { egs, doc, signer } = prepared;
  // Signed before the transaction from exactly these inputs: its text stands. Otherwise (the chain or the number moved) signed now.
  const signed = presigned && presigned.certificate === egs.certificate && isDeepStrictEqual(presigned.doc, doc) ? presigned.signed : signDocument(doc, signer);
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

/** A document signed ahead of its order's transaction, with what it was signed from. */
export interface PresignedDocument {
  /** The unit's certificate it was signed under. */
  certificate: string;
  doc: ZatcaDocument;
  signed: SignedDocument;
}

/**
 * Signs `expected` (the order as it will be numbered) as the unit's next document, from the chain as it stands now,
 * outside any transaction: nothing is written. Null when phase 2 would not stamp it (stampOrder says why, later).
 */
export function presignOrder(
  options: CheckoutStampOptions,
  expected: OrderRecord,
  choice: StampChoice = {},
  profile?: BranchProfile | null,
): PresignedDocument | null {
  const prepared = prepareDocument(options, expected, choice, profile);
  if (!prepared || 'skipped' in prepared) return null;
  return { certificate: prepared.egs.certificate, doc: prepared.doc, signed: signDocument(prepared.doc, prepared.signer) };
}

/** The document `order` would be as the unit's next, its unit and its signer; null before onboarding; why not when it cannot be signed. */
function prepareDocument(
  options: CheckoutStampOptions,
  order: OrderRecord,
  choice: StampChoice,
  profile: BranchProfile | null | undefined,
): { egs: EgsState; doc: ZatcaDocument; signer: EgsSigner } | { skipped: string } | null {
  const egs = readEgs(options.db);
  if (!egs) return null;
  const signer = options.signer(egs);
  const seller = profile === undefined ? options.seller() : options.seller(profile);
  if (!signer || !seller) return { skipped: signer ? 'the seller address or CRN is not set' : "the EGS unit's key is not available" };
  const base = documentFromOrder(order, { icv: egs.next_icv, pih: egs.last_hash }, seller);
  const doc: ZatcaDocument = {
    ...base,
    uuid: choice.documentUuid ?? order.uuid,
    ...(choice.buyer ? { profile: 'standard' as const, buyer: choice.buyer } : {}),
  };
  return { egs, doc, signer };
}

/**
 * The `stampAtCheckout` hook of TillService: returns the nine-tag QR for the receipt, or null to keep phase 1's.
 * Its `presign` signs the sale before its transaction; the hook, given what presign made, writes it when it still holds.
 */
export function checkoutStamp(options: CheckoutStampOptions): CheckoutStamper {
  const stamp = (order: OrderRecord, profile: BranchProfile | null, presigned?: unknown) =>
    stampOrder(options, order, {}, profile, presigned as PresignedDocument | null | undefined)?.qr ?? null;
  return Object.assign(stamp, { presign: (expected: OrderRecord, profile: BranchProfile | null) => presignOrder(options, expected, {}, profile) });
}

/** What TillService's stampAtCheckout is: the stamp inside the order's transaction, and optionally its signing ahead of it. */
export type CheckoutStamper = ((order: OrderRecord, profile: BranchProfile | null, presigned?: unknown) => string | null) & {
  presign?: (expected: OrderRecord, profile: BranchProfile | null) => unknown;
};
