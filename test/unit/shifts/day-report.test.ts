import { describe, expect, it } from 'vitest';
import { buildDayReport, buildShiftReport, type ReportInput, type ReportShift } from '../../../src-shared/shifts/index.ts';

const names = { methods: new Map([['CASH', { name_en: 'Cash', name_ar: 'نقد' }]]), categories: new Map() };

function shiftReport(id: string, shift: Partial<ReportShift>, sale: number) {
  const input: ReportInput = {
    shift: {
      id,
      station: null,
      cashier: id,
      business_day: '2026-11-25',
      opened_at: 0,
      closed_at: null,
      closed_by: null,
      float: 1000,
      cash_counted: null,
      other_counts: null,
      ...shift,
    },
    orders: [{ kind: 'SALE', cashier: id, subtotal: sale, discount_total: 0, tax: 0, total: sale, lines: [{ category_id: 1, total: sale }] }],
    payments: [{ method_key: 'CASH', amount: sale }],
    movements: [{ id: `${id}-in`, kind: 'IN', amount: 50, reason: 'change', cashier: id, created_at: 0 }],
    names,
    pendingUploads: 0,
  };
  return buildShiftReport(input);
}

describe('the day report', () => {
  it("adds up its shifts' figures and merges their breakdowns", () => {
    const day = buildDayReport('2026-11-25', [shiftReport('a', {}, 700), shiftReport('b', {}, 300)], 2);
    expect(day).toMatchObject({ kind: 'DAY', float: 2000, orders: 2, gross: 1000, net: 1000, cash_in: 100, cash_expected: 3100, pending_uploads: 2 });
    expect(day.by_payment_method).toEqual([expect.objectContaining({ key: 'CASH', amount: 1000, count: 2 })]);
  });

  it('knows the counted cash and over/short only once every shift was counted', () => {
    const closed = { closed_at: 1, closed_by: 'm' };
    const a = shiftReport('a', { ...closed, cash_counted: 1740 }, 700);
    const open = shiftReport('b', {}, 300);
    expect(buildDayReport('2026-11-25', [a, open], 0)).toMatchObject({ cash_counted: null, over_short: null });
    const b = shiftReport('b', { ...closed, cash_counted: 1350 }, 300);
    expect(buildDayReport('2026-11-25', [a, b], 0)).toMatchObject({ cash_counted: 3090, over_short: -10 });
    expect(buildDayReport('2026-11-25', [], 0)).toMatchObject({ cash_counted: null, over_short: null, gross: 0 });
  });

  it('shows each station beside the branch total, and the stations add up to it', () => {
    const closed = { closed_at: 1, closed_by: 'm' };
    const a1 = shiftReport('a1', { station: 'A', ...closed, cash_counted: 1750 }, 700);
    const a2 = shiftReport('a2', { station: 'A' }, 100);
    const b = shiftReport('b', { station: 'B', ...closed, cash_counted: 1340 }, 300);
    const day = buildDayReport('2026-11-25', [b, a1, a2], 0);
    expect(day.stations).toEqual([
      {
        station: 'A',
        shifts: 2,
        orders: 2,
        refund_count: 0,
        net: 800,
        vat: 0,
        cash_in: 100,
        cash_out: 0,
        cash_expected: 2900,
        cash_counted: null,
        over_short: null,
      },
      {
        station: 'B',
        shifts: 1,
        orders: 1,
        refund_count: 0,
        net: 300,
        vat: 0,
        cash_in: 50,
        cash_out: 0,
        cash_expected: 1350,
        cash_counted: 1340,
        over_short: -10,
      },
    ]);
    expect(day.stations.reduce((sum, line) => sum + line.net, 0)).toBe(day.net);
    expect(day.stations.reduce((sum, line) => sum + line.cash_expected, 0)).toBe(day.cash_expected);
    expect(day.shifts.map((s) => [s.shift_id, s.station])).toEqual([
      ['b', 'B'],
      ['a1', 'A'],
      ['a2', 'A'],
    ]);
  });
});
