/**
 * Values as they stand in canonical XML (C14N 1.0 and 1.1 escape alike):
 * the escapes the canonicalizer (c14n.ts) applies to what it reads, and the
 * same for what the till writes straight as canonical text (ubl-text.ts,
 * xades-stamp.ts), so a document written as text has the bytes a
 * canonicalizer makes of it.
 */
import { documentText } from './document-text.ts';

const TEXT_SPECIALS = /[&<>\r]/;
const ATTRIBUTE_SPECIALS = /[&<"\t\n\r]/;

/** Text content escaped as C14N escapes it: &, <, > and CR. */
export function escapeText(text: string): string {
  if (!TEXT_SPECIALS.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

/** An attribute value escaped as C14N escapes it: &, <, ", tab, LF and CR. */
export function escapeAttribute(text: string): string {
  if (!ATTRIBUTE_SPECIALS.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');
}

/**
 * A text of the till's own as a signed document carries it: first what every
 * reader reads back (document-text.ts), then escaped. A parser then reads
 * the value the hash was taken over, and canonicalizes it to these bytes.
 */
export function canonicalText(text: string): string {
  return escapeText(documentText(text));
}
