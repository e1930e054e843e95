import { formatMinor, type Minor } from '../money/index.ts';
import type { DayReport, MoneyBy, ShiftReport } from './shift-views.ts';

/** Amounts as decimal strings with the currency's places (`decimals`: 2, or 3 for KWD). */
const moneyIn = (decimals: number) => (minor: Minor | null) => (minor === null ? null : formatMinor(minor, decimals));
const byKey = (list: MoneyBy[], decimals: number) => Object.fromEntries(list.map((m) => [m.key, formatMinor(m.amount, decimals)]));
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The figures a shift report and a business-day report share, in the order both print them. */
function totalsJson(report: ShiftReport | DayReport, decimals: number) {
  const money = moneyIn(decimals);
  return {
    float: money(report.float),
    orders: report.orders,
    refund_count: report.refund_count,
    gross: money(report.gross),
    discounts: money(report.discounts),
    refunds: money(report.refunds),
    net: money(report.net),
    vat: money(report.vat),
    unpaid: money(report.unpaid),
    by_payment_method: byKey(report.by_payment_method, decimals),
    by_category: Object.fromEntries(report.by_category.map((m) => [m.name_en, formatMinor(m.amount, decimals)])),
    by_cashier: byKey(report.by_cashier, decimals),
    cash_in: money(report.cash_in),
    cash_out: money(report.cash_out),
  };
}

/** The X/Z report as `pos shift report --json` and `close --json` print it: money as strings with the currency's places, times ISO 8601. */
export function shiftReportJson(report: ShiftReport, decimals = 2) {
  const money = moneyIn(decimals);
  return {
    kind: report.kind,
    shift_id: report.shift_id,
    station: report.station,
    cashier: report.cashier,
    business_day: report.business_day,
    opened_at: iso(report.opened_at),
    closed_at: iso(report.closed_at),
    closed_by: report.closed_by,
    ...totalsJson(report, decimals),
    cash_movements: report.cash_movements.map((m) => ({
      kind: m.kind,
      amount: formatMinor(m.amount, decimals),
      reason: m.reason,
      cashier: m.cashier,
      at: iso(m.created_at),
    })),
    cash_expected: money(report.cash_expected),
    cash_counted: money(report.cash_counted),
    over_short: money(report.over_short),
    other_counts: Object.fromEntries(
      report.other_counts.map((c) => [
        c.key,
        { expected: formatMinor(c.expected, decimals), counted: formatMinor(c.counted, decimals), over_short: formatMinor(c.over_short, decimals) },
      ]),
    ),
    pending_uploads: report.pending_uploads,
  };
}

export function dayReportJson(report: DayReport, decimals = 2) {
  const money = moneyIn(decimals);
  return {
    kind: report.kind,
    business_day: report.business_day,
    shifts: report.shifts.map((s) => ({
      shift_id: s.shift_id,
      station: s.station,
      cashier: s.cashier,
      opened_at: iso(s.opened_at),
      closed_at: iso(s.closed_at),
      over_short: money(s.over_short),
    })),
    ...totalsJson(report, decimals),
    cash_expected: money(report.cash_expected),
    cash_counted: money(report.cash_counted),
    over_short: money(report.over_short),
    pending_uploads: report.pending_uploads,
    stations: report.stations.map((line) => ({
      station: line.station,
      shifts: line.shifts,
      orders: line.orders,
      refund_count: line.refund_count,
      net: money(line.net),
      vat: money(line.vat),
      cash_in: money(line.cash_in),
      cash_out: money(line.cash_out),
      cash_expected: money(line.cash_expected),
      cash_counted: money(line.cash_counted),
      over_short: money(line.over_short),
    })),
  };
}
