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
 * then. Inside the transaction the document is not built again: the few
 * inputs read under the lock (the unit and its certificate, the counter,
 * the previous hash, the order's number: signedFromSameInputs says why no
 * other) are compared with those it was signed from, and the signed text
 * is written when they are the same. When another writer moved the chain,
 * renewed the certificate or took the number meanwhile, the order is signed
 * again there, inside the transaction, as before: never a stale counter or hash.
 */
import type { OrderRecord } from '../../src-shared/selling/index.ts';
import type { TillDatabase } from '../db/index.ts';
import type { BranchProfile } from '../catalog/index.ts';
import { documentFromOrder } from './document-from-order.ts';
import { egsSignerSource } from './egs-secrets.ts';
import type { SecretStore } from '../secrets/index.ts';
import { signDocument, type EgsSigner, type SignedDocument } from './sign-document.ts';
import { storeDocument } from './stored-xml.ts';
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
 * onboarded, or the skip). `profile` is the branch profile the checkout already read, when it has one. Given what
 * presignOrder made before the transaction, its text is written as it is when it was signed from the same inputs
 * (signedFromSameInputs), and the order is signed again here only when one of them moved.
 */
export function stampOrder(
  options: CheckoutStampOptions,
  order: OrderRecord,
  choice: StampChoice = {},
  profile?: BranchProfile | null,
  presigned?: PresignedDocument | null,
): SignedDocument | null {
  const egs = readEgs(options.db);
  if (!egs) return null;
  if (presigned && signedFromSameInputs(presigned, egs, order, choice))
    return chain(options, egs, order, choice, presigned.doc, presigned.signed, presigned.stored);
  // The seller the presign read for this sale is this sale's: not read again under the lock.
  const prepared = prepareDocument(
    options,
    egs,
    order,
    choice,
    presigned ? presigned.seller : profile === undefined ? options.seller() : options.seller(profile),
  );
  if ('skipped' in prepared) {
    options.onSkipped?.(prepared.skipped, order);
    return null;
  }
  const signed = signDocument(prepared.doc, prepared.signer);
  return chain(options, egs, order, choice, prepared.doc, signed, storeDocument(signed));
}

/**
 * Whether the document presigned before the transaction is the very one this transaction would sign: compared input
 * by input, never built again. The signed text is signDocument(doc, signer), doc being documentFromOrder(record,
 * { icv, pih }, seller) with the choice's UUID and buyer (prepareDocument). Of those inputs, these are the ones read
 * under the write lock, so the only ones another writer can change between the presign and here:
 * - the unit and its certificate (readEgs: a renewal or a new onboarding meanwhile; the stamp states the certificate,
 *   the QR its key and the CA's signature);
 * - its chain: the next ICV and the previous hash (readEgs; another writer's sale moves both);
 * - the order's number (insertOrder numbers the draft again under the lock: another writer may have taken it).
 *   Numbering also sets the business day and the station, which the document does not state
 *   (test/integration/zatca/checkout-signing-inputs.test.ts fails if it starts to).
 * That list is complete because everything else is the same value in both: the order's lines, amounts, payments,
 * time, UUID, kind and refund reference are the one draft insertOrder numbers twice, back to back with no await
 * between; the seller is read once per sale, by the presign, as the branch profile is before it; the signer is the
 * certificate's. The UUID and the buyer are compared too, so a presign made for another order or choice never passes.
 */
function signedFromSameInputs(presigned: PresignedDocument, egs: EgsState, order: OrderRecord, choice: StampChoice): boolean {
  const { doc } = presigned;
  return (
    presigned.unit === egs.unit &&
    presigned.certificate === egs.certificate &&
    doc.icv === egs.next_icv &&
    doc.pih === egs.last_hash &&
    doc.id === order.number &&
    doc.uuid === (choice.documentUuid ?? order.uuid) &&
    doc.buyer === choice.buyer
  );
}

/**
 * Writes the signed document as the unit's next and moves the chain past it (appendDocument refuses a stale counter).
 * `stored`: its text and QR as the row keeps them (storeDocument), made before the transaction when it was presigned.
 */
function chain(
  options: CheckoutStampOptions,
  egs: EgsState,
  order: OrderRecord,
  choice: StampChoice,
  doc: ZatcaDocument,
  signed: SignedDocument,
  stored: { xml: string; qr: string },
): SignedDocument {
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
    qr: stored.qr,
    xml: stored.xml,
    buyer: choice.buyer ? JSON.stringify(choice.buyer) : null,
    report_state: choice.buyer ? 'clearing' : 'pending',
  });
  return signed;
}

/** A document signed ahead of its order's transaction, with what it was signed from. */
export interface PresignedDocument {
  /** The unit and the certificate it was signed under. */
  unit: string;
  certificate: string;
  /** The seller it states (read once for the sale). */
  seller: ZatcaSeller;
  doc: ZatcaDocument;
  signed: SignedDocument;
  /** signed's text and QR as the row keeps them (storeDocument: deflated, about 60 µs), made here so that no lock is held for it. */
  stored: { xml: string; qr: string };
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
  const egs = readEgs(options.db);
  if (!egs) return null;
  const seller = profile === undefined ? options.seller() : options.seller(profile);
  const prepared = prepareDocument(options, egs, expected, choice, seller);
  if ('skipped' in prepared) return null;
  const signed = signDocument(prepared.doc, prepared.signer);
  return { unit: egs.unit, certificate: egs.certificate, seller: seller!, doc: prepared.doc, signed, stored: storeDocument(signed) };
}

/** The document `order` would be as `egs`'s next, and its signer; why not when it cannot be signed. */
function prepareDocument(
  options: CheckoutStampOptions,
  egs: EgsState,
  order: OrderRecord,
  choice: StampChoice,
  seller: ZatcaSeller | null,
): { doc: ZatcaDocument; signer: EgsSigner } | { skipped: string } {
  const signer = options.signer(egs);
  if (!signer || !seller) return { skipped: signer ? 'the seller address or CRN is not set' : "the EGS unit's key is not available" };
  const base = documentFromOrder(order, { icv: egs.next_icv, pih: egs.last_hash }, seller);
  const doc: ZatcaDocument = {
    ...base,
    uuid: choice.documentUuid ?? order.uuid,
    ...(choice.buyer ? { profile: 'standard' as const, buyer: choice.buyer } : {}),
  };
  return { doc, signer };
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
