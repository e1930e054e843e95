import { createHash } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { signDocument, type EgsSigner } from '../../../src-main/zatca/sign-document.ts';
import { storeDocument, storedQr, storedXmlText, storeXml } from '../../../src-main/zatca/stored-xml.ts';
import { STORED_XML_DICTIONARY_V1 } from '../../../src-main/zatca/stored-xml-dictionary.ts';
import { TEST_BUYER, testDocument, testSigner } from '../../support/zatca-egs.ts';

// Issue 37: zatca_documents keeps a document's signed text deflated against a frozen dictionary (`z1:`), a part of
// one page instead of three and a half. The hash and the signature are over the text's bytes: it must come back
// byte for byte.

let signer: EgsSigner;
beforeAll(async () => {
  ({ signer } = await testSigner());
});

const manyLines = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  name: `صنف ${i} — "quoted" & <escaped> ☕ 𝔘`,
  quantity: i + 1,
  net: 870 * (i + 1),
  tax: 130 * (i + 1),
  total: 1000 * (i + 1),
}));

describe('a stored document', () => {
  it.each([
    ['a two-line simplified invoice', () => testDocument()],
    ['forty lines of Arabic and escaped text', () => testDocument({ icv: 9, lines: manyLines, net: 713_400, tax: 106_600, total: 820_000 })],
    ['a credit note', () => testDocument({ kind: 'credit', icv: 3, billingReference: 'T1-20261125-0001', reason: 'returned' })],
  ])('%s comes back byte for byte, in a quarter of its size or less', (_, make) => {
    const { xml } = signDocument(make(), signer);
    const stored = storeXml(xml);
    expect(stored.startsWith('z1:')).toBe(true);
    expect(Buffer.from(storedXmlText(stored), 'utf8').equals(Buffer.from(xml, 'utf8'))).toBe(true);
    expect(stored.length).toBeLessThan(Buffer.byteLength(xml, 'utf8') / 4);
  });

  it('written before the compact form (the text itself) reads as it is', () => {
    const { xml } = signDocument(testDocument(), signer);
    expect(xml.startsWith('<')).toBe(true);
    expect(storedXmlText(xml)).toBe(xml);
  });

  it('is read through the frozen dictionary: its bytes never change (a new one is a new format)', () => {
    expect(createHash('sha256').update(STORED_XML_DICTIONARY_V1, 'utf8').digest('hex')).toBe(
      'de96ee4e4bc80451e45122f4fe6dc6a0cb58de379ecd66da838c0cbd2e856cf0',
    );
    // Stored as z1: on 2026-11-29 (its whole head found in the dictionary), read back by this build.
    expect(storedXmlText('z1:s6Hn0iV4yN5YfWP5jRU3VqENvsFdBQA=')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID>ثابت-0001</cbc:ID></Invoice>',
    );
  });

  it('refuses a cut stored form rather than returning part of the text', () => {
    const stored = storeXml(signDocument(testDocument(), signer).xml);
    expect(() => storedXmlText(stored.slice(0, -16))).toThrow();
  });

  it('refuses a stored form that would inflate past any document (a crafted row), rather than filling the memory', () => {
    const bomb = `z1:${deflateRawSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9, dictionary: Buffer.from(STORED_XML_DICTIONARY_V1, 'utf8') }).toString('base64')}`;
    expect(bomb.length).toBeLessThan(256 * 1024);
    expect(() => storedXmlText(bomb)).toThrow(/buffer|length|larger/i);
  });

  it("keeps no second copy of a simplified document's QR: its text embeds it, and it is read back from there", () => {
    const signed = signDocument(testDocument(), signer);
    expect(signed.qr.length).toBeGreaterThan(400);
    const stored = storeDocument(signed);
    expect(stored.qr).toBe('');
    expect(storedQr(stored.qr, storedXmlText(stored.xml))).toBe(signed.qr);
    // A standard invoice has no QR of its own until ZATCA clears it: '' stays ''.
    const standard = signDocument(testDocument({ profile: 'standard', buyer: TEST_BUYER }), signer);
    expect(standard.qr).toBe('');
    expect(storedQr(storeDocument(standard).qr, standard.xml)).toBe('');
    // A QR that is not the one the text embeds is kept in its column.
    expect(storeDocument({ xml: signed.xml, qr: 'AQ==' }).qr).toBe('AQ==');
    expect(storedQr('AQ==', signed.xml)).toBe('AQ==');
    expect(storeDocument({ ...signed, qr: 'AQ==' }).qr).toBe('AQ==');
  });

  it.each([
    ['a two-line simplified invoice', () => testDocument()],
    ['forty lines of Arabic and escaped text', () => testDocument({ icv: 9, lines: manyLines, net: 713_400, tax: 106_600, total: 820_000 })],
    ['a credit note', () => testDocument({ kind: 'credit', icv: 3, billingReference: 'T1-20261125-0001', reason: 'returned' })],
    ['a standard invoice', () => testDocument({ profile: 'standard', buyer: TEST_BUYER })],
  ])('%s: stored from the UTF-8 the signing made, exactly as from its text', (_, make) => {
    const signed = signDocument(make(), signer);
    expect(signed.utf8!.equals(Buffer.from(signed.xml, 'utf8'))).toBe(true);
    const { utf8, ...text } = signed;
    expect(storeDocument(signed)).toEqual(storeDocument(text));
    expect(storeXml(utf8!)).toBe(storeXml(signed.xml));
  });
});
