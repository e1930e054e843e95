export { PromotionService, applyPromotionCode, type PromotionCart, type PromotionServiceOptions } from './promotion-service.ts';
export { readOfferedDiscount, type OfferedDiscount, type OfferReading } from './offered-discount.ts';
export { checkReward, rewardCheckBody, type RewardCheckRequest } from './check-reward.ts';
export { verifyCoupon, type CouponVerifyRequest, type CheckOutcome } from './verify-coupon.ts';
export { formatRewardDate } from './reward-date.ts';
