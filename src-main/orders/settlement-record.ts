import { formatMinor } from '../../src-shared/money/index.ts';
import { all, q, type TillDatabase } from '../db/index.ts';
import { cashierNames } from '../staff/index.ts';

/** A settle-later payment as its own record (record_outbox kind 'settlement'): the uuid is the service's idempotency key. */
export interface SettlementBody {
  uuid: string;
  order_uuid: string;
  order_number: string;
  paid_at: number;
  cashier: string | null;
  shift_id: string | null;
  /** What paid the order, two-place strings; the PAY_LATER row that the payment cleared stays local. */
  payments: { payment_method_key: string; amount: string }[];
}

interface Row {
  order_uuid: string;
  number: string;
  method_key: string;
  amount: number;
  paid_at: number;
  shift_id: string | null;
  cashier: string | null;
}

/** The record for the payment rows marked with `settlementUuid` (order-store.ts settleOrder), read inside the settling transaction. */
/** `decimals`: the currency's places (the catalog's currencyDecimals), as the order's own upload. */
export function settlementBody(db: TillDatabase, settlementUuid: string, payLaterKey: string, decimals: number): SettlementBody {
  const paid = all(
    db,
    q
      .selectFrom('order_payments as p')
      .innerJoin('orders as o', 'o.seq', 'p.order_seq')
      .select(['p.order_uuid', 'o.number', 'p.method_key', 'p.amount', 'p.paid_at', 'p.shift_id', 'p.cashier_id'])
      .where('p.settlement_uuid', '=', settlementUuid)
      .orderBy('p.position')
      // Rows marked with a settlement uuid are later payments: settleOrder always sets paid_at on them.
      .$narrowType<{ paid_at: number }>(),
  );
  const names = cashierNames(
    db,
    paid.map((row) => row.cashier_id),
  );
  const rows = paid.map(({ cashier_id, ...row }): Row => ({ ...row, cashier: cashier_id === null ? null : (names.get(cashier_id) ?? null) }));
  const first = rows[0];
  if (!first) throw new Error(`no payment belongs to settlement ${settlementUuid}`);
  return {
    uuid: settlementUuid,
    order_uuid: first.order_uuid,
    order_number: first.number,
    paid_at: first.paid_at,
    cashier: first.cashier,
    shift_id: first.shift_id,
    payments: rows
      .filter((row) => row.method_key !== payLaterKey)
      .map((row) => ({ payment_method_key: row.method_key, amount: formatMinor(row.amount, decimals) })),
  };
}
