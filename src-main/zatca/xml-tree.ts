/**
 * Writing ZATCA's XML on @xmldom/xmldom's DOM: the same standard tree the
 * canonicalizer and the parser use, so the hash reads what was built. The
 * text is written in its canonical form (C14N 1.1) after the XML
 * declaration: one writer for what is hashed and what is kept and sent, so
 * the signed text is, byte for byte, the hashed text with the stamp's parts
 * in it. (xmlbuilder2 built it before; its spec-complete DOM was two thirds
 * of the time of building and writing a document at checkout.)
 */
import { DOMImplementation, type Document, type Element } from '@xmldom/xmldom';
import { canonicalize } from './c14n.ts';
import { attributeText, documentText } from './document-text.ts';
import { NS } from './ubl-namespaces.ts';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

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
