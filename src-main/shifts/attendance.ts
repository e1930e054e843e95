import { formatMinor } from '../../src-shared/money/index.ts';
import type { ShiftReport } from '../../src-shared/shifts/index.ts';
import { isAtLeast, type ApiVersion } from '../../src-shared/api-version.ts';

export interface AttendanceContext {
  marketId: string;
  branchId: string;
  cashierId: string;
  /** The currency's places (the catalog's currencyDecimals): 3 for KWD, BHD, OMR. */
  decimals: number;
}

/**
 * A closed shift as the service's Attendance object, in the canonical
 * (newest) member names: `close_*` from 2.1.0. The spec shows the renamed
 * members only, so the rest of the body is this project's choice.
 */
export function attendanceBody(report: ShiftReport, context: AttendanceContext): Record<string, unknown> {
  const money = (minor: number) => formatMinor(minor, context.decimals);
  return {
    uuid: report.shift_id,
    market_id: context.marketId,
    branch_id: context.branchId,
    cashier_id: context.cashierId,
    cashier: report.cashier,
    business_day: report.business_day,
    start_at: report.opened_at,
    start_cash: money(report.float),
    close_at: report.closed_at,
    close_cash: report.cash_counted === null ? null : money(report.cash_counted),
    close_schedule_at: null,
    expected_cash: money(report.cash_expected),
    over_short: report.over_short === null ? null : money(report.over_short),
    cash_in: money(report.cash_in),
    cash_out: money(report.cash_out),
    orders_count: report.orders,
    gross: money(report.gross),
    discounts: money(report.discounts),
    refunds: money(report.refunds),
    net: money(report.net),
    vat: money(report.vat),
    payment_stats: report.by_payment_method.map((m) => ({ payment_method_key: m.key, total: money(m.amount), count: m.count })),
    category_stats: report.by_category.map((c) => ({ category_id: Number(c.key), total: money(c.amount), count: c.count })),
  };
}

const RENAMED_IN_2_1_0: Record<string, string> = { close_at: 'end_at', close_cash: 'end_cash', close_schedule_at: 'end_schedule_at' };

/** The body with the member names of `apiVersion`: `end_*` before 2.1.0 (spec, "Attendance"). */
export function attendanceForVersion(body: Record<string, unknown>, apiVersion: ApiVersion): Record<string, unknown> {
  if (isAtLeast(apiVersion, '2.1.0')) return body;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [RENAMED_IN_2_1_0[key] ?? key, value]));
}
