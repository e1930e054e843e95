/**
 * One document signed: the UBL without its stamp, its hash, the ECDSA
 * signature, the SignedProperties digest, the nine-tag QR, and the UBL with
 * the stamp and the QR written in. Pure apart from the key: the same
 * document, key and certificate give the same hash every time (ECDSA's
 * signature itself is randomized, so it is kept, never recomputed).
 */
import type { KeyObject } from 'node:crypto';
import { formatMinor } from '../../src-shared/money/index.ts';
import { encodeZatcaPhase2Qr, riyadhDateTime } from '../../src-shared/zatca/index.ts';
import { documentText } from './document-text.ts';
import { nodeBase64 } from './node-base64.ts';
import type { EgsCertificate } from './egs-certificate.ts';
import { unstampedInvoiceHashBytes } from './invoice-hash.ts';
import { ublText } from './ubl-text.ts';
import { signedPropertiesDigest, signInvoiceHash, stampExtension, stampExtensionUtf8 } from './xades-stamp.ts';
import type { ZatcaDocument } from './zatca-document.ts';

export interface EgsSigner {
  privateKey: KeyObject;
  certificate: EgsCertificate;
}

export interface SignedDocument {
  xml: string;
  /** base64 of the SHA-256 invoice hash: the next document's PIH. */
  hash: string;
  /** The till's nine-tag QR; '' for a standard invoice, whose QR comes with ZATCA's cleared document. */
  qr: string;
  signature: string;
  /** `xml`'s UTF-8, byte for byte (what storeDocument deflates): made from the pieces the hash was taken over. */
  utf8?: Buffer;
}

export function signDocument(doc: ZatcaDocument, signer: EgsSigner): SignedDocument {
  // The document is written once as its canonical text: hashed as it is, then the stamp is put into the
  // same text (ublText). The stamp test checks this hash against xmllint --c14n11 and openssl over the signed text.
  // Hashed and stored from its UTF-8, encoded once: the text itself is never flattened on the way (ublText).
  const ubl = ublText(doc);
  const hashBytes = unstampedInvoiceHashBytes(ubl.canonicalUtf8());
  const hash = hashBytes.toString('base64');
  const signature = signInvoiceHash(hashBytes, signer.privateKey);
  const { date, time } = riyadhDateTime(doc.issuedAt);
  const signingTime = `${date}T${time}`;
  const standard = doc.profile === 'standard';
  const qr = standard
    ? ''
    : encodeZatcaPhase2Qr(
        {
          // The seller's name as the document states it (ubl-text writes every text through documentText).
          sellerName: documentText(doc.seller.name),
          vatNumber: doc.seller.vatNumber,
          timestamp: signingTime,
          total: formatMinor(doc.total),
          vatTotal: formatMinor(doc.tax),
          invoiceHash: hash,
          signature,
          publicKey: signer.certificate.publicKey,
          certificateSignature: signer.certificate.signature,
        },
        nodeBase64,
      );
  const stamp = {
    signatureValue: signature,
    signedPropertiesDigest: signedPropertiesDigest(signer.certificate, signingTime),
    signingTime,
    invoiceHash: hash,
    certificate: signer.certificate,
  };
  const parts = { qr: standard ? null : qr, extensions: stampExtension(stamp), extensionsUtf8: stampExtensionUtf8(stamp) };
  return { xml: ubl.signed(parts), hash, qr, signature, utf8: ubl.signedUtf8(parts) };
}
