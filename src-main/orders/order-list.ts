import type { OrderSummary } from '../../src-shared/till/index.ts';
import { all, q, type TillDatabase } from '../db/index.ts';

/** An order as `pos orders` lists it: the summary and, when refused, why. */
export interface OrderListing extends OrderSummary {
  /** The service's errors, field → messages, when it rejected the order. */
  rejection: unknown;
}

function summaries() {
  return q
    .selectFrom('orders as o')
    .innerJoin('outbox as x', 'x.order_uuid', 'o.uuid')
    .select(['o.uuid', 'o.number', 'o.kind', 'o.status', 'o.type', 'o.total', 'o.created_at', 'x.state as upload_state', 'x.last_error as upload_error'])
    .$narrowType<Pick<OrderSummary, 'status' | 'type'>>();
}

/** The till's orders, newest first, one page (the order history screen). */
export function latestOrders(db: TillDatabase, limit: number, offset: number): OrderSummary[] {
  return all(db, summaries().orderBy('o.seq', 'desc').limit(limit).offset(offset));
}

/** Every local order, oldest first, with its rejection (`pos orders`). */
export function allOrders(db: TillDatabase): OrderListing[] {
  const rows = all(db, summaries().select('x.rejection').orderBy('o.seq'));
  return rows.map((row) => ({ ...row, rejection: row.rejection === null ? null : JSON.parse(row.rejection) }));
}
