/**
 * The limits on one order and on one screen's connection (issue 32), in
 * both languages; spread into MESSAGES_EN and MESSAGES_AR. The Arabic
 * object is typed against the English keys, so a missing translation
 * fails the build.
 */
export const LIMIT_MESSAGES_EN = {
  'reason.limits.cartLines': 'An order holds at most {max} lines: change the quantity of a line instead, or start another order.',
  'reason.limits.lineQuantity': 'A line holds at most {max}: ring up the rest as another order.',
  'reason.limits.orderTotal': 'An order’s total is at most {max}: split it into more than one order.',
  'reason.host.tooManyCalls': 'This screen is waiting for {max} answers from the till already: wait for them, then try again.',
  'reason.host.disconnected': 'This screen lost its connection before the till started this request: nothing was done.',
};

export type LimitMessageKey = keyof typeof LIMIT_MESSAGES_EN;

export const LIMIT_MESSAGES_AR: Record<LimitMessageKey, string> = {
  'reason.limits.cartLines': 'يتسع الطلب الواحد لـ {max} سطراً على الأكثر: غيّر كمية سطر بدلاً من ذلك، أو ابدأ طلباً آخر.',
  'reason.limits.lineQuantity': 'يتسع السطر الواحد لكمية {max} على الأكثر: أدخل الباقي في طلب آخر.',
  'reason.limits.orderTotal': 'إجمالي الطلب الواحد {max} على الأكثر: قسّمه إلى أكثر من طلب.',
  'reason.host.tooManyCalls': 'هذه الشاشة تنتظر {max} ردود من الكاشير بالفعل: انتظرها ثم حاول مرة أخرى.',
  'reason.host.disconnected': 'انقطع اتصال هذه الشاشة قبل أن يبدأ الكاشير هذا الطلب: لم يُنفَّذ شيء.',
};
