/**
 * Text from outside (the service, a cashier's keyboard, a scanner) made safe
 * to store, show and print: C0 and C1 control characters go (a note keeps
 * its line breaks, U+2028 and U+2029 as plain ones, which is what an XML
 * reader may make of them in a signed invoice; one line has a space for
 * each; a tab becomes a space), bidi embeddings, overrides and isolates
 * go (they can make a receipt read backwards: "Trojan Source"), and a
 * lone surrogate becomes U+FFFD. Arabic letters and the plain
 * direction marks (LRM, RLM, ALM) stay: they are how mixed text is written.
 * A NUL, which made measureText throw and a print job fail for good, is gone.
 */
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/g;
const CONTROLS_AND_NEWLINES = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Anything cleaning could touch (any surrogate, even a good pair, is looked at
// closely). Tested once per string: clean text, nearly all of a catalog, is
// returned as it came without a copy. No `g` flag, so `test` keeps no state.
const MAYBE_DIRTY = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF\uFFF9-\uFFFB\uD800-\uDFFF]/;
const MAYBE_DIRTY_MULTILINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF\uFFF9-\uFFFB\uD800-\uDFFF]/;

export function cleanText(text: string, options: { multiline?: boolean } = {}): string {
  let clean = text.replace(LONE_SURROGATE, '\uFFFD').replace(/\t/g, ' ');
  if (options.multiline) clean = clean.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(CONTROLS, '');
  else clean = clean.replace(/\r\n?|[\n\u2028\u2029]/g, ' ').replace(CONTROLS_AND_NEWLINES, '');
  return clean;
}

/** One line of human text (a name, a label, a reason): cleaned only when one regex test says it may need it. */
export function cleanLine(text: string): string {
  return MAYBE_DIRTY.test(text) ? cleanText(text) : text;
}

/** Human text that may span lines (a note, a description): line breaks kept, the rest as cleanLine. */
export function cleanLines(text: string): string {
  return MAYBE_DIRTY_MULTILINE.test(text) ? cleanText(text, { multiline: true }) : text;
}

/** Whether cleaning would change the text (for tests and warnings). */
export function isCleanText(text: string, options: { multiline?: boolean } = {}): boolean {
  return cleanText(text, options) === text;
}
