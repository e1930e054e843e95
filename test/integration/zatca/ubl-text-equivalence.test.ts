import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EgsCertificate } from '../../../src-main/zatca/egs-certificate.ts';
import { hashedCanonicalForm, invoiceHashBytes, parseXml, unstampedInvoiceHashBytes } from '../../../src-main/zatca/invoice-hash.ts';
import { signDocument, type EgsSigner } from '../../../src-main/zatca/sign-document.ts';
import { ublText, XML_DECLARATION } from '../../../src-main/zatca/ubl-text.ts';
import { signedPropertiesDigest, stampExtension, type Stamp } from '../../../src-main/zatca/xades-stamp.ts';
import type { ZatcaDocument, ZatcaLine, ZatcaParty } from '../../../src-main/zatca/zatca-document.ts';
import { riyadhDateTime } from '../../../src-shared/zatca/index.ts';
import { buildUbl } from '../../support/dom-ubl/ubl-invoice.ts';
import { signedPropertiesDigest as domSignedPropertiesDigest, writeStamp } from '../../support/dom-ubl/xades-stamp.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { TEST_SELLER, testDocument, testSigner } from '../../support/zatca-egs.ts';

// The till writes a document as canonical text (ubl-text.ts, xades-stamp.ts). Here every document is also built the
// way the till built it before, on a DOM that the canonicalizer writes (test/support/dom-ubl), and the two must agree
// byte for byte: the hashed text, the hash, the signed text. libxml2 (xmllint --c14n11) is the third, independent
// reader of what the hash covers.

/** Texts a document can hold: Arabic and English, XML's specials, line breaks and tabs, what readers change or drop. */
const TEXTS = [
  'Latte "large" & <hot>',
  'كرواسون',
  'Cappuccino (Medium، حليب الشوفان)',
  "Tom's \"special\" & <b>bold</b> > 'quoted'",
  'line one\r\nline two\rline three\nline four\ttabbed',
  'next line\u0085 line separator\u2028 paragraph\u2029 end\r\u0085',
  'controls \u0001\u0008\u000B\u000C\u001F\u007F\u0080\u009F gone',
  'lone \uD800 high and \uDC00 low, a pair \uD83E\uDD50 kept',
  'قهوة عربية ☕️ with bidi \u200F\u202Bمرحبا\u202C',
  ']]> not a CDATA end, &amp; not an entity, &#xD; not a reference',
  '\uFFFE\uFFFF',
  '',
  '   spaced   ',
  'Discount; خصم الموظفين & <VIP>',
];

/** A small deterministic generator, so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function variedDocument(seed: number): ZatcaDocument {
  const next = random(seed);
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(from: readonly T[]): T => from[int(from.length)]!;
  const text = () => (next() < 0.5 ? pick(TEXTS) : `${pick(TEXTS)} ${pick(TEXTS)}`);
  const party = (): ZatcaParty => ({
    name: text(),
    vatNumber: next() < 0.8 ? '3' + String(int(1e9)).padStart(13, '0') + '3' : text(),
    crn: next() < 0.3 ? '' : next() < 0.8 ? String(int(1e10)) : text(),
    street: text(),
    building: String(int(10000)),
    district: text(),
    city: pick(['Riyadh', 'الرياض', 'Jeddah & Co', text()]),
    postalCode: String(int(100000)),
  });
  const vatRate = pick([1500, 0, 500, 1500]);
  const lines: ZatcaLine[] = Array.from({ length: int(6) }, (_, i) => {
    const net = int(100000);
    const tax = Math.round((net * vatRate) / 10000);
    const allowance = next() < 0.4 ? { amount: pick([0, int(5000) + 1]), reason: text() } : undefined;
    return { id: i + 1, name: text(), quantity: int(20) + 1, net, tax, total: net + tax, ...(allowance ? { allowance } : {}) };
  });
  const net = lines.reduce((sum, line) => sum + line.net, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  const kind = pick(['invoice', 'invoice', 'credit', 'debit'] as const);
  const standard = next() < 0.3;
  return {
    kind,
    ...(standard ? { profile: 'standard' as const, buyer: party() } : next() < 0.5 ? { profile: 'simplified' as const } : {}),
    id: next() < 0.7 ? `T1-20261125-${String(int(10000)).padStart(4, '0')}` : text(),
    uuid: '3cf5ee18-ee25-44ea-a444-' + String(int(1e12)).padStart(12, '0'),
    // Across days, years and Riyadh's midnight.
    issuedAt: Date.UTC(2026, 0, 1) + int(3 * 365 * 24 * 3600) * 1000,
    icv: int(1e6) + 1,
    pih: Buffer.from(String(next())).toString('base64'),
    seller: next() < 0.3 ? TEST_SELLER : party(),
    vatRate,
    lines,
    net,
    tax,
    total: net + tax,
    paymentMeansCode: pick(['10', '48', '1'] as const),
    ...(kind === 'invoice' ? {} : { billingReference: next() < 0.7 ? 'T1-20261125-0001' : text(), reason: text() || 'Refund' }),
  };
}

const SEEDS = Array.from({ length: 120 }, (_, i) => i + 1);

/** A certificate whose texts go into the stamp as they are: the real one, and one whose issuer holds every special. */
function oddCertificate(real: EgsCertificate): EgsCertificate {
  return { ...real, issuerName: 'CN=Test & <Sub> CA, O="Quoted" \'Org\'\r\nLine\tTab', serialNumber: '12345678901234567890' };
}

let signer: EgsSigner;
beforeAll(async () => {
  signer = (await testSigner()).signer;
});

const stampOf = (doc: ZatcaDocument, certificate: EgsCertificate, seed: number): Stamp => {
  const { date, time } = riyadhDateTime(doc.issuedAt);
  const signingTime = `${date}T${time}`;
  return {
    signatureValue: Buffer.from(`signature ${seed}`).toString('base64'),
    signedPropertiesDigest: domSignedPropertiesDigest(certificate, signingTime),
    signingTime,
    invoiceHash: Buffer.from(`hash ${seed}`).toString('base64'),
    certificate,
  };
};

describe('the document written as canonical text', () => {
  it.each(SEEDS)('is the canonical form of the same document built on a DOM, and hashes alike (seed %i)', (seed) => {
    const doc = variedDocument(seed);
    const text = ublText(doc);
    const built = buildUbl(doc);
    expect(XML_DECLARATION + text.canonical).toBe(built);
    expect(unstampedInvoiceHashBytes(text.canonical)).toEqual(invoiceHashBytes(parseXml(built)));
    expect(Buffer.concat(text.canonicalUtf8()).equals(Buffer.from(text.canonical, 'utf8'))).toBe(true);
    expect(unstampedInvoiceHashBytes(text.canonicalUtf8())).toEqual(invoiceHashBytes(parseXml(built)));
  });

  it.each(SEEDS)('signed with given stamp inputs, is the text of the DOM built with them (seed %i)', (seed) => {
    const doc = variedDocument(seed);
    const certificate = seed % 2 === 0 ? signer.certificate : oddCertificate(signer.certificate);
    const stamp = stampOf(doc, certificate, seed);
    expect(signedPropertiesDigest(certificate, stamp.signingTime)).toBe(stamp.signedPropertiesDigest);
    const qr = doc.profile === 'standard' ? null : Buffer.from(`qr ${seed}`).toString('base64');
    const signed = ublText(doc).signed({ qr, extensions: stampExtension(stamp) });
    expect(signed).toBe(buildUbl(doc, { qr, writeExtensions: (extensions) => writeStamp(extensions, stamp) }));
    expect(
      ublText(doc)
        .signedUtf8({ qr, extensions: stampExtension(stamp) })
        .equals(Buffer.from(signed, 'utf8')),
    ).toBe(true);
    // What a reader of the signed text hashes is what was hashed.
    expect(hashedCanonicalForm(parseXml(signed))).toBe(ublText(doc).canonical);
  });

  it.each(SEEDS.filter((seed) => seed % 4 === 0))('comes out of signDocument as the DOM built with its signature would (seed %i)', (seed) => {
    const varied = variedDocument(seed);
    // The QR holds at most 700 characters, and the seller's name is in it: its first 30 characters.
    const doc = { ...varied, seller: { ...varied.seller, name: varied.seller.name.slice(0, 30) } };
    const signed = signDocument(doc, signer);
    const stamp = { ...stampOf(doc, signer.certificate, seed), signatureValue: signed.signature, invoiceHash: signed.hash };
    const qr = doc.profile === 'standard' ? null : signed.qr;
    expect(signed.xml).toBe(buildUbl(doc, { qr, writeExtensions: (extensions) => writeStamp(extensions, stamp) }));
    expect(signed.hash).toBe(invoiceHashBytes(parseXml(buildUbl(doc))).toString('base64'));
  });

  it('refuses what the DOM build refused: a standard document without its buyer, a note without its invoice or reason', () => {
    const refusals = [
      testDocument({ profile: 'standard' }),
      testDocument({ kind: 'credit', reason: 'Returned' }),
      testDocument({ kind: 'debit', billingReference: 'T1-20261125-0001' }),
    ];
    for (const doc of refusals) {
      expect(() => buildUbl(doc)).toThrow(RangeError);
      expect(() => ublText(doc)).toThrow(RangeError);
    }
  });
});

describe('what the hash covers, read by libxml2', () => {
  const dir = tempDir('till-ubl-text-');
  afterAll(() => dir.cleanup());

  it('is what xmllint --c14n11 makes of the signed text with the stamp, the signature and the QR cut out, for every varied document', () => {
    for (const seed of SEEDS) {
      const doc = variedDocument(seed);
      const text = ublText(doc);
      const qr = doc.profile === 'standard' ? null : 'cXI=';
      const signed = text.signed({ qr, extensions: stampExtension(stampOf(doc, signer.certificate, seed)) });
      // The parts are contiguous spans: cut by text, never by the code under test.
      const cut = signed
        .replace(/<ext:UBLExtensions>.*<\/ext:UBLExtensions>/s, '')
        .replace(/<cac:Signature>.*?<\/cac:Signature>/s, '')
        .replace(/<cac:AdditionalDocumentReference><cbc:ID>QR<\/cbc:ID>.*?<\/cac:AdditionalDocumentReference>/s, '');
      const file = dir.file(`doc-${seed}.xml`);
      writeFileSync(file, cut);
      expect(execFileSync('xmllint', ['--c14n11', file]).toString('utf8'), `seed ${seed}`).toBe(text.canonical);
    }
  });
});
