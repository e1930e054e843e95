/**
 * UTF-8 by hand: src-shared may use neither Node's Buffer nor the DOM's
 * TextEncoder. Strict both ways, because a tax QR with a replacement
 * character instead of the seller's name is wrong, not approximately right.
 */

/** The UTF-8 bytes of `text`; throws on an unpaired surrogate, naming `where`. */
export function encodeUtf8(text: string, where: string): Uint8Array {
  const bytes = new Uint8Array(utf8Length(text, where));
  writeUtf8(text, bytes, 0);
  return bytes;
}

function unpaired(where: string, cp: number): never {
  throw new RangeError(`${where}: the text holds an unpaired UTF-16 surrogate (U+${cp.toString(16).toUpperCase()}), which has no UTF-8 form`);
}

/**
 * How many bytes `text` takes in UTF-8, counted without encoding it; throws on an unpaired surrogate, naming `where`.
 * By code unit, pairing surrogates here: a string iterator makes a string of every character (garbage in every QR).
 */
export function utf8Length(text: string, where: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.charCodeAt(i);
    if (cp < 0x80) length += 1;
    else if (cp < 0x800) length += 2;
    else if (cp < 0xd800 || cp > 0xdfff) length += 3;
    else {
      const low = cp <= 0xdbff && i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (low < 0xdc00 || low > 0xdfff) unpaired(where, cp);
      length += 4;
      i++;
    }
  }
  return length;
}

/**
 * `text`'s UTF-8 written into `bytes` from `at` (room for utf8Length(text) bytes, which has checked the text), the
 * next free index returned: a QR's fields go straight into its one array, no array made for each.
 */
export function writeUtf8(text: string, bytes: Uint8Array, at: number): number {
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (cp >= 0xd800 && cp <= 0xdfff) unpaired('UTF-8', cp);
    if (cp < 0x80) bytes[at++] = cp;
    else if (cp < 0x800) {
      bytes[at++] = 0xc0 | (cp >> 6);
      bytes[at++] = 0x80 | (cp & 0x3f);
    } else if (cp < 0x10000) {
      bytes[at++] = 0xe0 | (cp >> 12);
      bytes[at++] = 0x80 | ((cp >> 6) & 0x3f);
      bytes[at++] = 0x80 | (cp & 0x3f);
    } else {
      bytes[at++] = 0xf0 | (cp >> 18);
      bytes[at++] = 0x80 | ((cp >> 12) & 0x3f);
      bytes[at++] = 0x80 | ((cp >> 6) & 0x3f);
      bytes[at++] = 0x80 | (cp & 0x3f);
    }
  }
  return at;
}

/** `bytes` read as UTF-8; throws on anything malformed (overlong, truncated, surrogates, > U+10FFFF). */
export function decodeUtf8(bytes: Uint8Array, where: string): string {
  let text = '';
  let i = 0;
  const fail = (why: string): never => {
    throw new RangeError(`${where}: not valid UTF-8 at byte ${i}: ${why}`);
  };
  while (i < bytes.length) {
    const b0 = bytes[i] ?? 0;
    let need: number;
    let cp: number;
    let min: number;
    if (b0 < 0x80) [need, cp, min] = [0, b0, 0];
    else if (b0 >= 0xc2 && b0 < 0xe0) [need, cp, min] = [1, b0 & 0x1f, 0x80];
    else if (b0 >= 0xe0 && b0 < 0xf0) [need, cp, min] = [2, b0 & 0x0f, 0x800];
    else if (b0 >= 0xf0 && b0 < 0xf5) [need, cp, min] = [3, b0 & 0x07, 0x10000];
    else return fail(`byte 0x${b0.toString(16)} cannot start a character`);
    for (let k = 1; k <= need; k++) {
      const b = bytes[i + k];
      if (b === undefined) return fail('the text ends inside a character');
      if ((b & 0xc0) !== 0x80) return fail(`byte 0x${b.toString(16)} is not a continuation byte`);
      cp = (cp << 6) | (b & 0x3f);
    }
    if (cp < min) fail('overlong encoding');
    if (cp >= 0xd800 && cp <= 0xdfff) fail('encoded surrogate');
    if (cp > 0x10ffff) fail('beyond U+10FFFF');
    text += String.fromCodePoint(cp);
    i += need + 1;
  }
  return text;
}
