import { directionOf, isLocale, translate, type Locale, type MessageKey, type MessageParams } from '../../src-shared/i18n/index.ts';

const STORAGE_KEY = 'till.locale';

function initialLocale(): Locale {
  const fromUrl = new URLSearchParams(location.search).get('lang');
  if (isLocale(fromUrl)) return fromUrl;
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLocale(saved)) return saved;
  } catch {
    // Storage can be unavailable (private windows, locked-down kiosks); English is the fallback.
  }
  return 'en';
}

/**
 * The language the till speaks, switchable at any moment. The document's
 * `lang` and `dir` follow it, so the whole layout mirrors in Arabic through
 * CSS logical properties rather than per-component code.
 */
export class LocaleState {
  current = $state<Locale>(initialLocale());

  get dir(): 'ltr' | 'rtl' {
    return directionOf(this.current);
  }

  t = (key: MessageKey, params?: MessageParams): string => translate(this.current, key, params);

  /** The product or category name in the current language, falling back to the other one. */
  name = (item: { name_en: string; name_ar: string }): string => (this.current === 'ar' ? item.name_ar || item.name_en : item.name_en || item.name_ar);

  set(locale: Locale): void {
    this.current = locale;
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // Not remembered across restarts; the switch still works now.
    }
  }

  toggle(): void {
    this.set(this.current === 'en' ? 'ar' : 'en');
  }

  /** Keeps <html lang dir> in step; returns nothing to clean up because the document outlives the app. */
  apply(): void {
    document.documentElement.lang = this.current;
    document.documentElement.dir = this.dir;
  }
}
