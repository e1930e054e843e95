import { z } from 'zod';
import { isCleanText } from '../text/index.ts';
import { PROMOTION_SOURCES } from './applied-promotion.ts';

/**
 * The longest code taken: the contract states no limit (a chain's codes may
 * carry spaces, `=` or `@`, an app's QR reward a long token), so this only
 * bounds memory, as names are bounded (docs/decisions.md).
 */
export const MAX_CODE_CHARS = 2_000;

/** A code as a cashier types it or a scanner sends it: trimmed, one line, no control or direction characters. */
const code = z
  .string({ error: 'a code' })
  .trim()
  .min(1, 'not empty')
  .max(MAX_CODE_CHARS, `at most ${MAX_CODE_CHARS} characters`)
  .refine((value) => isCleanText(value), 'one line, without control characters');

const id = z.string({ error: 'an id' }).min(1, 'not empty').max(200, 'at most 200 characters');
const version = z.number({ error: 'the tab version this screen saw' }).int('a whole number').min(1, 'at least 1');

export const promotionInputs = {
  /** Checks a coupon or reward code with the service and applies its discount to this screen's cart. */
  applyCode: z.object({ source: z.enum(PROMOTION_SOURCES), code }),
  /** Takes a coupon or reward off this screen's cart. */
  removeCode: z.object({ code }),
  /** The same for a table's open tab (issue 35): a change of the tab, naming the version the screen saw. */
  applyTabCode: z.object({ tab_id: id, version, source: z.enum(PROMOTION_SOURCES), code }),
  removeTabCode: z.object({ tab_id: id, version, code }),
};
