/**
 * The QR of a ZATCA phase-2 document: the five phase-1 fields and those of
 * the stamp, TLV in base64. Tags 6 and 7 are the base64 texts of the invoice
 * hash and the signature; 8 and 9 are raw bytes (the public key's DER
 * SubjectPublicKeyInfo and the certificate's signature), as ZATCA's QR
 * guideline and its signed samples carry them. Tag 9 is a simplified
 * document's only: the QR ZATCA puts on a cleared standard invoice or note
 * stops at tag 8 (the SDK's Standard_Invoice.xml and Standard_Credit_Note.xml
 * samples hold tags 1 to 8, Simplified_Invoice.xml 1 to 9).
 */
import { formatMinor, parseDecimal } from '../money/index.ts';
import { decodeBase64, encodeBase64 } from './base64.ts';
import { decodeTlv, type TlvEntry } from './tlv.ts';
import { decodeUtf8, utf8Length, writeUtf8 } from './utf8.ts';
import { ZatcaQrError } from './zatca-qr.ts';

export interface ZatcaPhase2QrFields {
  sellerName: string;
  vatNumber: string;
  /** Tag 3: the document's IssueDate and IssueTime, "2026-11-21T13:15:00" (with or without a zone). */
  timestamp: string;
  total: string;
  vatTotal: string;
  /** Tag 6: base64 of the SHA-256 invoice hash. */
  invoiceHash: string;
  /** Tag 7: base64 of the ECDSA signature (DER). */
  signature: string;
  /** Tag 8: the public key, DER SubjectPublicKeyInfo. */
  publicKey: Uint8Array;
  /** Tag 9: the ZATCA CA's signature over the stamp's certificate; null on a standard document's QR, which has no tag 9. */
  certificateSignature: Uint8Array | null;
}

/** ZATCA's limit on the QR's base64 text. */
export const ZATCA_QR_MAX_CHARS = 700;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})?$/;
const TEXT_TAGS = [
  [1, 'sellerName', 'seller name'],
  [2, 'vatNumber', 'VAT registration number'],
  [3, 'timestamp', 'timestamp'],
  [4, 'total', 'invoice total with VAT'],
  [5, 'vatTotal', 'VAT total'],
  [6, 'invoiceHash', 'invoice hash'],
  [7, 'signature', 'signature'],
] as const;

/** Each text tag's name in an error, made once. */
const WHERE = TEXT_TAGS.map(([tag, , label]) => `tag ${tag} (${label})`);

function amount(text: string, tag: number, label: string): string {
  let canonical: string | undefined;
  try {
    canonical = formatMinor(parseDecimal(text, label));
  } catch {
    canonical = undefined;
  }
  if (canonical !== text) throw new ZatcaQrError(`tag ${tag} (${label}) "${text}" must be a two-place decimal like "115.00"`, tag);
  return text;
}

/**
 * `base64` may be the host's own encoder (Node's Buffer in the main process, where every sale signs one): the same text.
 * The fields are checked and measured first, then written straight into the one TLV array: no array for each field.
 */
export function encodeZatcaPhase2Qr(fields: ZatcaPhase2QrFields, base64: (bytes: Uint8Array) => string = encodeBase64): string {
  let size = 0;
  // The first text tag too long for its length byte: reported after every text tag's own checks, as before tag 8's.
  let tooLong = 0;
  let tooLongBytes = 0;
  for (const [tag, key, label] of TEXT_TAGS) {
    const text = fields[key];
    if (typeof text !== 'string' || text === '') throw new ZatcaQrError(`tag ${tag} (${label}) is empty; every field of the phase-2 QR is required`, tag);
    if (key === 'timestamp' && !TIMESTAMP.test(text)) throw new ZatcaQrError(`tag 3 (timestamp) "${text}" is not a time like 2026-11-21T13:15:00`, 3);
    if (key === 'total' || key === 'vatTotal') amount(text, tag, label);
    const length = utf8Length(text, WHERE[tag - 1]!);
    if (length > 255 && tooLong === 0) [tooLong, tooLongBytes] = [tag, length];
    size += 2 + length;
  }
  if (tooLong !== 0) throw new ZatcaQrError(`tag ${tooLong} is ${tooLongBytes} bytes; the QR allows at most 255`, tooLong);
  size += 2 + checkedBytes(8, fields.publicKey);
  if (fields.certificateSignature !== null) size += 2 + checkedBytes(9, fields.certificateSignature);
  const tlv = new Uint8Array(size);
  let at = 0;
  for (const [tag, key] of TEXT_TAGS) {
    const end = writeUtf8(fields[key], tlv, at + 2);
    tlv[at] = tag;
    tlv[at + 1] = end - at - 2;
    at = end;
  }
  at = writeBytes(tlv, at, 8, fields.publicKey);
  if (fields.certificateSignature !== null) writeBytes(tlv, at, 9, fields.certificateSignature);
  const text = base64(tlv);
  if (text.length > ZATCA_QR_MAX_CHARS) {
    throw new ZatcaQrError(`the QR is ${text.length} characters; ZATCA allows at most ${ZATCA_QR_MAX_CHARS}: shorten the seller name`);
  }
  return text;
}

function checkedBytes(tag: number, value: Uint8Array): number {
  if (value.length === 0) throw new ZatcaQrError(`tag ${tag} is empty; every field of the phase-2 QR is required`, tag);
  if (value.length > 255) throw new ZatcaQrError(`tag ${tag} is ${value.length} bytes; the QR allows at most 255`, tag);
  return value.length;
}

function writeBytes(tlv: Uint8Array, at: number, tag: number, value: Uint8Array): number {
  tlv[at] = tag;
  tlv[at + 1] = value.length;
  tlv.set(value, at + 2);
  return at + 2 + value.length;
}

/** The fields back from a payload: strict (tags 1 to 8 once each, tag 9 at most once, nothing else). */
export function decodeZatcaPhase2Qr(base64: string): ZatcaPhase2QrFields {
  let entries: TlvEntry[];
  try {
    entries = decodeTlv(decodeBase64(base64, 'ZATCA QR'), 'ZATCA QR');
  } catch (error) {
    throw new ZatcaQrError((error as Error).message);
  }
  const found = new Map<number, Uint8Array>();
  for (const entry of entries) {
    if (entry.tag < 1 || entry.tag > 9) throw new ZatcaQrError(`ZATCA QR holds tag ${entry.tag}; a phase-2 QR has tags 1 to 9`, entry.tag);
    if (found.has(entry.tag)) throw new ZatcaQrError(`ZATCA QR holds tag ${entry.tag} twice`, entry.tag);
    found.set(entry.tag, entry.value);
  }
  const bytes = (tag: number): Uint8Array => {
    const value = found.get(tag);
    if (value === undefined) throw new ZatcaQrError(`ZATCA QR has no tag ${tag}`, tag);
    return value;
  };
  const text = (tag: number) => decodeUtf8(bytes(tag), `tag ${tag}`);
  return {
    sellerName: text(1),
    vatNumber: text(2),
    timestamp: text(3),
    total: text(4),
    vatTotal: text(5),
    invoiceHash: text(6),
    signature: text(7),
    publicKey: bytes(8),
    certificateSignature: found.get(9) ?? null,
  };
}
