/**
 * The service's discounts (issue 35) in both languages: why one does not
 * apply now (the reason codes of src-shared/pricing/discount-rules.ts), and
 * the pick list's words; spread into MESSAGES_EN and MESSAGES_AR.
 */
export const DISCOUNT_MESSAGES_EN = {
  'reason.discount.inactive': 'This discount is not in use.',
  'reason.discount.coupon': 'This discount is given only for its coupon code.',
  'reason.discount.branch': 'This discount is not for this branch.',
  'reason.discount.not_yet': 'This discount has not started yet.',
  'reason.discount.ended': 'This discount has ended.',
  'reason.discount.day': 'This discount is not valid today.',
  'reason.discount.hours': 'This discount is not valid at this hour.',
  'reason.discount.order_type': 'This discount is not for this order type.',
  'reason.discount.no_items': 'Nothing in the cart is in this discount.',
  'reason.discount.min_order': 'The order must come to {min} for this discount.',
  'reason.discount.unknown': 'This till has no such discount: sync, then pick another.',
  'discounts.title': 'Discounts of the chain',
  'discounts.automatic': 'Automatic',
  'discounts.given': 'Given: {amount}',
} as const;

export type DiscountMessageKey = keyof typeof DISCOUNT_MESSAGES_EN;

export const DISCOUNT_MESSAGES_AR: Record<DiscountMessageKey, string> = {
  'reason.discount.inactive': 'هذا الخصم غير مفعل.',
  'reason.discount.coupon': 'هذا الخصم يمنح برمز القسيمة فقط.',
  'reason.discount.branch': 'هذا الخصم ليس لهذا الفرع.',
  'reason.discount.not_yet': 'لم يبدأ هذا الخصم بعد.',
  'reason.discount.ended': 'انتهى هذا الخصم.',
  'reason.discount.day': 'هذا الخصم لا يسري اليوم.',
  'reason.discount.hours': 'هذا الخصم لا يسري في هذه الساعة.',
  'reason.discount.order_type': 'هذا الخصم ليس لهذا النوع من الطلبات.',
  'reason.discount.no_items': 'لا يوجد في السلة صنف يشمله هذا الخصم.',
  'reason.discount.min_order': 'يجب أن يبلغ الطلب {min} لهذا الخصم.',
  'reason.discount.unknown': 'لا يوجد هذا الخصم في نقطة البيع: زامن ثم اختر خصماً آخر.',
  'discounts.title': 'خصومات السلسلة',
  'discounts.automatic': 'تلقائي',
  'discounts.given': 'الممنوح: {amount}',
};
