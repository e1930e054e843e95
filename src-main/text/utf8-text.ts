// An answer's bytes as text, for JSON.parse (issue 37). Node 20's
// Buffer#toString('utf8') turns text that is not all ASCII (a catalog's
// Arabic names) into a string at about 200 MB/s: 1.5 ms of a 315 KB products
// page, twice what JSON.parse then takes. ICU's converter (buffer.transcode)
// to UTF-16, and a string made of those UTF-16 bytes, take a third of that.
// The text is the same either way: transcode refuses bytes that are not
// UTF-8 (toString puts U+FFFD for them), so those answers, checked first, keep
// toString, as do answers of ASCII only (its own fast path) and very large ones
// (transcode's buffer would be a second copy of the text's size).

import { isAscii, isUtf8, transcode } from 'node:buffer';

/** Above this many bytes an answer is decoded by toString: no second copy of a large text in memory at once. */
export const TRANSCODED_UP_TO_BYTES = 8 * 1024 * 1024;

/** `bytes` decoded as UTF-8, exactly as Buffer#toString('utf8') decodes them (U+FFFD for what is not UTF-8). */
export function utf8Text(bytes: Uint8Array): string {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.byteLength === 0 || buffer.byteLength > TRANSCODED_UP_TO_BYTES || isAscii(buffer) || !isUtf8(buffer)) return buffer.toString('utf8');
  try {
    return transcode(buffer, 'utf8', 'utf16le').toString('utf16le');
  } catch {
    // A Node built without ICU has no converter (ERR_NO_ICU).
    return buffer.toString('utf8');
  }
}
