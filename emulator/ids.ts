import type { Prng } from '../src-shared/random/index.ts';

const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
const VARIANTS = Buffer.from('89ab', 'latin1');

/**
 * Version-4-shaped UUIDs drawn from a seeded PRNG: deterministic ids that
 * look like the service's. Written into a byte buffer and decoded once, so
 * each id is one flat 36-byte string (a concatenated one would be a rope of
 * small pieces, several times larger on a 100,000-product catalog).
 */
export function createUuidFactory(prng: Prng): () => string {
  const bytes = Buffer.alloc(36, 0x2d); // '-'
  const put = (at: number, value: number, digits: number) => {
    for (let i = digits - 1; i >= 0; i--) {
      bytes[at + i] = HEX_DIGITS[value & 0xf]!;
      value >>>= 4;
    }
  };
  return () => {
    put(0, prng.uint32(), 8);
    const b = prng.uint32();
    put(9, b >>> 16, 4);
    bytes[14] = 0x34; // '4': version
    put(15, b, 3);
    const c = prng.uint32();
    bytes[19] = VARIANTS[c >>> 30]!;
    put(20, c, 3);
    put(24, prng.uint32() >>> 16, 4);
    put(28, prng.uint32(), 8);
    return bytes.toString('latin1');
  };
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
