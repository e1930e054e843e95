import type { OrderSummary } from '../../src-shared/till/index.ts';
import { statement, type TillDatabase } from '../db/index.ts';

/** An order as `pos orders` lists it: the summary and, when refused, why. */
export interface OrderListing extends OrderSummary {
  /** The service's errors, field → messages, when it rejected the order. */
  rejection: unknown;
}

const SUMMARY = `o.uuid, o.number, o.kind, o.status, o.type, o.total, o.created_at,
  x.state AS upload_state, x.last_error AS upload_error`;

/** The till's orders, newest first, one page (the order history screen). */
export function latestOrders(db: TillDatabase, limit: number, offset: number): OrderSummary[] {
  return statement(db, `SELECT ${SUMMARY} FROM orders o JOIN outbox x ON x.order_uuid = o.uuid ORDER BY o.seq DESC LIMIT ? OFFSET ?`).all(
    limit,
    offset,
  ) as OrderSummary[];
}

/** Every local order, oldest first, with its rejection (`pos orders`). */
export function allOrders(db: TillDatabase): OrderListing[] {
  const rows = statement(db, `SELECT ${SUMMARY}, x.rejection FROM orders o JOIN outbox x ON x.order_uuid = o.uuid ORDER BY o.seq`).all() as (OrderSummary & {
    rejection: string | null;
  })[];
  return rows.map((row) => ({ ...row, rejection: row.rejection === null ? null : JSON.parse(row.rejection) }));
}
