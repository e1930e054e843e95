/**
 * The QR payload of a ZATCA simplified tax invoice (phase 1): five TLV
 * fields, base64. Lengths count UTF-8 bytes, not characters: an Arabic
 * letter is two bytes, so "مقهى" is 8 bytes long.
 */
import { formatMinor, parseDecimal } from '../money/index.ts';
import { decodeBase64, encodeBase64 } from './base64.ts';
import { decodeTlv } from './tlv.ts';
import { decodeUtf8, utf8Length, writeUtf8 } from './utf8.ts';
import { TillError } from '../errors/index.ts';

export interface ZatcaQrFields {
  /** Tag 1. */
  sellerName: string;
  /** Tag 2: the VAT registration number (15 digits in production; not checked, so test vectors pass). */
  vatNumber: string;
  /** Tag 3: ISO 8601, e.g. "2026-11-21T10:15:00Z" (see formatZatcaTimestamp). */
  timestamp: string;
  /** Tag 4: invoice total with VAT, a two-place decimal string ("115.00"). */
  total: string;
  /** Tag 5: VAT total, a two-place decimal string ("15.00"). */
  vatTotal: string;
}

/** Thrown for a field that cannot go into, or a payload that cannot come out of, the QR; `tag` names the field when one is at fault. */
export class ZatcaQrError extends TillError {
  constructor(
    message: string,
    readonly tag?: number,
  ) {
    super('invalid_input', message);
    this.name = 'ZatcaQrError';
  }
}

const FIELDS = [
  { tag: 1, key: 'sellerName', label: 'seller name' },
  { tag: 2, key: 'vatNumber', label: 'VAT registration number' },
  { tag: 3, key: 'timestamp', label: 'timestamp' },
  { tag: 4, key: 'total', label: 'invoice total with VAT' },
  { tag: 5, key: 'vatTotal', label: 'VAT total' },
] as const satisfies readonly { tag: number; key: keyof ZatcaQrFields; label: string }[];

/** Each field's name in an error, by tag, made once. */
const WHERE: Record<number, string> = Object.fromEntries(FIELDS.map((field) => [field.tag, `tag ${field.tag} (${field.label})`]));

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

function checkValue(field: (typeof FIELDS)[number], value: unknown): string {
  const name = WHERE[field.tag]!;
  if (typeof value !== 'string' || value === '') throw new ZatcaQrError(`${name} is empty; every field of the invoice QR is required`, field.tag);
  if (field.key === 'timestamp' && !ISO_TIMESTAMP.test(value)) {
    throw new ZatcaQrError(`${name} "${value}" is not an ISO 8601 time like 2026-11-21T10:15:00Z`, field.tag);
  }
  if (field.key === 'total' || field.key === 'vatTotal') {
    // Canonical two-place form only: "100.0" or "0100.00" would print a different QR for the same amount.
    let canonical: string | undefined;
    try {
      canonical = formatMinor(parseDecimal(value, name));
    } catch {
      canonical = undefined;
    }
    if (canonical !== value) throw new ZatcaQrError(`${name} "${value}" must be a two-place decimal like "115.00"`, field.tag);
  }
  return value;
}

/**
 * The base64 QR payload for the five phase-1 fields. `base64` may be the host's own encoder (Node's Buffer in the main
 * process, which makes one at every sale): the same text. Checked and measured first, then written into one TLV array.
 */
export function encodeZatcaQr(fields: ZatcaQrFields, base64: (bytes: Uint8Array) => string = encodeBase64): string {
  let size = 0;
  for (const field of FIELDS) {
    let length: number;
    try {
      length = utf8Length(checkValue(field, fields[field.key]), WHERE[field.tag]!);
    } catch (error) {
      throw error instanceof ZatcaQrError ? error : new ZatcaQrError((error as Error).message, field.tag);
    }
    if (length > 255) {
      throw new ZatcaQrError(`tag ${field.tag} (${field.label}) is ${length} UTF-8 bytes; the QR allows at most 255, so shorten it`, field.tag);
    }
    size += 2 + length;
  }
  const tlv = new Uint8Array(size);
  let at = 0;
  for (const field of FIELDS) {
    const end = writeUtf8(fields[field.key], tlv, at + 2);
    tlv[at] = field.tag;
    tlv[at + 1] = end - at - 2;
    at = end;
  }
  return base64(tlv);
}

/** The five fields back from a payload; strict, for tests and the printing code's assertions. */
export function decodeZatcaQr(base64: string): ZatcaQrFields {
  let entries;
  try {
    entries = decodeTlv(decodeBase64(base64, 'ZATCA QR'), 'ZATCA QR');
  } catch (error) {
    throw new ZatcaQrError((error as Error).message);
  }
  const found = new Map<number, string>();
  for (const entry of entries) {
    const field = FIELDS.find((f) => f.tag === entry.tag);
    if (!field) throw new ZatcaQrError(`ZATCA QR holds tag ${entry.tag}; a simplified-invoice QR has tags 1 to 5 only`, entry.tag);
    if (found.has(entry.tag)) throw new ZatcaQrError(`ZATCA QR holds tag ${entry.tag} twice`, entry.tag);
    let text: string;
    try {
      text = decodeUtf8(entry.value, `tag ${entry.tag} (${field.label})`);
    } catch (error) {
      throw new ZatcaQrError((error as Error).message, entry.tag);
    }
    found.set(entry.tag, text);
  }
  const value = (tag: number): string => {
    const text = found.get(tag);
    if (text === undefined) throw new ZatcaQrError(`ZATCA QR has no tag ${tag}`, tag);
    return text;
  };
  return { sellerName: value(1), vatNumber: value(2), timestamp: value(3), total: value(4), vatTotal: value(5) };
}

/** An epoch-millisecond time as the QR's timestamp, in UTC to the second: 2026-11-21T10:15:00Z. */
export function formatZatcaTimestamp(epochMs: number): string {
  if (!Number.isFinite(epochMs)) throw new ZatcaQrError(`time ${epochMs} is not a valid epoch-millisecond time`, 3);
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
