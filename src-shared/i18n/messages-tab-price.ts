/**
 * The tab's running total and what its Pay covers (issue 34, item 3), in
 * both languages; spread into MESSAGES_EN and MESSAGES_AR.
 */
export const TAB_PRICE_MESSAGES_EN = {
  'tab.roundTotal': 'This round (not on the tab yet)',
  'tab.coversNothing': 'Nothing to pay yet: tap items to start a round.',
  'tab.coversSent': 'Pay covers every round on the tab: all with the kitchen.',
  'tab.coversUnsent': 'Pay covers every round on the tab, with {count} items not sent yet: they go to the kitchen when the tab is paid.',
  'tab.coversDraft':
    'Pay covers every round on the tab and this new round ({count} items): it is added to the tab and goes to the kitchen when the tab is paid.',
} as const;

export const TAB_PRICE_MESSAGES_AR: Record<keyof typeof TAB_PRICE_MESSAGES_EN, string> = {
  'tab.roundTotal': 'هذه الجولة (ليست في الحساب بعد)',
  'tab.coversNothing': 'لا شيء للدفع بعد: اضغط على الأصناف لبدء جولة.',
  'tab.coversSent': 'يشمل الدفع كل جولات الحساب: كلها لدى المطبخ.',
  'tab.coversUnsent': 'يشمل الدفع كل جولات الحساب، ومنها {count} أصناف لم تُرسل بعد: تذهب إلى المطبخ عند دفع الحساب.',
  'tab.coversDraft': 'يشمل الدفع كل جولات الحساب وهذه الجولة الجديدة ({count} أصناف): تُضاف إلى الحساب وتذهب إلى المطبخ عند دفعه.',
};
