/**
 * ZATCA's invoice hash: SHA-256 over the C14N 1.1 form of the document
 * without ext:UBLExtensions, cac:Signature and the QR
 * cac:AdditionalDocumentReference (the XPath transforms the stamp names),
 * as base64 of the 32 digest bytes. The stamp signs these bytes; the next
 * document carries them as its PIH; QR tag 6 repeats them.
 */
import { createHash } from 'node:crypto';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { canonicalize } from './c14n.ts';
import { NS } from './ubl-namespaces.ts';

export class ZatcaXmlError extends Error {
  override readonly name = 'ZatcaXmlError';
}

/** Parses a document, throwing on any XML error (xmldom only warns by default). */
export function parseXml(text: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(text, 'text/xml');
  if (errors.length > 0 || !doc.documentElement) throw new ZatcaXmlError(`the document is not well-formed XML: ${errors[0] ?? 'no root element'}`);
  return doc;
}

function children(parent: Element, ns: string, local: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const el = node as Element;
    if (node.nodeType === 1 && el.namespaceURI === ns && el.localName === local) found.push(el);
  }
  return found;
}

/** The canonical bytes the hash covers (a copy of `doc` is stripped; `doc` is left as it was). */
export function hashedCanonicalForm(doc: Document): string {
  const copy = doc.cloneNode(true) as Document;
  const root = copy.documentElement!;
  const drop = [
    ...children(root, NS.ext, 'UBLExtensions'),
    ...children(root, NS.cac, 'Signature'),
    ...children(root, NS.cac, 'AdditionalDocumentReference').filter((ref) => children(ref, NS.cbc, 'ID')[0]?.textContent === 'QR'),
  ];
  for (const el of drop) root.removeChild(el);
  return canonicalize(copy, 'inclusive');
}

export function invoiceHashBytes(doc: Document): Buffer {
  return sha256(hashedCanonicalForm(doc));
}

/**
 * The hash of a document written without its stamp, from its canonical text
 * (ubl-text.ts), or that text's UTF-8 in pieces (UblText.canonicalUtf8): it
 * holds nothing the hash leaves out, so there is nothing to strip, and
 * nothing to parse.
 */
export function unstampedInvoiceHashBytes(canonicalUnstamped: string | readonly Uint8Array[]): Buffer {
  if (typeof canonicalUnstamped === 'string') return sha256(canonicalUnstamped);
  const hash = createHash('sha256');
  for (const piece of canonicalUnstamped) hash.update(piece);
  return hash.digest();
}

function sha256(canonical: string): Buffer {
  return createHash('sha256').update(canonical, 'utf8').digest();
}

export function invoiceHash(xml: string | Document): string {
  return invoiceHashBytes(typeof xml === 'string' ? parseXml(xml) : xml).toString('base64');
}
