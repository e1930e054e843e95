/** The most one service answer may be: a 100,000-product page set is far below it. */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export class ResponseTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the answer is larger than ${Math.round(limit / (1024 * 1024))} MiB; refused without reading the rest`);
    this.name = 'ResponseTooLargeError';
  }
}

/**
 * A response body as text, read as a stream and abandoned as soon as it
 * passes `limit` bytes (a declared Content-Length over the limit is refused
 * before reading anything), so a hostile or broken service cannot fill the
 * till's memory.
 */
export async function readCappedBody(response: Response, limit = MAX_RESPONSE_BYTES): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(limit);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(limit);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
