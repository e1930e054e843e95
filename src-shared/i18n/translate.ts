import { MESSAGES_AR } from './messages-ar.ts';
import { MESSAGES_EN, type MessageKey } from './messages-en.ts';

export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** Values for a message's `{name}` placeholders. */
export type MessageParams = Record<string, string | number>;

const CATALOGS: Record<Locale, Record<MessageKey, string>> = { en: MESSAGES_EN, ar: MESSAGES_AR };

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'ar';
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES_EN, value);
}

/** Arabic is written right to left; the whole layout follows it. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The message for `key` in `locale`, with `{name}` placeholders filled. A
 * placeholder without a value is left visible rather than dropped, so a
 * missing parameter shows up in review instead of silently reading wrong.
 */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const text = CATALOGS[locale][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
