/**
 * ZATCA's cleared document, read as evidence: it counts only when it is the
 * document the till sent (the same cbc:UUID and the same invoice hash, which
 * leaves out the stamp and the QR ZATCA adds), it carries the QR the
 * receipt prints, and ZATCA's own stamp on it verifies against a trusted
 * ZATCA CA (zatca-stamp-check.ts): an endpoint that echoes the invoice
 * with a QR has cleared nothing. Anything else is not a clearance of this
 * document.
 */
import type { Element } from '@xmldom/xmldom';
import { invoiceHash, parseXml } from './invoice-hash.ts';
import { NS } from './ubl-namespaces.ts';
import { zatcaStampProblem } from './zatca-stamp-check.ts';
import type { StampTrust } from './zatca-trust-anchors.ts';

export type ClearedInvoice = { ok: true; xml: string; qr: string } | { ok: false; problem: string };

function childText(parent: Element, ns: string, local: string): string | null {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const el = node as Element;
    if (node.nodeType === 1 && el.namespaceURI === ns && el.localName === local) return el.textContent?.trim() ?? '';
  }
  return null;
}

export function readClearedInvoice(base64: string | null, expected: { uuid: string; hash: string }, trust: StampTrust): ClearedInvoice {
  if (!base64) return { ok: false, problem: 'ZATCA said CLEARED but sent no cleared invoice' };
  const xml = Buffer.from(base64, 'base64').toString('utf8');
  let root: Element;
  try {
    root = parseXml(xml).documentElement!;
  } catch (error) {
    return { ok: false, problem: `the cleared invoice cannot be read (${(error as Error).message})` };
  }
  const uuid = childText(root, NS.cbc, 'UUID');
  if (uuid !== expected.uuid) return { ok: false, problem: `the cleared invoice is another document (UUID ${uuid ?? 'none'})` };
  const hash = invoiceHash(xml);
  if (hash !== expected.hash) return { ok: false, problem: `the cleared invoice's hash (${hash}) is not the hash of the invoice sent` };
  let qr: string | null = null;
  for (let node = root.firstChild; node; node = node.nextSibling) {
    const el = node as Element;
    if (node.nodeType !== 1 || el.namespaceURI !== NS.cac || el.localName !== 'AdditionalDocumentReference') continue;
    if (childText(el, NS.cbc, 'ID') !== 'QR') continue;
    const attachment = el.getElementsByTagNameNS(NS.cbc, 'EmbeddedDocumentBinaryObject')[0];
    qr = attachment?.textContent?.trim() || null;
  }
  if (!qr) return { ok: false, problem: 'the cleared invoice carries no QR' };
  const stamp = zatcaStampProblem(root, hash, qr, trust);
  if (stamp) return { ok: false, problem: `ZATCA's stamp on the cleared invoice does not hold: ${stamp}` };
  return { ok: true, xml, qr };
}
