/**
 * XML canonicalization without comments, over an @xmldom/xmldom tree.
 *
 * - `inclusive`: Canonical XML 1.1 (http://www.w3.org/2006/12/xml-c14n11) of
 *   a whole document, which the invoice hash uses. For a whole document
 *   (no node subset) 1.1 and 1.0 give the same bytes: they differ only in
 *   how xml:* attributes and xml:base are inherited into a subset.
 * - `exclusive`: Exclusive XML Canonicalization 1.0 of one element (its
 *   namespace declarations only where visibly used), the shape ZATCA hashes
 *   for xades:SignedProperties.
 *
 * xml-crypto has no C14N 1.1, so this is written here and checked against
 * `xmllint --c14n11` and `xmllint --exc-c14n` in the tests.
 */
import type { Element, Node } from '@xmldom/xmldom';
import { escapeAttribute, escapeText } from './canonical-text.ts';

const XMLNS = 'http://www.w3.org/2000/xmlns/';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const PROCESSING_INSTRUCTION_NODE = 7;
const DOCUMENT_NODE = 9;

export type C14nMode = 'inclusive' | 'exclusive';

export function canonicalize(node: Node, mode: C14nMode): string {
  const out: string[] = [];
  if (node.nodeType === DOCUMENT_NODE) {
    // Outside the root only processing instructions survive (comments are dropped), each on its own line.
    let seenRoot = false;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === ELEMENT_NODE) {
        element(child as Element, new Map(), mode, out);
        seenRoot = true;
      } else if (child.nodeType === PROCESSING_INSTRUCTION_NODE && child.nodeName !== 'xml') {
        // (xmldom keeps the XML declaration as a processing instruction named xml; it is not one, and C14N drops it.)
        out.push(seenRoot ? `\n${pi(child)}` : `${pi(child)}\n`);
      }
    }
  } else if (node.nodeType === ELEMENT_NODE) {
    element(node as Element, new Map(), mode, out);
  } else {
    throw new TypeError('canonicalize takes a document or an element');
  }
  return out.join('');
}

function pi(node: Node): string {
  const data = (node as Node & { data: string }).data;
  return `<?${node.nodeName}${data ? ` ${data}` : ''}?>`;
}

/** `rendered`: the prefix → namespace declarations in effect from output ancestors ('' is the default namespace). */
function element(el: Element, rendered: ReadonlyMap<string, string>, mode: C14nMode, out: string[]): void {
  const inScope = startTag(el, rendered, mode, out);
  for (let child = el.firstChild; child; child = child.nextSibling) node(child, inScope, mode, out);
  out.push(`</${el.tagName}>`);
}

/** A child of an element, in canonical form. */
function node(child: Node, inScope: ReadonlyMap<string, string>, mode: C14nMode, out: string[]): void {
  if (child.nodeType === ELEMENT_NODE) element(child as Element, inScope, mode, out);
  else if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_SECTION_NODE) out.push(escapeText((child as Node & { data: string }).data));
  else if (child.nodeType === PROCESSING_INSTRUCTION_NODE) out.push(pi(child));
}

/** Writes `el`'s start tag; returns the declarations in effect inside it. */
function startTag(el: Element, rendered: ReadonlyMap<string, string>, mode: C14nMode, out: string[]): ReadonlyMap<string, string> {
  // Most elements of a document have no attributes and, inclusive, declare nothing: nothing to sort or compare.
  if (mode === 'inclusive' && el.attributes.length === 0) {
    out.push(`<${el.tagName}>`);
    return rendered;
  }
  const declarations = new Map<string, string>();
  const attributes: { ns: string; local: string; name: string; value: string }[] = [];
  for (let i = 0; i < el.attributes.length; i++) {
    const attr = el.attributes.item(i)!;
    if (attr.namespaceURI === XMLNS) {
      if (mode === 'inclusive') declarations.set(attr.prefix ? attr.localName! : '', attr.value);
    } else {
      attributes.push({ ns: attr.namespaceURI ?? '', local: attr.localName ?? attr.name, name: attr.name, value: attr.value });
    }
  }
  if (mode === 'exclusive') {
    // Visibly utilized: the element's own prefix and its prefixed attributes'.
    declarations.set(el.prefix ?? '', el.namespaceURI ?? '');
    for (let i = 0; i < el.attributes.length; i++) {
      const attr = el.attributes.item(i)!;
      if (attr.prefix && attr.namespaceURI !== XMLNS && attr.prefix !== 'xml') declarations.set(attr.prefix, attr.namespaceURI ?? '');
    }
  }
  // Most elements declare nothing: they keep their parent's map, copied only when one is added.
  let declared: Map<string, string> | null = null;
  const nsOut: string[] = [];
  for (const prefix of [...declarations.keys()].sort()) {
    const uri = declarations.get(prefix)!;
    // A declaration equal to the one in effect is superfluous; xmlns="" only undoes a non-empty default.
    if ((rendered.get(prefix) ?? '') === uri) continue;
    declared ??= new Map(rendered);
    declared.set(prefix, uri);
    nsOut.push(prefix === '' ? ` xmlns="${escapeAttribute(uri)}"` : ` xmlns:${prefix}="${escapeAttribute(uri)}"`);
  }
  attributes.sort((a, b) => (a.ns === b.ns ? compare(a.local, b.local) : compare(a.ns, b.ns)));
  out.push(`<${el.tagName}`, ...nsOut);
  for (const a of attributes) out.push(` ${a.name}="${escapeAttribute(a.value)}"`);
  out.push('>');
  return declared ?? rendered;
}

/** Code-unit order, as C14N sorts (not locale order). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
