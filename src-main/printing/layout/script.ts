// Which lines the printer can print as text. Only printable ASCII is sent
// as text: printers disagree on code pages, and none of them shape Arabic,
// so anything else prints as an image and looks the same everywhere.

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

export function containsArabic(text: string): boolean {
  return ARABIC.test(text);
}

export function isPrintableAscii(text: string): boolean {
  return PRINTABLE_ASCII.test(text);
}

const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const STRONG_LTR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/u;

/**
 * The paragraph direction the Unicode bidi algorithm would pick (rule P2):
 * that of the first strong character. "Total الإجمالي" reads left to right,
 * "الإجمالي Total" right to left; digits and punctuation do not count.
 */
export function baseDirection(text: string): 'ltr' | 'rtl' {
  for (const char of text) {
    if (STRONG_RTL.test(char)) return 'rtl';
    if (STRONG_LTR.test(char)) return 'ltr';
  }
  return 'ltr';
}
