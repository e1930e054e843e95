export { createPrng, deriveSeed, type Prng } from './prng.ts';
