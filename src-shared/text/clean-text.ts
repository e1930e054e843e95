/**
 * Text from outside (the service, a cashier's keyboard, a scanner) made safe
 * to store, show and print: C0 and C1 control characters go (a note keeps
 * its line breaks; a tab becomes a space), bidi embeddings, overrides and
 * isolates go (they can make a receipt read backwards: "Trojan Source"),
 * and a lone surrogate becomes U+FFFD. Arabic letters and the plain
 * direction marks (LRM, RLM, ALM) stay: they are how mixed text is written.
 * A NUL, which made measureText throw and a print job fail for good, is gone.
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/g;
// eslint-disable-next-line no-control-regex
const CONTROLS_AND_NEWLINES = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanText(text: string, options: { multiline?: boolean } = {}): string {
  let clean = text.replace(LONE_SURROGATE, '\uFFFD').replace(/\t/g, ' ');
  if (options.multiline) clean = clean.replace(/\r\n?/g, '\n').replace(CONTROLS, '');
  else clean = clean.replace(/\r\n?|\n/g, ' ').replace(CONTROLS_AND_NEWLINES, '');
  return clean;
}

/** Whether cleaning would change the text (for tests and warnings). */
export function isCleanText(text: string, options: { multiline?: boolean } = {}): boolean {
  return cleanText(text, options) === text;
}
