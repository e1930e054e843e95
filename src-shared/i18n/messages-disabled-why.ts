/**
 * Why a button is disabled, said beside it (issue 34, item 5: a button that
 * cannot work here is disabled with its reason, never refused after the
 * tap), in both languages; spread into MESSAGES_EN and MESSAGES_AR.
 */
export const DISABLED_WHY_MESSAGES_EN = {
  'why.closeCounted': 'Type the cash counted in the drawer first: the Z report compares it with what the till expects.',
  'why.testPrintUnbound': 'Save where this printer is first: a test page goes to a bound printer.',
} as const;

export const DISABLED_WHY_MESSAGES_AR: Record<keyof typeof DISABLED_WHY_MESSAGES_EN, string> = {
  'why.closeCounted': 'اكتب أولاً النقد المعدود في الدرج: يقارنه تقرير Z بما يتوقعه النظام.',
  'why.testPrintUnbound': 'احفظ أولاً مكان هذه الطابعة: صفحة الاختبار تذهب إلى طابعة مربوطة.',
};
