/**
 * Standard base64 (RFC 4648 §4, with padding) by hand: src-shared may use
 * neither Buffer nor btoa. The decoder is strict (alphabet, padding, zero
 * trailing bits) so a test that round-trips a QR catches any sloppiness.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Map([...ALPHABET].map((c, i) => [c, i]));

export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    const n = (b0 << 16) | ((b1 ?? 0) << 8) | (b2 ?? 0);
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    out += b1 === undefined ? '=' : ALPHABET[(n >> 6) & 63];
    out += b2 === undefined ? '=' : ALPHABET[n & 63];
  }
  return out;
}

export function decodeBase64(text: string, where: string): Uint8Array {
  if (text.length % 4 !== 0) throw new RangeError(`${where}: base64 length ${text.length} is not a multiple of 4`);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 4) {
    const last = i + 4 === text.length;
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const c = text[i + k] ?? '';
      const isPad = last && k >= 4 - padding;
      const v = isPad ? 0 : VALUES.get(c);
      if (v === undefined) throw new RangeError(`${where}: "${c}" at ${i + k} is not a base64 character`);
      n = (n << 6) | v;
    }
    bytes.push((n >> 16) & 255);
    if (!(last && padding === 2)) bytes.push((n >> 8) & 255);
    if (!(last && padding >= 1)) bytes.push(n & 255);
    const trailing = last ? (padding === 2 ? n & 0xffff : padding === 1 ? n & 0xff : 0) : 0;
    if (trailing !== 0) throw new RangeError(`${where}: base64 has non-zero bits before its padding`);
  }
  return Uint8Array.from(bytes);
}
