/**
 * Coupons and loyalty rewards at the counter (issue 35, items 2 and 3): the
 * "Coupon / reward" dialog and why a code gives nothing, in the cashier's
 * words; spread into MESSAGES_EN and MESSAGES_AR. The Arabic object is typed
 * against the English keys, so a missing translation fails the build.
 */
export const PROMOTION_MESSAGES_EN = {
  'error.code_refused': 'This code gives no discount now: the sale goes on without it.',
  'reason.coupon.refused': 'The service did not accept the coupon {code}: the sale goes on without it.',
  'reason.coupon.offline': 'Coupons cannot be checked while the service is unreachable: the sale goes on without it.',
  'reason.coupon.not_in_replica': 'The service is unreachable and {code} is not among this till’s discounts: the sale goes on without it.',
  'reason.coupon.unreadable': 'The service answered for {code} with no discount Till can read: the sale goes on without it.',
  'reason.reward.refused': 'The loyalty provider did not accept the reward {code}: the sale goes on without it.',
  'reason.reward.offline': 'Rewards cannot be checked while the loyalty provider is unreachable: the sale goes on without it.',
  'reason.reward.unreadable': 'The loyalty provider answered for {code} with no discount Till can read: the sale goes on without it.',
  'reason.reward.not_found':
    'The service found no loyalty check for {code}: the reward or this till’s loyalty provider is unknown to it; the sale goes on without it.',
  'reason.reward.not_set_up': 'Loyalty rewards are not set up on this till (loyalty.provider and its token): the sale goes on without it.',
  'reason.reward.token_refused':
    'The loyalty provider did not accept this till’s loyalty token, so rewards cannot be checked: a manager sets it again; the sale goes on without it.',
  'reason.reward.used': 'The reward {code} was already redeemed on order {number}: it is redeemed once.',
  'reason.promotion.already_applied': '{code} is already on this order: it counts once.',
  'reason.promotion.not_signed_in': 'This till is not signed in to the service, so codes cannot be checked: the sale goes on without it.',
  'promotion.open': 'Coupon / reward',
  'promotion.title': 'Coupon or reward',
  'promotion.code': 'Code (type or scan)',
  'promotion.coupon': 'Coupon',
  'promotion.reward': 'Reward',
  'promotion.apply': 'Check and apply',
  'promotion.checking': 'Checking…',
  'promotion.remove': 'Remove {code}',
  'promotion.unverified': 'not verified yet',
};

export type PromotionMessageKey = keyof typeof PROMOTION_MESSAGES_EN;

export const PROMOTION_MESSAGES_AR: Record<PromotionMessageKey, string> = {
  'error.code_refused': 'هذا الرمز لا يمنح خصماً الآن: يستمر البيع بدونه.',
  'reason.coupon.refused': 'لم تقبل الخدمة القسيمة {code}: يستمر البيع بدونها.',
  'reason.coupon.offline': 'لا يمكن التحقق من القسائم والخدمة غير متاحة: يستمر البيع بدونها.',
  'reason.coupon.not_in_replica': 'الخدمة غير متاحة والرمز {code} ليس من خصومات نقطة البيع: يستمر البيع بدونه.',
  'reason.coupon.unreadable': 'ردّت الخدمة على {code} دون خصم يمكن قراءته: يستمر البيع بدونه.',
  'reason.reward.refused': 'لم يقبل مزوّد الولاء المكافأة {code}: يستمر البيع بدونها.',
  'reason.reward.offline': 'لا يمكن التحقق من المكافآت ومزوّد الولاء غير متاح: يستمر البيع بدونها.',
  'reason.reward.unreadable': 'ردّ مزوّد الولاء على {code} دون خصم يمكن قراءته: يستمر البيع بدونه.',
  'reason.reward.not_found': 'لم تجد الخدمة تحققاً من الولاء للرمز {code}: المكافأة أو مزوّد الولاء في نقطة البيع غير معروف لديها؛ يستمر البيع بدونها.',
  'reason.reward.not_set_up': 'مكافآت الولاء غير مُعدّة في نقطة البيع هذه (loyalty.provider ورمزه): يستمر البيع بدونها.',
  'reason.reward.token_refused': 'لم يقبل مزوّد الولاء رمز الولاء في نقطة البيع هذه فلا يمكن التحقق من المكافآت: يعيد المدير ضبطه؛ يستمر البيع بدونها.',
  'reason.reward.used': 'استُخدمت المكافأة {code} في الطلب {number}: تُستخدم مرة واحدة.',
  'reason.promotion.already_applied': 'الرمز {code} مضاف إلى هذا الطلب: يُحتسب مرة واحدة.',
  'reason.promotion.not_signed_in': 'نقطة البيع غير متصلة بالخدمة فلا يمكن التحقق من الرموز: يستمر البيع بدونه.',
  'promotion.open': 'قسيمة / مكافأة',
  'promotion.title': 'قسيمة أو مكافأة',
  'promotion.code': 'الرمز (اكتبه أو امسحه)',
  'promotion.coupon': 'قسيمة',
  'promotion.reward': 'مكافأة',
  'promotion.apply': 'تحقق وطبّق',
  'promotion.checking': 'جارٍ التحقق…',
  'promotion.remove': 'إزالة {code}',
  'promotion.unverified': 'لم يُتحقق منها بعد',
};
