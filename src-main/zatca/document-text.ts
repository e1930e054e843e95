/**
 * Text as it goes into a signed document: already what every XML reader
 * reads back, so the hash the till signs is the hash anyone who parses the
 * document computes (the stand-in, ZATCA, the till's own re-reader of a
 * cleared document, libxml2).
 *
 * - Line breaks: XML 1.0 turns CR and CRLF into LF; XML 1.1 also NEL
 *   (U+0085), CR NEL and LINE SEPARATOR (U+2028), and @xmldom/xmldom 0.9
 *   applies the 1.1 rule to every document (its normalizeLineEndings) while
 *   libxml2 and Java keep U+2028 as it is. Each becomes one LF, which all
 *   of them read as LF; PARAGRAPH SEPARATOR (U+2029), which xmldom turns
 *   into LF too, likewise.
 * - Characters XML 1.0 does not allow (C0 controls but tab and LF, U+FFFE,
 *   U+FFFF) go; so do C1 controls and DEL, which XML 1.0 discourages and
 *   XML 1.1 allows only as references. A lone surrogate, which UTF-8 cannot
 *   carry, becomes U+FFFD (what the UTF-8 encoder would write anyway).
 *
 * Everything else (Arabic, combining marks, astral characters, bidi marks)
 * is kept exactly: no reader changes it.
 */
const LINE_BREAK = /\r\n|\r\u0085|[\r\u0085\u2028\u2029]/g;
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// One test per string; nearly every text of a document (amounts, codes, names) is returned as it came, without a copy.
// Any surrogate is looked at closely, even a good pair. No `g` flag, so `test` keeps no state.
const MAYBE_CHANGED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Element text, as every XML reader reads it back. */
export function documentText(text: string): string {
  if (!MAYBE_CHANGED.test(text)) return text;
  return text.replace(LINE_BREAK, '\n').replace(NOT_IN_XML, '').replace(LONE_SURROGATE, '\uFFFD');
}
