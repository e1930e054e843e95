import type { AnswerBuffers } from './answer-buffers.ts';

/** The most one service answer may be: a 100,000-product page set is far below it. */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export class ResponseTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the answer is larger than ${Math.round(limit / (1024 * 1024))} MiB; refused without reading the rest`);
    this.name = 'ResponseTooLargeError';
  }
}

/**
 * A response body's bytes, read as a stream and abandoned as soon as it
 * passes `limit` bytes (a declared Content-Length over the limit is refused
 * before reading anything), so a hostile or broken service cannot fill the
 * till's memory. A page waiting its turn is held as these bytes: UTF-8 is
 * half the size of the two-byte string an Arabic menu's text makes.
 */
export async function readCappedBytes(response: Response, limit = MAX_RESPONSE_BYTES, buffers?: AnswerBuffers): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(limit);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  // Kept as bytes, decoded once by the caller: decoding chunk by chunk builds a rope of small strings that
  // JSON.parse then flattens into a copy, holding both at once (a 100k pull's peak memory, issue 12).
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(limit);
    }
    chunks.push(value);
  }
  if (!buffers) return Buffer.concat(chunks, size);
  const bytes = buffers.take(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
