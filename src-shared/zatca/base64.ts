/**
 * Standard base64 (RFC 4648 §4, with padding) by hand: src-shared may use
 * neither Buffer nor btoa. The decoder is strict (alphabet, padding, zero
 * trailing bits) so a test that round-trips a QR catches any sloppiness.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Map([...ALPHABET].map((c, i) => [c, i]));

/** The alphabet's character codes: each group of three bytes written as four codes, the text made once at the end. */
const CODES = Uint16Array.from(ALPHABET, (c) => c.charCodeAt(0));
const PAD = '='.charCodeAt(0);

/**
 * The codes are gathered in one array and made into the text in slices: a string grown a character at a time was
 * a string for every character (a QR's 700: 12 KB of garbage at every sale, docs/performance.md).
 */
export function encodeBase64(bytes: Uint8Array): string {
  const codes = new Uint16Array(Math.ceil(bytes.length / 3) * 4);
  let at = 0;
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    const n = (b0 << 16) | ((b1 ?? 0) << 8) | (b2 ?? 0);
    codes[at++] = CODES[(n >> 18) & 63]!;
    codes[at++] = CODES[(n >> 12) & 63]!;
    codes[at++] = b1 === undefined ? PAD : CODES[(n >> 6) & 63]!;
    codes[at++] = b2 === undefined ? PAD : CODES[n & 63]!;
  }
  let out = '';
  // String.fromCharCode takes its codes as arguments: a few thousand at a time stays well under any engine's limit.
  for (let from = 0; from < codes.length; from += 4096) out += String.fromCharCode.apply(null, codes.subarray(from, from + 4096) as unknown as number[]);
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
