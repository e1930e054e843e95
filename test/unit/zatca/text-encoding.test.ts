// The hand-written UTF-8 and base64 of src-shared/zatca, checked against Node's own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from '../../../src-shared/zatca/base64.ts';
import { decodeUtf8, encodeUtf8 } from '../../../src-shared/zatca/utf8.ts';

describe('UTF-8', () => {
  it('matches Node for every well-formed string, and decodes back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
        const bytes = encodeUtf8(s, 't');
        expect(Buffer.from(bytes).equals(Buffer.from(s, 'utf8'))).toBe(true);
        expect(decodeUtf8(bytes, 't')).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });

  it('handles each encoded length at its edges', () => {
    for (const cp of [0, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xffff, 0x10000, 0x10ffff]) {
      const s = String.fromCodePoint(cp);
      expect(Buffer.from(encodeUtf8(s, 't')).equals(Buffer.from(s, 'utf8'))).toBe(true);
      expect(decodeUtf8(encodeUtf8(s, 't'), 't')).toBe(s);
    }
  });

  it('writes a text of three-byte characters only, and of pairs only, whole (the bytes are written in place, then cut to length)', () => {
    for (const s of ['ك'.repeat(300) + 'ر', '\u0800\uffff'.repeat(200), '😀'.repeat(300), 'a😀ك'.repeat(100)]) {
      const bytes = encodeUtf8(s, 't');
      expect(Buffer.from(bytes).equals(Buffer.from(s, 'utf8'))).toBe(true);
      expect(bytes.buffer.byteLength).toBeGreaterThanOrEqual(bytes.length);
    }
    expect(encodeUtf8('', 't')).toEqual(new Uint8Array(0));
  });

  it('refuses an unpaired surrogate wherever it stands, naming it (a pair is read by code unit, not by a string iterator)', () => {
    for (const [s, named] of [
      ['ab\ud83d', 'D83D'],
      ['\ud83dx', 'D83D'],
      ['\ud83d\ud83d\ude00', 'D83D'],
      ['x\ude00', 'DE00'],
      ['\ude00\ud83d', 'DE00'],
    ] as const) {
      expect(() => encodeUtf8(s, 'where')).toThrow(new RegExp(`^where: .*U\\+${named}\\)`));
    }
  });
});

describe('base64', () => {
  it('matches Node and round-trips', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = encodeBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(Buffer.from(decodeBase64(text, 't')).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('matches Node past the 4,096 characters it makes at a time', () => {
    for (const length of [3071, 3072, 3073, 3074, 6144, 10_000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + 7) & 255);
      expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
    expect(encodeBase64(new Uint8Array(0))).toBe('');
  });
});
