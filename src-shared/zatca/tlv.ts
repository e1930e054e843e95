/**
 * Tag-length-value as ZATCA's QR uses it: one byte of tag, one byte of
 * length (so at most 255 bytes of value), then the value.
 */
export interface TlvEntry {
  tag: number;
  value: Uint8Array;
}

export function encodeTlv(entries: readonly TlvEntry[]): Uint8Array {
  const size = entries.reduce((n, e) => n + 2 + e.value.length, 0);
  const out = new Uint8Array(size);
  let at = 0;
  for (const { tag, value } of entries) {
    if (!Number.isInteger(tag) || tag < 1 || tag > 255) throw new RangeError(`TLV tag ${tag} must be a whole number from 1 to 255`);
    if (value.length > 255) throw new RangeError(`TLV tag ${tag}: value is ${value.length} bytes; one length byte holds at most 255`);
    out[at++] = tag;
    out[at++] = value.length;
    out.set(value, at);
    at += value.length;
  }
  return out;
}

export function decodeTlv(bytes: Uint8Array, where: string): TlvEntry[] {
  const entries: TlvEntry[] = [];
  let at = 0;
  while (at < bytes.length) {
    const tag = bytes[at] ?? 0;
    const length = bytes[at + 1];
    if (length === undefined) throw new RangeError(`${where}: tag ${tag} at byte ${at} has no length byte`);
    if (at + 2 + length > bytes.length) {
      throw new RangeError(`${where}: tag ${tag} at byte ${at} says ${length} bytes but only ${bytes.length - at - 2} follow`);
    }
    entries.push({ tag, value: bytes.slice(at + 2, at + 2 + length) });
    at += 2 + length;
  }
  return entries;
}
