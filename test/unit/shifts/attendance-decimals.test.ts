import { describe, expect, it } from 'vitest';
import { attendanceBody } from '../../../src-main/shifts/index.ts';
import type { ShiftReport } from '../../../src-shared/shifts/index.ts';

// Issue 19, part 6: a closed shift goes to the service in the currency's own
// places, as its orders do (3 for KWD: 12.345, never 123.45).
const report = {
  shift_id: 'shift-1',
  cashier: 'Mona',
  business_day: '2026-11-25',
  opened_at: 1,
  closed_at: 2,
  float: 12_345,
  cash_counted: 20_000,
  cash_expected: 20_005,
  over_short: -5,
  cash_in: 1_000,
  cash_out: 500,
  orders: 3,
  gross: 8_005,
  discounts: 0,
  refunds: 0,
  net: 8_005,
  vat: 1_044,
  by_payment_method: [{ key: 'CASH', amount: 8_005, count: 3 }],
  by_category: [{ key: '1', amount: 8_005, count: 3 }],
} as unknown as ShiftReport;

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
