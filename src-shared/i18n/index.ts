export { MESSAGES_EN, type MessageKey } from './messages-en.ts';
export { MESSAGES_AR } from './messages-ar.ts';
export { LOCALES, directionOf, isLocale, isMessageKey, translate, type Locale, type MessageParams } from './translate.ts';
