import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import { canonicalize } from '../../../src-main/zatca/c14n.ts';
import { hashedCanonicalForm, invoiceHash, parseXml } from '../../../src-main/zatca/invoice-hash.ts';
import { signDocument, type EgsSigner } from '../../../src-main/zatca/sign-document.ts';
import { ublText, XML_DECLARATION } from '../../../src-main/zatca/ubl-text.ts';
import { stampExtension } from '../../../src-main/zatca/xades-stamp.ts';
import { decodeZatcaPhase2Qr } from '../../../src-shared/zatca/index.ts';
import { buildUbl } from '../../support/dom-ubl/ubl-invoice.ts';
import { writeStamp } from '../../support/dom-ubl/xades-stamp.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { TEST_BUYER, testDocument, testSigner } from '../../support/zatca-egs.ts';

// The checks here are independent of the code under test: libxml2's
// `xmllint --c14n11` canonicalizes, `openssl` hashes and verifies, and the
// document is stripped by plain text surgery (it is written without
// whitespace between elements, so each part is one contiguous span).

const dir = tempDir('till-zatca-');
let signer: EgsSigner;
let caPem: string;
afterAll(() => dir.cleanup());
beforeAll(async () => {
  const made = await testSigner();
  signer = made.signer;
  caPem = made.ca.certificatePem;
});

const run = (cmd: string, args: string[], input?: string | Buffer) => execFileSync(cmd, args, { input });
const b64 = (data: Buffer) => data.toString('base64');
const between = (xml: string, open: string, close: string) => {
  const start = xml.indexOf(open);
  const end = xml.indexOf(close, start);
  if (start < 0 || end < 0) throw new Error(`no ${open} in the document`);
  return xml.slice(start, end + close.length);
};
const element = (xml: string, name: string) => between(xml, `<${name}>`, `</${name}>`).slice(name.length + 2, -(name.length + 3));

function stripByText(xml: string): string {
  return xml
    .replace(between(xml, '<ext:UBLExtensions>', '</ext:UBLExtensions>'), '')
    .replace(between(xml, '<cac:Signature>', '</cac:Signature>'), '')
    .replace(between(xml, '<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID>', '</cac:AdditionalDocumentReference>'), '');
}

const kinds = [
  testDocument(),
  testDocument({ kind: 'credit', icv: 2, billingReference: 'T1-20261125-0001', reason: 'Customer returned: wrong size\tand "cold"' }),
  testDocument({ kind: 'debit', icv: 3, billingReference: 'T1-20261125-0001', reason: 'Price corrected' }),
];

describe('the invoice hash', () => {
  it.each(kinds)('of a $kind is SHA-256 over what xmllint --c14n11 makes of the document without the stamp, the signature and the QR', (doc) => {
    const signed = signDocument(doc, signer);
    const file = dir.file(`${doc.kind}-stripped.xml`);
    writeFileSync(file, stripByText(signed.xml));
    const canonical = run('xmllint', ['--c14n11', file]);
    expect(hashedCanonicalForm(parseXml(signed.xml))).toBe(canonical.toString('utf8'));
    const digest = run('openssl', ['dgst', '-sha256', '-binary'], canonical);
    expect(signed.hash).toBe(b64(digest));
    expect(element(signed.xml, 'ds:DigestValue')).toBe(signed.hash);
    // The unsigned text is exactly what the hash covers.
    expect(invoiceHash(XML_DECLARATION + ublText(doc).canonical)).toBe(signed.hash);
  });

  it.each([...kinds, testDocument({ profile: 'standard', buyer: TEST_BUYER })])(
    'of a $kind ($profile) is taken from the one text the stamp then goes into: the bytes of the document built stamped on a DOM',
    (doc) => {
      const stamp = {
        signatureValue: 'c2ln',
        signedPropertiesDigest: 'ZGln',
        signingTime: '2026-11-25T13:15:30',
        invoiceHash: 'aGFzaA==',
        certificate: signer.certificate,
      };
      const qr = doc.profile === 'standard' ? null : 'cXI=';
      const once = ublText(doc);
      const before = hashedCanonicalForm(parseXml(buildUbl(doc)));
      expect(once.canonical).toBe(before);
      expect(once.signed({ qr, extensions: stampExtension(stamp) })).toBe(
        buildUbl(doc, { qr, writeExtensions: (extensions) => writeStamp(extensions, stamp) }),
      );
    },
  );

  it('changes when any amount changes, and not when only the stamp does', () => {
    const a = signDocument(testDocument(), signer);
    const b = signDocument(testDocument(), signer);
    expect(b.hash).toBe(a.hash);
    expect(b.signature).not.toBe(a.signature); // ECDSA is randomized; the hash is not
    expect(signDocument(testDocument({ total: 5001 }), signer).hash).not.toBe(a.hash);
  });
});

describe('the canonicalizer', () => {
  const samples = [
    '<a xmlns="urn:d" xmlns:z="urn:z" xmlns:b="urn:b" z:y="2" b:x="1" c="3" a="&amp;&lt;&quot;&#9;&#10;&#13;"><b:c xmlns:b="urn:b" xmlns="urn:d">t&gt;&amp;&#13;</b:c><e xmlns=""/><f xmlns="urn:other"><g xmlns="urn:d"/></f></a>',
    '<?xml version="1.0"?><?pi before?><r><x xmlns:p="urn:p"><p:y/></x><![CDATA[<raw & text>]]></r><?pi after?>',
    '<r xmlns:a="urn:a"><a:s xmlns:a="urn:a2"><a:t xmlns:a="urn:a"/></a:s></r>',
  ];
  // (xmllint keeps comments; ZATCA's documents have none and this canonicalizer drops them, so the samples carry none.)
  it.each(samples.map((xml, i) => [i, xml]))('matches xmllint --c14n11 and --exc-c14n on sample %i', (i, xml) => {
    const file = dir.file(`sample-${i}.xml`);
    writeFileSync(file, xml);
    expect(canonicalize(parseXml(xml), 'inclusive')).toBe(run('xmllint', ['--c14n11', file]).toString('utf8'));
    expect(canonicalize(parseXml(xml), 'exclusive')).toBe(run('xmllint', ['--exc-c14n', file]).toString('utf8'));
  });
});

describe('the stamp', () => {
  it('verifies with openssl: ECDSA-SHA256 of the invoice hash under the certificate, which the CA signed', () => {
    const signed = signDocument(testDocument(), signer);
    const certPem = `-----BEGIN CERTIFICATE-----\n${element(signed.xml, 'ds:X509Certificate').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
    writeFileSync(dir.file('egs.pem'), certPem);
    writeFileSync(dir.file('ca.pem'), caPem);
    writeFileSync(dir.file('pub.pem'), run('openssl', ['x509', '-in', dir.file('egs.pem'), '-noout', '-pubkey']));
    writeFileSync(dir.file('sig.der'), Buffer.from(element(signed.xml, 'ds:SignatureValue'), 'base64'));
    writeFileSync(dir.file('hash.bin'), Buffer.from(signed.hash, 'base64'));
    expect(run('openssl', ['dgst', '-sha256', '-verify', dir.file('pub.pem'), '-signature', dir.file('sig.der'), dir.file('hash.bin')]).toString()).toMatch(
      /Verified OK/,
    );
    writeFileSync(dir.file('hash.bin'), Buffer.from(signDocument(testDocument({ total: 1 }), signer).hash, 'base64'));
    expect(() => run('openssl', ['dgst', '-sha256', '-verify', dir.file('pub.pem'), '-signature', dir.file('sig.der'), dir.file('hash.bin')])).toThrow();
    expect(run('openssl', ['verify', '-CAfile', dir.file('ca.pem'), dir.file('egs.pem')]).toString()).toMatch(/OK/);
  });

  // The second document is signed from the canonical text kept for the certificate: only the signing time differs.
  it.each([Date.UTC(2026, 10, 25, 10, 15, 30), Date.UTC(2027, 0, 2, 23, 59, 59)])(
    "carries the SignedProperties digest of xmllint's exclusive canonical form, and the certificate digest ZATCA's way (issued %i)",
    (issuedAt) => {
      const signed = signDocument(testDocument({ issuedAt }), signer);
      const props = between(signed.xml, '<xades:SignedProperties ', '</xades:SignedProperties>');
      const wrapper = `<w xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">${props}</w>`;
      writeFileSync(dir.file('props.xml'), wrapper);
      const exclusive = between(
        run('xmllint', ['--exc-c14n', dir.file('props.xml')]).toString('utf8'),
        '<xades:SignedProperties ',
        '</xades:SignedProperties>',
      );
      expect(exclusive).toMatch(/^<xades:SignedProperties xmlns:xades="[^"]+" Id="xadesSignedProperties">/);
      const hexBase64 = (data: string) => Buffer.from(createHash('sha256').update(data).digest('hex')).toString('base64');
      const digests = [...signed.xml.matchAll(/<ds:DigestValue>([^<]+)<\/ds:DigestValue>/g)].map((m) => m[1]);
      expect(digests[1]).toBe(hexBase64(exclusive));
      expect(digests[2]).toBe(hexBase64(element(signed.xml, 'ds:X509Certificate')));
    },
  );

  it('puts the nine tags in the QR: the phase-1 fields, the hash, the signature, the public key and the CA signature', () => {
    const signed = signDocument(testDocument(), signer);
    const qr = decodeZatcaPhase2Qr(
      /<cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">([^<]+)</.exec(signed.xml)![1]!,
    );
    const certDer = run('openssl', ['x509', '-in', dir.file('egs.pem'), '-outform', 'DER']);
    const spki = run('openssl', ['pkey', '-pubin', '-in', dir.file('pub.pem'), '-outform', 'DER']);
    expect(qr).toMatchObject({
      sellerName: 'مقهى الفجر & Co <Riyadh>',
      vatNumber: '399999999900003',
      timestamp: '2026-11-25T13:15:30',
      total: '50.00',
      vatTotal: '6.52',
    });
    expect(qr.invoiceHash).toBe(signed.hash);
    expect(qr.signature).toBe(signed.signature);
    expect(Buffer.from(qr.publicKey)).toEqual(spki);
    // The certificate's signature is its last element: the BIT STRING after the algorithm.
    expect(certDer.subarray(certDer.length - qr.certificateSignature!.length)).toEqual(Buffer.from(qr.certificateSignature!));
    expect(signed.qr.length).toBeLessThanOrEqual(700);
  });

  it.each(kinds)("passes the stand-in's independent check as a $kind, which catches tampering", (doc) => {
    const signed = signDocument(doc, signer);
    expect(checkDocument(signed.xml).errors).toEqual([]);
    expect(checkDocument(signed.xml).hash).toBe(signed.hash);
    const tampered = checkDocument(signed.xml.replace('<cbc:PayableAmount currencyID="SAR">50.00<', '<cbc:PayableAmount currencyID="SAR">5.00<'));
    expect(tampered.errors.map((e) => e.code)).toEqual(expect.arrayContaining(['invalid-invoice-hash', 'signature']));
  });
});
