import { describe, expect, it } from 'vitest';
import { attendanceBody } from '../../../src-main/shifts/index.ts';
import { composeShiftReport } from '../../../src-main/printing/index.ts';
import { shiftReportJson, type ShiftReport } from '../../../src-shared/shifts/index.ts';

// Issue 19, part 6: a shift's money is written in the currency's own places
// (3 for KWD: 12.345, never 123.45) on the way to the service, on paper and
// in `pos shift --json`, as its orders are.
const report: ShiftReport = {
  kind: 'Z',
  shift_id: 'shift-1',
  station: 'A',
  cashier: 'Mona',
  business_day: '2026-11-25',
  opened_at: 1,
  closed_at: 2,
  closed_by: 'Mona',
  float: 12_345,
  orders: 3,
  refund_count: 0,
  gross: 8_005,
  discounts: 0,
  refunds: 0,
  net: 8_005,
  vat: 1_044,
  unpaid: 0,
  by_payment_method: [{ key: 'CASH', name_en: 'Cash', name_ar: 'نقدي', amount: 8_005, count: 3 }],
  by_category: [{ key: '1', name_en: 'Coffee', name_ar: 'قهوة', amount: 8_005, count: 3 }],
  by_cashier: [],
  cash_in: 1_000,
  cash_out: 500,
  cash_movements: [],
  cash_expected: 20_005,
  cash_counted: 20_000,
  over_short: -5,
  other_counts: [],
  pending_uploads: 0,
};

describe('the attendance record', () => {
  it('writes every amount with the currency’s places', () => {
    const body = attendanceBody(report, { marketId: 'm', branchId: 'b', cashierId: 'c', decimals: 3 });
    expect(body).toMatchObject({
      start_cash: '12.345',
      close_cash: '20.000',
      expected_cash: '20.005',
      over_short: '-0.005',
      cash_in: '1.000',
      cash_out: '0.500',
      gross: '8.005',
      vat: '1.044',
      payment_stats: [{ payment_method_key: 'CASH', total: '8.005', count: 3 }],
    });
    expect(attendanceBody(report, { marketId: 'm', branchId: 'b', cashierId: 'c', decimals: 2 })).toMatchObject({ start_cash: '123.45', gross: '80.05' });
  });
});

describe('the X and Z reports', () => {
  it('print and export every amount with the currency’s places', () => {
    const printed = JSON.stringify(composeShiftReport(report, 3));
    expect(printed).toContain('"8.005"');
    expect(printed).toContain('"1.044"');
    expect(printed).not.toContain('"80.05"');
    expect(shiftReportJson(report, 3)).toMatchObject({ float: '12.345', net: '8.005', by_payment_method: { CASH: '8.005' } });
  });
});
