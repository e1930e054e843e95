// The hash the till signs is the hash every reader of the document computes
// (issue 32): a B2B buyer's name with U+2028, which xmldom reads as a line
// feed and libxml2 as it is, made the till sign one hash and its own
// re-reader of ZATCA's cleared document compute another. Random Unicode
// names (line and paragraph separators, NEL, CR, CRLF, tabs, controls,
// combining marks, astral characters, bidi marks, lone surrogates) are
// signed and each document is read back three ways: the till's own
// re-reader (xmldom, as readClearedInvoice hashes a cleared document), the
// stand-in's independent check (xmldom and xml-crypto), and libxml2
// (`xmllint --c14n11`, hashed by node:crypto).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Element } from '@xmldom/xmldom';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import { documentText } from '../../../src-main/zatca/document-text.ts';
import { invoiceHash, parseXml } from '../../../src-main/zatca/invoice-hash.ts';
import { signDocument, type EgsSigner } from '../../../src-main/zatca/sign-document.ts';
import { NS } from '../../../src-main/zatca/ubl-namespaces.ts';
import { decodeZatcaPhase2Qr } from '../../../src-shared/zatca/index.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { TEST_BUYER, TEST_SELLER, testDocument, testSigner } from '../../support/zatca-egs.ts';

const dir = tempDir('till-zatca-reread-');
let signer: EgsSigner;
beforeAll(async () => {
  signer = (await testSigner()).signer;
});
afterAll(() => dir.cleanup());

/** The characters readers treat differently or XML refuses, and text that must pass untouched. */
const AWKWARD = [
  '\u2028', '\u2029', '\u0085', '\r', '\r\n', '\r\u0085', '\n', '\t', '\u000b', '\u0000', '\u001f', '\u007f', '\u009f',
  '\ud800', '\udfff', '\ufffe', '\uffff', '\ufeff', '\u200e', '\u200f', '\u061c', '\u202e', '\u2066', '\u0301', '\u0651',
  '😀', '𝔸', '\u{10fffd}', '&', '<', '>', '"', "'", ']]>', ' ', 'شركة', 'é',
]; // prettier-ignore
const awkwardText = fc
  .array(fc.oneof(fc.constantFrom(...AWKWARD), fc.string({ unit: 'binary', maxLength: 4 }), fc.string({ unit: 'grapheme', maxLength: 3 })), {
    minLength: 1,
    maxLength: 12,
  })
  .map((parts) => parts.join(''));

/** The document without the stamp, the signature and a QR, by text surgery (it is written without whitespace between elements). */
function stripped(xml: string): string {
  const cut = (text: string, open: string, close: string) => {
    const start = text.indexOf(open);
    return start < 0 ? text : text.slice(0, start) + text.slice(text.indexOf(close, start) + close.length);
  };
  const unstamped = cut(cut(xml, '<ext:UBLExtensions>', '</ext:UBLExtensions>'), '<cac:Signature>', '</cac:Signature>');
  return cut(unstamped, '<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID>', '</cac:AdditionalDocumentReference>');
}

function libxml2Hash(xml: string, file: string): string {
  writeFileSync(file, stripped(xml));
  const canonical = execFileSync('xmllint', ['--c14n11', file]);
  return createHash('sha256').update(canonical).digest('base64');
}

function buyerName(xml: string): string | undefined {
  const customer = parseXml(xml).getElementsByTagNameNS(NS.cac, 'AccountingCustomerParty')[0] as Element;
  return customer.getElementsByTagNameNS(NS.cbc, 'RegistrationName')[0]?.textContent ?? undefined;
}

describe('a signed document read back', () => {
  it('has one hash: signed, re-read by xmldom (the till and the stand-in) and by xmllint --c14n11, whatever Unicode the buyer is named in', () => {
    let n = 0;
    fc.assert(
      fc.property(awkwardText, awkwardText, (name, itemName) => {
        const doc = testDocument({
          profile: 'standard',
          buyer: { ...TEST_BUYER, name },
          lines: [{ id: 1, name: itemName, quantity: 1, net: 1739, tax: 261, total: 2000 }],
          net: 1739,
          tax: 261,
          total: 2000,
        });
        const signed = signDocument(doc, signer);
        expect(invoiceHash(signed.xml)).toBe(signed.hash);
        expect(checkDocument(signed.xml).hash).toBe(signed.hash);
        expect(libxml2Hash(signed.xml, dir.file(`doc-${n++ % 4}.xml`))).toBe(signed.hash);
        // What a reader gets is the name as written: nothing else was changed on the way in.
        expect(buyerName(signed.xml)).toBe(documentText(name));
      }),
      { numRuns: 80 },
    );
  });

  it('writes each line break as the LF every reader makes of it, drops what XML 1.0 refuses, and keeps the rest as typed', () => {
    expect(documentText('a\u2028b\u2029c\u0085d\re\r\nf\r\u0085g\nh')).toBe('a\nb\nc\nd\ne\nf\ng\nh');
    expect(documentText('a\u0000\u0008\u000b\u001f\u007f\u009f\ufffe\uffffb\tc')).toBe('ab\tc');
    expect(documentText('\ud800x\udfff')).toBe('\ufffdx\ufffd');
    const kept = 'شركة النور\u0651 é\u0301 😀 \u200f\u061c\u202e \ufeff';
    expect(documentText(kept)).toBe(kept);
  });

  it("states the seller's name in the QR as the document does, and the stand-in finds the simplified invoice sound", () => {
    const signed = signDocument(testDocument({ seller: { ...TEST_SELLER, name: 'Fajr\u2028Cafe\r\nOlaya' } }), signer);
    const qr = /<cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">([^<]+)</.exec(signed.xml)![1]!;
    expect(decodeZatcaPhase2Qr(qr).sellerName).toBe('Fajr\nCafe\nOlaya');
    const check = checkDocument(signed.xml);
    expect(check.errors).toEqual([]);
    expect(check.hash).toBe(signed.hash);
    expect(libxml2Hash(signed.xml, dir.file('seller.xml'))).toBe(signed.hash);
  });
});
