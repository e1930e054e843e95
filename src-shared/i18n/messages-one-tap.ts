/**
 * Text of the one-tap counter (issue 34): exact cash beside Pay and the sale
 * just paid, shown beside the products until the next item; spread into
 * MESSAGES_EN and MESSAGES_AR. The Arabic object is typed against the English
 * keys, so a missing translation fails the build.
 */
export const ONE_TAP_MESSAGES_EN = {
  'cart.exactCash': 'Exact cash',
  'cart.exactCashHint': 'Paid in cash, exactly the total: no change to give',
  'saleDone.next': 'The next item starts a new sale',
};

export type OneTapMessageKey = keyof typeof ONE_TAP_MESSAGES_EN;

export const ONE_TAP_MESSAGES_AR: Record<OneTapMessageKey, string> = {
  'cart.exactCash': 'نقدًا بالضبط',
  'cart.exactCashHint': 'دفع نقدي بالمبلغ نفسه: لا باقي للعميل',
  'saleDone.next': 'الصنف التالي يبدأ بيعًا جديدًا',
};
