/**
 * A text's UTF-8 bytes written into one buffer kept for reuse, for inputs
 * that are consumed at once (a hash's update, a synchronous deflate): a
 * signed document's text is about 9 KB, and a new Buffer of it for the
 * invoice hash and another for the stored form were garbage in every
 * phase-2 sale (docs/performance.md). The bytes are the ones
 * Buffer.from(text, 'utf8') gives.
 */
let scratch = Buffer.allocUnsafe(32 * 1024);

/** `text` as UTF-8, valid only until the next call: never keep it, never hand it to anything asynchronous. */
export function utf8Scratch(text: string): Buffer {
  const length = Buffer.byteLength(text, 'utf8');
  if (length > scratch.length) scratch = Buffer.allocUnsafe(Math.max(length, scratch.length * 2));
  scratch.write(text, 0, length, 'utf8');
  return scratch.subarray(0, length);
}
