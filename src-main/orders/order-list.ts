import { sql } from 'kysely';
import type { OrderFilter, OrderSummary } from '../../src-shared/selling/index.ts';
import { all, jsonList, prepared, q, type TillDatabase } from '../db/index.ts';
import { cashierNames } from '../staff/index.ts';
import { seqsOf } from './order-store.ts';

type SummaryRow = Omit<OrderSummary, 'cashier' | 'methods'>;

/** An order as `pos orders` lists it: the summary and, when refused, why. */
export interface OrderListing extends SummaryRow {
  /** The service's errors, field → messages, when it rejected the order. */
  rejection: unknown;
}

/** What the order history asks for: one page, narrowed by a search and a filter. */
export interface OrderQuery {
  limit: number;
  offset: number;
  /** Part of an order number, or an amount ("38", "38.5", "38.50") matched against totals either sign. */
  search: string;
  filter: OrderFilter;
  /** The open shift, for the "this shift" filter (none open: that filter finds nothing). */
  shiftId: string | null;
}

function summaries() {
  return q
    .selectFrom('orders as o')
    .innerJoin('outbox as x', 'x.enqueued_seq', 'o.seq')
    .select(['o.uuid', 'o.number', 'o.kind', 'o.status', 'o.type', 'o.total', 'o.created_at', 'x.state as upload_state', 'x.last_error as upload_error'])
    .$narrowType<Pick<OrderSummary, 'status' | 'type'>>();
}

/** "38", "38.5" or "38.50" (Arabic-Indic digits too) as halalas; null when the text is not an amount. */
function amountOf(text: string): number | null {
  const western = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace('٫', '.');
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(western);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const PAYMENT_METHODS = prepared<{ uuids: string }>()(
  q.selectFrom('order_payments').select(['order_uuid', 'method_key']).where('order_seq', 'in', seqsOf('uuids')).orderBy('order_uuid').orderBy('position'),
);

const CASHIERS = prepared<{ uuids: string }>()(q.selectFrom('orders').select(['uuid', 'cashier_id']).where('uuid', 'in', jsonList('uuids')));

/** The till's orders, newest first, one page (the order history screen), with who rang each up and its tenders. */
export function latestOrders(db: TillDatabase, query: OrderQuery): OrderSummary[] {
  let list = summaries();
  const search = query.search.trim();
  if (search !== '') {
    const amount = amountOf(search);
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    list = list.where((eb) =>
      eb.or([eb('o.number', 'like', sql<string>`${like} ESCAPE '\\'`), ...(amount === null ? [] : [eb('o.total', '=', amount), eb('o.total', '=', -amount)])]),
    );
  }
  if (query.filter === 'unpaid') list = list.where('o.status', '=', 'UNPAID');
  else if (query.filter === 'refunds') list = list.where((eb) => eb.or([eb('o.kind', '=', 'REFUND'), eb('o.status', '=', 'REFUNDED')]));
  else if (query.filter === 'pending') list = list.where('x.state', '=', 'pending');
  else if (query.filter === 'shift') list = list.where('o.shift_id', '=', query.shiftId ?? '');
  const rows: SummaryRow[] = all(db, list.orderBy('o.seq', 'desc').limit(query.limit).offset(query.offset));
  if (rows.length === 0) return [];

  const uuids = { uuids: JSON.stringify(rows.map((r) => r.uuid)) };
  const methodsOf = new Map<string, string[]>();
  for (const p of PAYMENT_METHODS.all(db, uuids)) {
    const methods = methodsOf.get(p.order_uuid) ?? methodsOf.set(p.order_uuid, []).get(p.order_uuid)!;
    if (!methods.includes(p.method_key)) methods.push(p.method_key);
  }
  const cashierOf = new Map(CASHIERS.all(db, uuids).map((r) => [r.uuid, r.cashier_id]));
  const names = cashierNames(db, cashierOf.values());
  return rows.map((row) => {
    const id = cashierOf.get(row.uuid) ?? null;
    return { ...row, cashier: id === null ? null : (names.get(id) ?? null), methods: methodsOf.get(row.uuid) ?? [] };
  });
}

/** Every local order, oldest first, with its rejection (`pos orders`). */
export function allOrders(db: TillDatabase): OrderListing[] {
  const rows = all(db, summaries().select('x.rejection').orderBy('o.seq'));
  return rows.map((row) => ({ ...row, rejection: row.rejection === null ? null : JSON.parse(row.rejection) }));
}
