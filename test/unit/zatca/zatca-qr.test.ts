import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeZatcaQr, encodeZatcaQr, formatZatcaTimestamp, ZatcaQrError, type ZatcaQrFields } from '../../../src-shared/zatca/index.ts';

const KNOWN: ZatcaQrFields = {
  sellerName: 'Firoz Ashraf',
  vatNumber: '1234567891',
  timestamp: '2021-11-17T08:30:00Z',
  total: '100.00',
  vatTotal: '15.00',
};
const KNOWN_QR = 'AQxGaXJveiBBc2hyYWYCCjEyMzQ1Njc4OTEDFDIwMjEtMTEtMTdUMDg6MzA6MDBaBAYxMDAuMDAFBTE1LjAw';

/** The TLV entries of a payload, read with Node's Buffer: an independent decoder for the tests. */
function tlv(base64: string): { tag: number; length: number; value: Buffer }[] {
  const bytes = Buffer.from(base64, 'base64');
  const out = [];
  for (let at = 0; at < bytes.length;) {
    const tag = bytes[at] ?? 0;
    const length = bytes[at + 1] ?? 0;
    out.push({ tag, length, value: bytes.subarray(at + 2, at + 2 + length) });
    at += 2 + length;
  }
  return out;
}

function errorOf(fn: () => unknown): ZatcaQrError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ZatcaQrError);
    return e as ZatcaQrError;
  }
  throw new Error('expected a ZatcaQrError');
}

describe('encodeZatcaQr', () => {
  it('encodes the known vector', () => {
    expect(encodeZatcaQr(KNOWN)).toBe(KNOWN_QR);
    expect(decodeZatcaQr(KNOWN_QR)).toEqual(KNOWN);
  });

  it('counts an Arabic seller name in UTF-8 bytes, two a letter', () => {
    const sellerName = 'مقهى الرياض'; // 10 letters and a space
    expect(sellerName.length).toBe(11);
    const qr = encodeZatcaQr({ ...KNOWN, sellerName, timestamp: '2026-11-21T10:15:00Z', total: '115.00' });
    const entries = tlv(qr);
    expect(entries.map((e) => e.tag)).toEqual([1, 2, 3, 4, 5]);
    expect(entries[0]?.length).toBe(21);
    expect(entries[0]?.length).toBe(Buffer.byteLength(sellerName, 'utf8'));
    expect(entries[0]?.value.toString('utf8')).toBe(sellerName);
    expect(Buffer.from(qr, 'base64').toString('base64')).toBe(qr);
    expect(decodeZatcaQr(qr)).toEqual({ ...KNOWN, sellerName, timestamp: '2026-11-21T10:15:00Z', total: '115.00' });
  });

  it('counts characters beyond the BMP as four bytes', () => {
    const sellerName = 'Café ☕ 𝒞'; // 5 one-byte characters, é 2 bytes, ☕ 3, 𝒞 4
    const [seller] = tlv(encodeZatcaQr({ ...KNOWN, sellerName }));
    expect(seller?.length).toBe(Buffer.byteLength(sellerName, 'utf8'));
    expect(seller?.length).toBe(14);
  });

  it('takes 255 bytes and refuses 256, naming the tag', () => {
    expect(tlv(encodeZatcaQr({ ...KNOWN, sellerName: 'ق'.repeat(127) + 'a' }))[0]?.length).toBe(255);
    const tooLong = errorOf(() => encodeZatcaQr({ ...KNOWN, sellerName: 'ق'.repeat(128) })); // 128 letters, 256 bytes
    expect(tooLong.tag).toBe(1);
    expect(tooLong.message).toBe('tag 1 (seller name) is 256 UTF-8 bytes; the QR allows at most 255, so shorten it');
    expect(errorOf(() => encodeZatcaQr({ ...KNOWN, vatNumber: '1'.repeat(256) })).tag).toBe(2);
  });

  it('refuses empty fields, naming the tag', () => {
    for (const [key, tag] of [
      ['sellerName', 1],
      ['vatNumber', 2],
      ['timestamp', 3],
      ['total', 4],
      ['vatTotal', 5],
    ] as const) {
      const error = errorOf(() => encodeZatcaQr({ ...KNOWN, [key]: '' }));
      expect(error.tag).toBe(tag);
      expect(error.message).toContain(`tag ${tag}`);
    }
  });

  it('refuses amounts that are not canonical two-place decimals', () => {
    for (const total of ['100', '100.0', '0100.00', '1e2', '100.000', ' 100.00']) {
      expect(errorOf(() => encodeZatcaQr({ ...KNOWN, total })).message).toBe(
        `tag 4 (invoice total with VAT) "${total}" must be a two-place decimal like "115.00"`,
      );
    }
    expect(errorOf(() => encodeZatcaQr({ ...KNOWN, vatTotal: 'fifteen' })).tag).toBe(5);
  });

  it('refuses a timestamp that is not ISO 8601', () => {
    for (const timestamp of ['yesterday', '2021-11-17 08:30:00', '2021-11-17T08:30:00', '17/11/2021']) {
      expect(errorOf(() => encodeZatcaQr({ ...KNOWN, timestamp })).tag).toBe(3);
    }
    expect(() => encodeZatcaQr({ ...KNOWN, timestamp: '2021-11-17T11:30:00+03:00' })).not.toThrow();
    expect(() => encodeZatcaQr({ ...KNOWN, timestamp: '2021-11-17T08:30:00.250Z' })).not.toThrow();
  });

  it('refuses an unpaired surrogate rather than printing a replacement character', () => {
    const error = errorOf(() => encodeZatcaQr({ ...KNOWN, sellerName: 'Cafe \ud800' }));
    expect(error.tag).toBe(1);
    expect(error.message).toMatch(/unpaired UTF-16 surrogate/);
  });
});

describe('decodeZatcaQr', () => {
  const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');
  const field = (tag: number, text: string) => {
    const value = [...Buffer.from(text, 'utf8')];
    return [tag, value.length, ...value];
  };
  const all = (skip?: number) =>
    [field(1, 'A'), field(2, '1'), field(3, '2021-11-17T08:30:00Z'), field(4, '1.00'), field(5, '0.13')].filter((_, i) => i + 1 !== skip).flat();

  it('reads a payload built independently', () => {
    expect(decodeZatcaQr(b64(all()))).toEqual({ sellerName: 'A', vatNumber: '1', timestamp: '2021-11-17T08:30:00Z', total: '1.00', vatTotal: '0.13' });
  });

  it('refuses malformed base64', () => {
    expect(() => decodeZatcaQr('AQx')).toThrow(/not a multiple of 4/);
    expect(() => decodeZatcaQr('AQ!=')).toThrow(/"!" at 2 is not a base64 character/);
    expect(() => decodeZatcaQr('A=Q=')).toThrow(ZatcaQrError);
    expect(() => decodeZatcaQr('AR==')).toThrow(/non-zero bits/);
  });

  it('refuses missing, duplicate, unknown and truncated tags', () => {
    expect(errorOf(() => decodeZatcaQr(b64(all(3)))).message).toBe('ZATCA QR has no tag 3');
    expect(errorOf(() => decodeZatcaQr(b64([...all(), ...field(2, '9')]))).message).toBe('ZATCA QR holds tag 2 twice');
    expect(errorOf(() => decodeZatcaQr(b64([...all(), ...field(6, 'x')]))).tag).toBe(6);
    expect(() => decodeZatcaQr(b64([...all(), 1]))).toThrow(/has no length byte/);
    expect(() => decodeZatcaQr(b64([...all(), 1, 5, 65]))).toThrow(/says 5 bytes but only 1 follow/);
    expect(() => decodeZatcaQr('')).toThrow(/no tag 1/);
  });

  it('refuses values that are not UTF-8', () => {
    for (const bad of [[0xc3], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80], [0xe2, 0x28, 0xa1]]) {
      const payload = [1, bad.length, ...bad, ...all(1)];
      const error = errorOf(() => decodeZatcaQr(b64(payload)));
      expect(error.tag).toBe(1);
      expect(error.message).toMatch(/tag 1 \(seller name\): not valid UTF-8/);
    }
  });
});

describe('round trips', () => {
  const text = (maxBytes: number) => fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).filter((s) => Buffer.byteLength(s, 'utf8') <= maxBytes);
  const amount = fc.integer({ min: 0, max: 10_000_000_00 }).map((n) => `${Math.trunc(n / 100)}.${String(n % 100).padStart(2, '0')}`);
  const fields: fc.Arbitrary<ZatcaQrFields> = fc.record({
    sellerName: text(255),
    vatNumber: fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 15, maxLength: 15 }),
    timestamp: fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
      .map((d) => formatZatcaTimestamp(d.getTime())),
    total: amount,
    vatTotal: amount,
  });

  it('decode(encode(fields)) = fields, and the bytes agree with Node', () => {
    fc.assert(
      fc.property(fields, (f) => {
        const qr = encodeZatcaQr(f);
        expect(decodeZatcaQr(qr)).toEqual(f);
        const expected = Buffer.concat(
          [f.sellerName, f.vatNumber, f.timestamp, f.total, f.vatTotal].map((v, i) => {
            const value = Buffer.from(v, 'utf8');
            return Buffer.concat([Buffer.from([i + 1, value.length]), value]);
          }),
        );
        expect(qr).toBe(expected.toString('base64'));
      }),
      { numRuns: 500 },
    );
  });
});

describe('formatZatcaTimestamp', () => {
  it('writes UTC to the second with a Z', () => {
    expect(formatZatcaTimestamp(Date.UTC(2026, 10, 21, 10, 15, 0, 999))).toBe('2026-11-21T10:15:00Z');
    expect(formatZatcaTimestamp(Date.UTC(2021, 10, 17, 8, 30))).toBe('2021-11-17T08:30:00Z');
    expect(() => formatZatcaTimestamp(Number.NaN)).toThrow(ZatcaQrError);
  });
});
