import type { Prng } from './prng.ts';

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hex32(value: number): string {
  return HEX[(value >>> 24) & 0xff]! + HEX[(value >>> 16) & 0xff]! + HEX[(value >>> 8) & 0xff]! + HEX[value & 0xff]!;
}

/** Version-4-shaped UUIDs drawn from a seeded PRNG: deterministic ids that look like the service's. */
export function createUuidFactory(prng: Prng): () => string {
  return () => {
    const a = hex32(prng.uint32());
    const b = hex32(prng.uint32());
    const c = hex32(prng.uint32());
    const d = hex32(prng.uint32());
    const variant = '89ab'[prng.uint32() & 3]!;
    return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
  };
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
