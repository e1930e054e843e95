import { z } from 'zod';
import { approvalInput } from '../shifts/index.ts';

/** What can be sold out (issue 34 item 6): a whole product, or one option (modifier) of one. */
export const SOLD_OUT_KINDS = ['product', 'modifier'] as const;
export type SoldOutKind = (typeof SOLD_OUT_KINDS)[number];

/** One mark as every screen lists it: what, its names, and who marked it when. */
export interface SoldOutView {
  kind: SoldOutKind;
  id: string;
  /** The product itself, or the product the option belongs to. */
  product_id: string;
  name_en: string;
  name_ar: string;
  marked_at: number;
  /** Who marked it: the cashier signed in, a kitchen display's station, or the pos command. */
  marked_by: string;
}

const soldOutItem = z.object({
  kind: z.enum(SOLD_OUT_KINDS),
  id: z.string({ error: 'an id' }).min(1, 'not empty').max(200, 'at most 200 characters'),
  approval: approvalInput,
});

/** Inputs of the sold-out methods; a manager's PIN rides along from a paired counter. */
export const soldOutInputs = { markSoldOut: soldOutItem, markBack: soldOutItem } as const;
