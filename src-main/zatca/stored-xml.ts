/**
 * A signed document's text as zatca_documents keeps it (its `stored_xml`):
 * `z1:` and the base64 of the UTF-8 text deflated (raw deflate) against a
 * frozen dictionary (stored-xml-dictionary.ts). A two-line invoice of 9.4 KB
 * (three and a half pages: a leaf and two overflow pages in every phase-2
 * sale) is then about 1 KB, a part of one leaf (docs/performance.md).
 *
 * The text is the signed one: the hash and the signature are over these
 * bytes, so it must come back byte for byte, and does (deflate is lossless;
 * test/unit/zatca/stored-xml.test.ts). Base64 in a TEXT column, not a BLOB:
 * the standby's journal carries each row as JSON, which holds no BLOB
 * (docs/standby.md). A row signed before this form holds the text
 * itself, which never starts with `z1:` (it starts with `<`), and is read as it is.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { STORED_XML_DICTIONARY_V1 } from './stored-xml-dictionary.ts';

const V1 = 'z1:';
const DICTIONARY_V1 = Buffer.from(STORED_XML_DICTIONARY_V1, 'utf8');
/** zlib's level 6: about 60 µs for a two-line invoice against level 1's 50, and a tenth smaller (docs/performance.md). */
const LEVEL = 6;
/**
 * The longest text a stored row may inflate to: a document of thousands of lines is well under it. A row is this
 * till's own, or its hub's through the standby's journal; a cut or crafted one is refused, never inflated without end.
 */
const MAX_TEXT_BYTES = 16 * 1024 * 1024;

/** The document's text as it is stored (given as its UTF-8, when the signing made that: the same stored form). */
export function storeXml(xml: string | Buffer): string {
  const utf8 = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  return V1 + deflateRawSync(utf8, { level: LEVEL, dictionary: DICTIONARY_V1 }).toString('base64');
}

/** The document's text, byte for byte as it was signed, from what storeXml made (or from a row stored before it). */
export function storedXmlText(stored: string): string {
  if (!stored.startsWith(V1)) return stored;
  return inflateRawSync(Buffer.from(stored.slice(V1.length), 'base64'), { dictionary: DICTIONARY_V1, maxOutputLength: MAX_TEXT_BYTES }).toString('utf8');
}

// The QR reference as ubl-text.ts writes it into a simplified document's signed text (base64: canonical as it is).
const QR_IN_TEXT =
  /<cac:AdditionalDocumentReference><cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">([A-Za-z0-9+/=]*)<\/cbc:EmbeddedDocumentBinaryObject>/;

/** The nine-tag QR a signed text embeds, or '' (a standard invoice's own has none: ZATCA's cleared one does). */
export function qrInText(xml: string): string {
  return QR_IN_TEXT.exec(xml)?.[1] ?? '';
}

const QR_OPEN = Buffer.from(
  '<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">',
  'utf8',
);
const QR_CLOSE = Buffer.from('</cbc:EmbeddedDocumentBinaryObject>', 'utf8');
const BASE64 = /^[A-Za-z0-9+/=]*$/;

/**
 * qrInText over the text's UTF-8 (its first QR reference): the text need not be flattened into a string for it.
 * Where the first reference holds no base64, '' (qrInText would look further): the row then keeps its QR column.
 */
function qrInUtf8(utf8: Buffer): string {
  const open = utf8.indexOf(QR_OPEN);
  if (open < 0) return '';
  const start = open + QR_OPEN.length;
  const end = utf8.indexOf(QR_CLOSE, start);
  if (end < 0) return '';
  const qr = utf8.toString('latin1', start, end);
  return BASE64.test(qr) ? qr : '';
}

/**
 * A signed document's text and QR as its row keeps them: the QR column is '' when the text embeds that very QR
 * (a simplified document's: 524 characters a row, which then shares its leaf with the next sale's), read back from
 * the text (storedQr). A standard invoice's '' stays '' (its text has none), and a cleared one's QR is ZATCA's.
 */
export function storeDocument(signed: { xml: string; qr: string; utf8?: Buffer }): { xml: string; qr: string } {
  const { utf8 } = signed;
  const embedded = signed.qr !== '' && (utf8 ? qrInUtf8(utf8) : qrInText(signed.xml)) === signed.qr;
  return { xml: storeXml(utf8 ?? signed.xml), qr: embedded ? '' : signed.qr };
}

/** A row's QR: its column, or when that is '' the QR its signed text (storedXmlText's) embeds. */
export function storedQr(qr: string, text: string): string {
  return qr !== '' ? qr : qrInText(text);
}

/** A zatca_documents row as read, its text the signed one again, and its QR when the row was read with it (storeDocument). */
export function documentAsSigned<T extends { xml: string; qr?: string }>(row: T): T {
  const xml = storedXmlText(row.xml);
  return row.qr === undefined ? { ...row, xml } : { ...row, xml, qr: storedQr(row.qr, xml) };
}
