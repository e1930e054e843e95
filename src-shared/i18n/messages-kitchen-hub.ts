/**
 * The hub's refusals about kitchen displays (issue 21, part 4), in both
 * languages; spread into MESSAGES_EN and MESSAGES_AR. The display page's
 * own words live with it; these are the reasons a call is refused.
 */
export const KITCHEN_HUB_MESSAGES_EN = {
  'reason.kitchen.displayOnly': 'Only a kitchen display shows kitchen tickets: pair this screen as a kitchen display on the Branch screen.',
  'reason.kitchen.notForDisplay': 'This screen is kitchen display {code}: it shows and bumps tickets only. Sell from a counter.',
  'reason.kitchen.nothingToRecall': 'Nothing was bumped on this display yet: there is no ticket to recall.',
  'reason.kitchen.unknownTicket': 'That ticket is no longer on this display: it may have been bumped on another screen. Look at the board again.',
  'reason.kitchen.notDisplay': 'Station {code} is not a kitchen display: add a station of kind kitchen display on the Stations tab first.',
  'reason.kitchen.unknownCategory': 'This till has no category {category}: sync the catalog, or pick one of its categories.',
  'reason.kitchen.unknownPrinter': 'This till has no printer {printer} for the fallback: pick one of the catalog’s printers.',
  'kitchenSetup.title': 'Kitchen displays',
  'kitchenSetup.none': 'No kitchen display yet: add a station of kind “kitchen display” on the Stations tab, then choose its categories here.',
  'kitchenSetup.onDisplay': 'display {name}',
  'kitchenSetup.fallback': 'While it is offline, print on',
  'kitchenSetup.fallbackDefault': 'each category’s kitchen printer',
  'kitchenSetup.save': 'Save this display',
} as const;

export type KitchenHubMessageKey = keyof typeof KITCHEN_HUB_MESSAGES_EN;

export const KITCHEN_HUB_MESSAGES_AR: Record<KitchenHubMessageKey, string> = {
  'reason.kitchen.displayOnly': 'شاشة المطبخ وحدها تعرض طلبات المطبخ: اقرن هذه الشاشة كشاشة مطبخ من شاشة الفرع.',
  'reason.kitchen.notForDisplay': 'هذه الشاشة هي شاشة المطبخ {code}: تعرض الطلبات وتنهيها فقط. البيع من الكاونتر.',
  'reason.kitchen.nothingToRecall': 'لم يُنهَ أي طلب على هذه الشاشة بعد: لا يوجد طلب لاسترجاعه.',
  'reason.kitchen.unknownTicket': 'هذا الطلب لم يعد على هذه الشاشة: ربما أُنهي من شاشة أخرى. راجع اللوحة مجدداً.',
  'reason.kitchen.notDisplay': 'المحطة {code} ليست شاشة مطبخ: أضف محطة من نوع شاشة مطبخ في تبويب المحطات أولاً.',
  'reason.kitchen.unknownCategory': 'لا توجد في هذا النظام فئة {category}: زامن الكتالوج أو اختر إحدى فئاته.',
  'reason.kitchen.unknownPrinter': 'لا توجد في هذا النظام طابعة {printer} للطباعة البديلة: اختر إحدى طابعات الكتالوج.',
  'kitchenSetup.title': 'شاشات المطبخ',
  'kitchenSetup.none': 'لا توجد شاشة مطبخ بعد: أضف محطة من نوع «شاشة مطبخ» في تبويب المحطات، ثم اختر فئاتها هنا.',
  'kitchenSetup.onDisplay': 'شاشة {name}',
  'kitchenSetup.fallback': 'عند انقطاعها، اطبع على',
  'kitchenSetup.fallbackDefault': 'طابعة المطبخ لكل فئة',
  'kitchenSetup.save': 'احفظ هذه الشاشة',
};
