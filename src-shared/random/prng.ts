/**
 * A small seeded PRNG (mulberry32): the demo tenant, generated catalogs,
 * tokens and fault draws all come from a seed, so a run can be repeated
 * exactly. Not for anything secret.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** An unsigned 32-bit integer. */
  uint32(): number;
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const uint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    uint32,
    next: () => uint32() / 4294967296,
    int: (min, max) => min + Math.floor((uint32() / 4294967296) * (max - min + 1)),
  };
}

/** Derives an independent stream from a seed, so drawing more for one purpose does not shift another. */
export function deriveSeed(seed: number, purpose: string): number {
  let hash = 2166136261 ^ (seed >>> 0);
  for (let i = 0; i < purpose.length; i++) hash = Math.imul(hash ^ purpose.charCodeAt(i), 16777619);
  return hash >>> 0;
}
