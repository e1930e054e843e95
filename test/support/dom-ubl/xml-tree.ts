/**
 * The reference the till's text writer (src-main/zatca/ubl-text.ts) is held
 * to: ZATCA's XML built on @xmldom/xmldom's DOM, as the till built it before
 * it wrote canonical text, and written by the canonicalizer (c14n.ts). Every
 * text and attribute goes through the same reading rules (document-text.ts)
 * and the canonicalizer escapes it, so what this writes is by construction
 * the canonical form of the document.
 */
import { DOMImplementation, type Document, type Element } from '@xmldom/xmldom';
import { canonicalize } from '../../../src-main/zatca/c14n.ts';
import { documentText } from '../../../src-main/zatca/document-text.ts';
import { NS } from '../../../src-main/zatca/ubl-namespaces.ts';
import { XML_DECLARATION } from '../../../src-main/zatca/ubl-text.ts';

const ATTRIBUTE_WHITESPACE = /[\t\n]/g;

/**
 * An attribute value as every XML reader reads it back: a literal tab or line break in one is read as a space. The
 * text writer's attributes are all constants (currencyID, unitCode, schemeID…), so only this reference needs it.
 */
function attributeText(text: string): string {
  return documentText(text).replace(ATTRIBUTE_WHITESPACE, ' ');
}

/** A document whose root is `qualifiedName` in `namespace`, declaring `prefixes` (prefix → namespace; '' for the default). */
export function newDocument(namespace: string, qualifiedName: string, prefixes: Record<string, string> = {}): Element {
  const root = new DOMImplementation().createDocument(namespace, qualifiedName, null).documentElement!;
  declare(root, prefixes);
  return root;
}

/** Namespace declarations written on `element` (prefix → namespace; '' for the default). */
export function declare(element: Element, prefixes: Record<string, string>): Element {
  for (const [prefix, uri] of Object.entries(prefixes)) element.setAttributeNS(NS.xmlns, prefix ? `xmlns:${prefix}` : 'xmlns', uri);
  return element;
}

/**
 * Appends the element `qualifiedName` in `namespace` to `parent`, with its attributes (unqualified) and text if given.
 * Every text and attribute value of a document passes here, so here it becomes what any XML reader reads back
 * (document-text.ts) before anything is hashed.
 */
export function child(parent: Element, namespace: string, qualifiedName: string, text?: string, attributes?: Record<string, string>): Element {
  const document = parent.ownerDocument!;
  const element = document.createElementNS(namespace, qualifiedName);
  if (attributes) for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, attributeText(value));
  if (text !== undefined) element.appendChild(document.createTextNode(documentText(text)));
  parent.appendChild(element);
  return element;
}

/** The document's text: its XML declaration and its canonical form, no whitespace added between elements (it would be hashed). */
export function serialize(document: Document): string {
  return XML_DECLARATION + canonicalize(document, 'inclusive');
}
