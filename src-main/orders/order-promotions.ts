import { sql } from 'kysely';
import type { PromotionSource } from '../../src-shared/selling/index.ts';
import { param, prepared, q, type TillDatabase } from '../db/index.ts';

// The coupons and loyalty rewards of a sale (issue 35) are among its discounts (orders.discounts, JSON), each with its source and code.

const ORDER_WITH_CODE = prepared<{ source: PromotionSource; code: string }>()(
  q
    .selectFrom('orders')
    .select(['uuid', 'number'])
    .where('discounts', 'is not', null)
    .where(
      sql<boolean>`EXISTS (SELECT 1 FROM json_each(orders.discounts) WHERE json_extract(value, '$.source') = ${param<string>('source')} AND json_extract(value, '$.code') = ${param<string>('code')})`,
    )
    .orderBy('seq')
    .limit(1),
);

/** The first order this till gave `code` on (a reward is redeemed once), or null. */
export function orderWithPromotion(db: TillDatabase, source: PromotionSource, code: string): { uuid: string; number: string } | null {
  return ORDER_WITH_CODE.get(db, { source, code }) ?? null;
}
