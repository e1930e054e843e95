import { randomFillSync } from 'node:crypto';

/**
 * A UUID whose first 48 bits are the time in milliseconds (RFC 9562's
 * version 7) and the other 74 random: as unique as a random (version 4) one,
 * but one made after another sorts after it. An order's uuid is the key of
 * orders' uuid index, and phase 2's documents are indexed by it twice: a
 * random key lands on a page anywhere in each index (a page written, split
 * now and then, in every sale), a time-ordered one on the page the last sale
 * wrote (issue 37 item 2, docs/performance.md).
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const bytes = randomFillSync(new Uint8Array(16));
  let ms = Math.max(0, Math.floor(now));
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (bytes[6]! & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // the RFC's variant
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
