import type { Discount } from '../../src-shared/pricing/index.ts';

/** What the discount fields hold: a discount (or none) ready to send, or text that is not one yet. */
export type DiscountResult = { ok: true; discount: Discount | null } | { ok: false };
