/**
 * Sold out ("86", issue 34 item 6) in both languages: the refusal when a
 * sold-out product or option is added, the tile's words and the kitchen
 * display's list; spread into MESSAGES_EN and MESSAGES_AR.
 */
export const SOLD_OUT_MESSAGES_EN = {
  'error.sold_out': 'Sold out today: pick something else.',
  'reason.soldOut.product': '{name} is sold out today: pick something else, or ask a manager or the kitchen to mark it back.',
  'reason.soldOut.option': 'The option {option} is sold out today: choose another one for {name}.',
  'reason.soldOut.unknown': 'This till has no such product or option: sync the catalog, or check the id.',
  'soldOut.tile': 'Sold out',
  'soldOut.tileReason': 'Sold out today: it cannot be added until it is marked back.',
  'soldOut.title': 'Sold out today',
  'soldOut.none': 'Nothing is sold out.',
  'soldOut.back': 'Back on sale',
  'soldOut.backNamed': 'Back on sale: {name}',
  'soldOut.mark': '86',
  // Starts with the button's visible text (86), so a voice user can say what they see (axe: label-content-name-mismatch).
  'soldOut.markNamed': '86: mark {name} sold out',
  'soldOut.option': 'option',
} as const;

export type SoldOutMessageKey = keyof typeof SOLD_OUT_MESSAGES_EN;

export const SOLD_OUT_MESSAGES_AR: Record<SoldOutMessageKey, string> = {
  'error.sold_out': 'نفدت الكمية اليوم: اختر صنفاً آخر.',
  'reason.soldOut.product': 'نفد {name_ar} اليوم: اختر صنفاً آخر، أو اطلب من المدير أو المطبخ إعادته للبيع.',
  'reason.soldOut.option': 'نفد الخيار {option_ar} اليوم: اختر خياراً آخر لـ{name_ar}.',
  'reason.soldOut.unknown': 'لا يوجد هذا الصنف أو الخيار في نقطة البيع: زامن الكتالوج أو تحقق من الرقم.',
  'soldOut.tile': 'نفدت الكمية',
  'soldOut.tileReason': 'نفد اليوم: لا يمكن إضافته حتى يُعاد للبيع.',
  'soldOut.title': 'النافد اليوم',
  'soldOut.none': 'لا شيء نافد.',
  'soldOut.back': 'أعده للبيع',
  'soldOut.backNamed': 'أعده للبيع: {name}',
  'soldOut.mark': 'نفد',
  'soldOut.markNamed': 'نفد: علّم {name} كنافد',
  'soldOut.option': 'خيار',
};
