import { randomUUID } from 'node:crypto';

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
  // A random (version 4) UUID's last 74 random bits and its variant, behind the time and the version 7 nibble:
  // Node hands those out from a pool it fills in bulk, where filling 16 bytes at each call cost a call into the
  // random source per sale.
  const random = randomUUID();
  const ms = Math.max(0, Math.floor(now)).toString(16).padStart(12, '0').slice(-12);
  return `${ms.slice(0, 8)}-${ms.slice(8)}-7${random.slice(15)}`;
}
