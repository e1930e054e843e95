/**
 * Coupons and loyalty rewards the emulated service knows (issue 35), and
 * every check it received, as it received it (headers and body), so a test
 * asserts the exact request a till sent. Tests set `coupons` and `rewards`
 * on the running emulator; the demo starts with one of each.
 */
export interface EmulatedOffer {
  /** As the answer carries it: `discount_type` percentage | amount, `value` a decimal string, optional `max_discount`. */
  discount_type: 'percentage' | 'amount';
  value: string;
  max_discount?: string;
  id: string;
  name_en: string;
  name_ar: string;
}

export interface ReceivedCheck {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface PromotionState {
  /** Coupon code → its discount; Verify answers 404 for any other code. */
  coupons: Map<string, EmulatedOffer>;
  /** Loyalty provider's api-token the check_reward route accepts (401 otherwise). */
  loyaltyApiToken: string;
  /** Reward code → its discount; a code redeemed once is refused after (`valid: false`). */
  rewards: Map<string, EmulatedOffer>;
  redeemed: Set<string>;
  verifyRequests: ReceivedCheck[];
  rewardRequests: ReceivedCheck[];
}

export function demoPromotions(): PromotionState {
  return {
    coupons: new Map([
      ['RAMADAN10', { discount_type: 'percentage', value: '10', id: 'b2a1c6f0-0000-4000-8000-00000000c001', name_en: 'Ramadan 10%', name_ar: 'خصم رمضان ١٠٪' }],
    ]),
    loyaltyApiToken: 'emulated-loyalty-token',
    rewards: new Map([
      [
        'APP-REWARD-5',
        { discount_type: 'amount', value: '5.00', id: 'b2a1c6f0-0000-4000-8000-00000000r005', name_en: 'App reward', name_ar: 'مكافأة التطبيق' },
      ],
    ]),
    redeemed: new Set(),
    verifyRequests: [],
    rewardRequests: [],
  };
}
