import { z } from 'zod';
import { PROMOTION_SOURCES } from './applied-promotion.ts';

/** A code as a cashier types it or a scanner sends it: printable, no spaces inside, at most 64 characters. */
const code = z
  .string({ error: 'a code' })
  .trim()
  .min(1, 'not empty')
  .max(64, 'at most 64 characters')
  .regex(/^[\p{L}\p{N}._\-#/+]+$/u, 'letters, digits and . _ - # / + only');

export const promotionInputs = {
  /** Checks a coupon or reward code with the service and applies its discount to this screen's cart. */
  applyCode: z.object({ source: z.enum(PROMOTION_SOURCES), code }),
  /** Takes a coupon or reward off this screen's cart. */
  removeCode: z.object({ code }),
};
