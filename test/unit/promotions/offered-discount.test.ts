import { describe, expect, it } from 'vitest';
import { formatRewardDate, readOfferedDiscount, rewardCheckBody } from '../../../src-main/promotions/index.ts';

// The Verify and check_reward answers are not shown by the contract: read tolerantly, and never guessed into a discount.
describe('reading a coupon or reward answer', () => {
  it('reads the shapes a service plausibly sends', () => {
    expect(
      readOfferedDiscount({ meta: { code: 200, status: 'success' }, data: { id: 'd1', discount_type: 'percentage', value: '10', name_en: 'Ten' } }, 2),
    ).toEqual({
      kind: 'offered',
      offer: { kind: 'PERCENT', value: 1000, max_amount: null, discount_id: 'd1', name_en: 'Ten', name_ar: null },
    });
    expect(readOfferedDiscount({ valid: true, reward: { type: 'fixed', amount: 5.5, max_discount: '20' } }, 2)).toMatchObject({
      kind: 'offered',
      offer: { kind: 'AMOUNT', value: 550, max_amount: 2000 },
    });
    expect(readOfferedDiscount({ data: { discount: { percentage: 12.5 } } }, 3)).toMatchObject({ offer: { kind: 'PERCENT', value: 1250 } });
    expect(readOfferedDiscount({ data: { type: 'amount', value: '1.250' } }, 3)).toMatchObject({ offer: { kind: 'AMOUNT', value: 1250 } });
    expect(readOfferedDiscount({ data: { amount: '7.5' } }, 2)).toMatchObject({ offer: { kind: 'AMOUNT', value: 750 } });
  });

  it('takes a stated refusal as a refusal, with the service’s words', () => {
    expect(readOfferedDiscount({ valid: false, message: 'Reward already redeemed' }, 2)).toEqual({ kind: 'refused', message: 'Reward already redeemed' });
    expect(readOfferedDiscount({ data: { status: 'expired', value: 10, type: 'percentage' } }, 2)).toMatchObject({ kind: 'refused' });
    expect(readOfferedDiscount({ meta: { status: 'error', message: 'No' }, data: null }, 2)).toEqual({ kind: 'refused', message: 'No' });
  });

  it('gives nothing for an answer without a readable positive value', () => {
    for (const body of [
      null,
      [],
      'ok',
      {},
      { data: {} },
      { data: { value: 'ten' } },
      { data: { type: 'points', value: 10 } },
      { data: { value: 0 } },
      // No kind stated: 10 could be 10% or 10.00 off, so neither is guessed.
      { valid: true, data: { value: 10 } },
      { data: { discount: '5' } },
      { data: { type: 'percentage', value: 150 } },
    ])
      expect(readOfferedDiscount(body, 2)).toEqual({ kind: 'unreadable' });
  });
});

describe('the reward check request', () => {
  it('dates the check yyyy-MM-dd HH:mm:ss on the branch’s clock, and spells business_refrence as the contract does', () => {
    const at = Date.UTC(2026, 11, 31, 22, 5, 9);
    expect(formatRewardDate(at, 'Asia/Riyadh')).toBe('2027-01-01 01:05:09');
    expect(formatRewardDate(at, 'UTC')).toBe('2026-12-31 22:05:09');
    expect(Object.keys(rewardCheckBody({ code: 'R1', businessReference: 'm', branchId: 'b', at, timeZone: 'UTC' }))).toEqual([
      'reward_code',
      'business_refrence',
      'branch_id',
      'date',
      'timestamp',
    ]);
  });
});
