/**
 * Text of a screen loaded on demand (issue 34 item 8): what shows while its
 * code arrives, and what the cashier reads when it cannot be loaded; spread
 * into MESSAGES_EN and MESSAGES_AR. The Arabic object is typed against the
 * English keys, so a missing translation fails the build.
 */
export const SCREEN_MESSAGES_EN = {
  'screen.loading': 'Opening…',
  'screen.loadFailed': 'This screen did not open.',
  'screen.loadFailedHint': 'Tap Try again. If it still does not open, restart Till: the sales already made are kept.',
};

export type ScreenMessageKey = keyof typeof SCREEN_MESSAGES_EN;

export const SCREEN_MESSAGES_AR: Record<ScreenMessageKey, string> = {
  'screen.loading': 'جارٍ الفتح…',
  'screen.loadFailed': 'لم تُفتح هذه الشاشة.',
  'screen.loadFailedHint': 'اضغط «حاول مرة أخرى». إن لم تُفتح بعدها فأعد تشغيل الكاشير: المبيعات التي تمت محفوظة.',
};
