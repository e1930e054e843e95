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
