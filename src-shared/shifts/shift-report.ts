import { sumMinor, type Minor } from '../money/index.ts';
import { CASH_METHOD_KEY, PAY_LATER_METHOD_KEY } from '../pricing/index.ts';
import type { CashMovementView, DayReport, MoneyBy, ShiftReport, StationDayLine } from './shift-views.ts';

/** One order of the shift as the report needs it (a refund has negative amounts). */
export interface ReportOrder {
  kind: 'SALE' | 'REFUND';
  cashier: string;
  subtotal: Minor;
  discount_total: Minor;
  tax: Minor;
  total: Minor;
  lines: { category_id: number; total: Minor }[];
}

/** One payment taken during the shift, whichever shift sold the order. */
export interface ReportPayment {
  method_key: string;
  amount: Minor;
}

/** The shift as stored: the report's header fields, its id, and the closing counts. */
export interface ReportShift extends Pick<
  ShiftReport,
  'station' | 'cashier' | 'business_day' | 'opened_at' | 'closed_at' | 'closed_by' | 'float' | 'cash_counted'
> {
  id: string;
  other_counts: Record<string, Minor> | null;
}

export interface ReportNames {
  methods: ReadonlyMap<string, { name_en: string; name_ar: string }>;
  categories: ReadonlyMap<number, { name_en: string; name_ar: string }>;
}

export interface ReportInput {
  shift: ReportShift;
  orders: readonly ReportOrder[];
  payments: readonly ReportPayment[];
  movements: readonly CashMovementView[];
  names: ReportNames;
  pendingUploads: number;
}

function group<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  amountOf: (item: T) => Minor,
  nameOf: (key: string) => { name_en: string; name_ar: string },
): MoneyBy[] {
  const totals = new Map<string, { amount: Minor; count: number }>();
  for (const item of items) {
    const key = keyOf(item);
    const entry = totals.get(key) ?? { amount: 0, count: 0 };
    entry.amount += amountOf(item);
    entry.count += 1;
    totals.set(key, entry);
  }
  return [...totals.entries()]
    .map(([key, { amount, count }]) => ({ key, ...nameOf(key), amount, count }))
    .sort((a, b) => b.amount - a.amount || a.key.localeCompare(b.key));
}

/** Σ of one amount over records, checked as sumMinor checks it (`where` names the figure in its error). */
const total = <T>(records: readonly T[], amount: (record: T) => Minor, where: string) => sumMinor(records.map(amount), where);

/**
 * The X/Z report of one shift, from its orders, the payments taken in it
 * and its cash movements. Every figure is a sum of stored integers: net is
 * Σ order totals, VAT Σ order tax, and cash expected is the float plus the
 * cash payments (refunds negative) plus cash in minus cash out.
 */
export function buildShiftReport(input: ReportInput): ShiftReport {
  const { shift, orders, payments, movements, names } = input;
  const sales = orders.filter((o) => o.kind === 'SALE');
  const refunds = orders.filter((o) => o.kind === 'REFUND');
  const byMethod = group(
    payments,
    (p) => p.method_key,
    (p) => p.amount,
    (key) => names.methods.get(key) ?? { name_en: key, name_ar: key },
  );
  const cashIn = total(
    movements.filter((m) => m.kind === 'IN'),
    (m) => m.amount,
    'cash in',
  );
  const cashOut = total(
    movements.filter((m) => m.kind === 'OUT'),
    (m) => m.amount,
    'cash out',
  );
  const cashTaken = byMethod.find((m) => m.key === CASH_METHOD_KEY)?.amount ?? 0;
  const cashExpected = shift.float + cashTaken + cashIn - cashOut;
  const other = Object.entries(shift.other_counts ?? {}).map(([key, counted]) => {
    const expected = byMethod.find((m) => m.key === key)?.amount ?? 0;
    return { key, expected, counted, over_short: counted - expected };
  });
  return {
    kind: shift.closed_at === null ? 'X' : 'Z',
    shift_id: shift.id,
    station: shift.station,
    cashier: shift.cashier,
    business_day: shift.business_day,
    opened_at: shift.opened_at,
    closed_at: shift.closed_at,
    closed_by: shift.closed_by,
    float: shift.float,
    orders: sales.length,
    refund_count: refunds.length,
    gross: total(sales, (o) => o.subtotal, 'gross'),
    discounts: total(sales, (o) => o.discount_total, 'discounts'),
    refunds: -total(refunds, (o) => o.total, 'refunds'),
    net: total(orders, (o) => o.total, 'net'),
    vat: total(orders, (o) => o.tax, 'vat'),
    unpaid: byMethod.find((m) => m.key === PAY_LATER_METHOD_KEY)?.amount ?? 0,
    by_payment_method: byMethod,
    by_category: group(
      orders.flatMap((o) => o.lines),
      (l) => String(l.category_id),
      (l) => l.total,
      (key) => names.categories.get(Number(key)) ?? { name_en: `#${key}`, name_ar: `#${key}` },
    ),
    by_cashier: group(
      orders,
      (o) => o.cashier,
      (o) => o.total,
      (key) => ({ name_en: key, name_ar: key }),
    ),
    cash_in: cashIn,
    cash_out: cashOut,
    cash_movements: [...movements],
    cash_expected: cashExpected,
    cash_counted: shift.cash_counted,
    over_short: shift.cash_counted === null ? null : shift.cash_counted - cashExpected,
    other_counts: other,
    pending_uploads: input.pendingUploads,
  };
}

/** Cash counted and over/short of some shifts: known only once every one of them was counted. */
function counted(reports: readonly ShiftReport[]): { cash_counted: Minor | null; over_short: Minor | null } {
  if (reports.length === 0 || reports.some((r) => r.cash_counted === null)) return { cash_counted: null, over_short: null };
  return { cash_counted: total(reports, (r) => r.cash_counted!, 'counted'), over_short: total(reports, (r) => r.over_short!, 'over/short') };
}

/** Each station's shifts added up, by station code (shifts from before stations last). */
function stationLines(reports: readonly ShiftReport[]): StationDayLine[] {
  const byStation = new Map<string | null, ShiftReport[]>();
  for (const report of reports) byStation.set(report.station, [...(byStation.get(report.station) ?? []), report]);
  return [...byStation.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([station, shifts]) => {
      const add = (pick: (r: ShiftReport) => Minor) => total(shifts, pick, `station ${station ?? '-'}`);
      return {
        station,
        shifts: shifts.length,
        orders: add((r) => r.orders),
        refund_count: add((r) => r.refund_count),
        net: add((r) => r.net),
        vat: add((r) => r.vat),
        cash_in: add((r) => r.cash_in),
        cash_out: add((r) => r.cash_out),
        cash_expected: add((r) => r.cash_expected),
        ...counted(shifts),
      };
    });
}

/** The business day: every station's shift reports added up, with each station's own lines. */
export function buildDayReport(businessDay: string, reports: readonly ShiftReport[], pendingUploads: number): DayReport {
  const add = (pick: (r: ShiftReport) => Minor) => total(reports, pick, 'day');
  const merge = (lists: MoneyBy[][]): MoneyBy[] => {
    const all = lists.flat();
    return group(
      all,
      (m) => m.key,
      (m) => m.amount,
      (key) => all.find((m) => m.key === key)!,
    ).map((m) => ({
      ...m,
      count: total(
        all.filter((x) => x.key === m.key),
        (x) => x.count,
        'count',
      ),
    }));
  };
  return {
    kind: 'DAY',
    business_day: businessDay,
    float: add((r) => r.float),
    orders: add((r) => r.orders),
    refund_count: add((r) => r.refund_count),
    gross: add((r) => r.gross),
    discounts: add((r) => r.discounts),
    refunds: add((r) => r.refunds),
    net: add((r) => r.net),
    vat: add((r) => r.vat),
    unpaid: add((r) => r.unpaid),
    by_payment_method: merge(reports.map((r) => r.by_payment_method)),
    by_category: merge(reports.map((r) => r.by_category)),
    by_cashier: merge(reports.map((r) => r.by_cashier)),
    cash_in: add((r) => r.cash_in),
    cash_out: add((r) => r.cash_out),
    cash_expected: add((r) => r.cash_expected),
    // The day's count is known only once every shift of it was counted.
    ...counted(reports),
    pending_uploads: pendingUploads,
    shifts: reports.map((r) => ({
      shift_id: r.shift_id,
      station: r.station,
      cashier: r.cashier,
      opened_at: r.opened_at,
      closed_at: r.closed_at,
      over_short: r.over_short,
    })),
    stations: stationLines(reports),
  };
}
