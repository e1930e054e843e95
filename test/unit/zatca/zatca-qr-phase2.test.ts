import { describe, expect, it } from 'vitest';
import { decodeZatcaPhase2Qr, encodeZatcaPhase2Qr, encodeZatcaQr, ZatcaQrError, type ZatcaPhase2QrFields } from '../../../src-shared/zatca/index.ts';
import { nodeBase64 } from '../../../src-main/zatca/index.ts';

const FIELDS: ZatcaPhase2QrFields = {
  sellerName: 'مقهى',
  vatNumber: '399999999900003',
  timestamp: '2026-11-25T13:15:30',
  total: '50.00',
  vatTotal: '6.52',
  invoiceHash: 'I5yH8Aq3jeq4khF6/boLdVpP+Yx7Jlr0yeJV95EjM+M=',
  signature: 'MEQCIBEG5cOWTri2+0N21CMXoWAKYI6p8+mWY3rpbi4MfdC6AiAS67ocb+QgRFXc6xNYZoGaGrore6OIF6TjMsabLOChVw==',
  publicKey: Uint8Array.from({ length: 88 }, (_, i) => i),
  certificateSignature: Uint8Array.from({ length: 71 }, (_, i) => 255 - i),
};

describe('the phase-2 QR', () => {
  it('is nine TLV records in tag order, read back by an independent decoder (Buffer)', () => {
    const qr = encodeZatcaPhase2Qr(FIELDS);
    const bytes = Buffer.from(qr, 'base64');
    const tags: [number, Buffer][] = [];
    for (let at = 0; at < bytes.length; at += 2 + bytes[at + 1]!) tags.push([bytes[at]!, bytes.subarray(at + 2, at + 2 + bytes[at + 1]!)]);
    expect(tags.map(([tag]) => tag)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tags[0]![1].toString('utf8')).toBe('مقهى');
    expect(tags[0]![1].length).toBe(8);
    expect(tags[5]![1].toString('utf8')).toBe(FIELDS.invoiceHash);
    expect(tags[7]![1]).toEqual(Buffer.from(FIELDS.publicKey));
    expect(tags[8]![1]).toEqual(Buffer.from(FIELDS.certificateSignature!));
    expect(decodeZatcaPhase2Qr(qr)).toEqual(FIELDS);
  });

  it("is the same text with Node's base64 as with src-shared's, whatever the name's characters (the main process signs with Node's)", () => {
    for (const sellerName of ['مقهى', 'Café ☕ 🍰 and co', 'x', 'م'.repeat(40)]) {
      const fields = { ...FIELDS, sellerName };
      expect(encodeZatcaPhase2Qr(fields, nodeBase64)).toBe(encodeZatcaPhase2Qr(fields));
      expect(decodeZatcaPhase2Qr(encodeZatcaPhase2Qr(fields, nodeBase64)).sellerName).toBe(sellerName);
      const phase1 = { sellerName, vatNumber: FIELDS.vatNumber, timestamp: '2026-11-25T10:15:30Z', total: '50.00', vatTotal: '6.52' };
      expect(encodeZatcaQr(phase1, nodeBase64)).toBe(encodeZatcaQr(phase1));
    }
    expect(() => encodeZatcaPhase2Qr({ ...FIELDS, sellerName: 'a\ud83cb' }, nodeBase64)).toThrow(
      'tag 1 (seller name): the text holds an unpaired UTF-16 surrogate (U+D83C)',
    );
    expect(() => encodeZatcaPhase2Qr({ ...FIELDS, sellerName: 'م'.repeat(128), signature: '' })).toThrow(/tag 7/);
    expect(() => encodeZatcaPhase2Qr({ ...FIELDS, sellerName: 'م'.repeat(128), publicKey: new Uint8Array(0) })).toThrow(
      'tag 1 is 256 bytes; the QR allows at most 255',
    );
  });

  it('refuses a missing tag, a bad amount and a QR longer than ZATCA allows', () => {
    expect(() => encodeZatcaPhase2Qr({ ...FIELDS, invoiceHash: '' })).toThrow(ZatcaQrError);
    expect(() => encodeZatcaPhase2Qr({ ...FIELDS, total: '50.0' })).toThrow(/two-place/);
    expect(() => encodeZatcaPhase2Qr({ ...FIELDS, publicKey: new Uint8Array(0) })).toThrow(/tag 8/);
    expect(() => encodeZatcaPhase2Qr({ ...FIELDS, sellerName: 'م'.repeat(120) })).toThrow(/at most 700/);
    const nineTags = Buffer.from(encodeZatcaPhase2Qr(FIELDS), 'base64');
    // Without tag 9 it is a standard document's QR; without tag 8 as well, no phase-2 QR at all.
    const withoutTag8 = nineTags.subarray(0, nineTags.length - 73 - 90).toString('base64');
    expect(() => decodeZatcaPhase2Qr(withoutTag8)).toThrow(/no tag 8/);
  });

  it("of a standard document (ZATCA's cleared QR) stops at tag 8: no CA signature, as the SDK's standard samples", () => {
    const qr = encodeZatcaPhase2Qr({ ...FIELDS, certificateSignature: null });
    const bytes = Buffer.from(qr, 'base64');
    const tags: number[] = [];
    for (let at = 0; at < bytes.length; at += 2 + bytes[at + 1]!) tags.push(bytes[at]!);
    expect(tags).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(decodeZatcaPhase2Qr(qr)).toEqual({ ...FIELDS, certificateSignature: null });
    // It is the nine-tag QR without its last record.
    expect(bytes).toEqual(Buffer.from(encodeZatcaPhase2Qr(FIELDS), 'base64').subarray(0, bytes.length));
  });
});
