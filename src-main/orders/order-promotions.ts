import type { PricedPromotion, PromotionSource } from '../../src-shared/selling/index.ts';
import { jsonList, param, prepared, q, type TillDatabase } from '../db/index.ts';

// The coupons and loyalty rewards of a sale (issue 35; migration order_promotions), written in the order's own transaction.

const INSERT = prepared<{
  order_uuid: string;
  position: number;
  source: PromotionSource;
  code: string;
  discount_id: string | null;
  name_en: string | null;
  name_ar: string | null;
  kind: 'PERCENT' | 'AMOUNT';
  value: number;
  max_amount: number | null;
  amount: number;
  verified: 0 | 1;
}>()(
  q.insertInto('order_promotions').values({
    order_uuid: param('order_uuid'),
    position: param('position'),
    source: param('source'),
    code: param('code'),
    discount_id: param('discount_id'),
    name_en: param('name_en'),
    name_ar: param('name_ar'),
    kind: param('kind'),
    value: param('value'),
    max_amount: param('max_amount'),
    amount: param('amount'),
    verified: param('verified'),
  }),
);

const READ = prepared<{ uuids: string }>()(
  q.selectFrom('order_promotions').selectAll().where('order_uuid', 'in', jsonList('uuids')).orderBy('order_uuid').orderBy('position'),
);

const ORDER_WITH_CODE = prepared<{ source: PromotionSource; code: string }>()(
  q
    .selectFrom('order_promotions')
    .innerJoin('orders', 'orders.uuid', 'order_promotions.order_uuid')
    .select(['orders.uuid', 'orders.number'])
    .where('order_promotions.source', '=', param<PromotionSource>('source'))
    .where('order_promotions.code', '=', param<string>('code'))
    .orderBy('orders.seq')
    .limit(1),
);

/** Called inside insertOrder's transaction. */
export function insertOrderPromotions(db: TillDatabase, orderUuid: string, promotions: readonly PricedPromotion[]): void {
  promotions.forEach((p, position) =>
    INSERT.run(db, {
      order_uuid: orderUuid,
      position,
      source: p.source,
      code: p.code,
      discount_id: p.discount_id,
      name_en: p.name_en,
      name_ar: p.name_ar,
      kind: p.kind,
      value: p.value,
      max_amount: p.max_amount,
      amount: p.amount,
      verified: p.verified ? 1 : 0,
    }),
  );
}

/** Each order's promotions, by order uuid (orders without any are absent). */
export function readOrderPromotions(db: TillDatabase, uuids: readonly string[]): Map<string, PricedPromotion[]> {
  const byOrder = new Map<string, PricedPromotion[]>();
  for (const row of READ.all(db, { uuids: JSON.stringify(uuids) })) {
    const promotion: PricedPromotion = {
      source: row.source,
      code: row.code,
      discount_id: row.discount_id,
      name_en: row.name_en,
      name_ar: row.name_ar,
      kind: row.kind,
      value: row.value,
      max_amount: row.max_amount,
      amount: row.amount,
      verified: row.verified === 1,
    };
    (byOrder.get(row.order_uuid) ?? byOrder.set(row.order_uuid, []).get(row.order_uuid)!).push(promotion);
  }
  return byOrder;
}

/** The first order this till gave `code` on (a reward is redeemed once), or null. */
export function orderWithPromotion(db: TillDatabase, source: PromotionSource, code: string): { uuid: string; number: string } | null {
  return ORDER_WITH_CODE.get(db, { source, code }) ?? null;
}
