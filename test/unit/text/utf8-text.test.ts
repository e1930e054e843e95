import { describe, expect, it } from 'vitest';
import { TRANSCODED_UP_TO_BYTES, utf8Text } from '../../../src-main/text/index.ts';

/** What the answers were decoded with before: utf8Text must give exactly its text. */
const byToString = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

describe('utf8Text', () => {
  const texts = {
    empty: '',
    ascii: '{"data":[{"id":1,"name_en":"Latte"}]}',
    arabic: '{"name_ar":"قهوة عربية","name_en":"Arabic coffee"}',
    'astral (surrogate pairs)': '{"note":"☕ 😀 𝔸"}',
    'a byte-order mark': '\ufeff{"a":1}',
    'a NUL': 'a\u0000b',
  };
  for (const [name, text] of Object.entries(texts)) {
    it(`decodes ${name} as toString does`, () => {
      const bytes = Buffer.from(text, 'utf8');
      expect(utf8Text(bytes)).toBe(text);
      expect(utf8Text(bytes)).toBe(byToString(bytes));
    });
  }

  // ICU's converter throws on these; toString puts U+FFFD for each bad sequence, and so must utf8Text.
  const notUtf8 = {
    'a lone continuation byte': [0x61, 0x80, 0x62],
    'a truncated sequence': [0xd9, 0x82, 0xd9],
    'an encoded surrogate (CESU-8)': [0xed, 0xa0, 0x80],
    'an overlong slash': [0xc0, 0xaf],
    'a byte never in UTF-8': [0x22, 0xff, 0x22],
  };
  for (const [name, bytes] of Object.entries(notUtf8)) {
    it(`decodes ${name} with U+FFFD, as toString does`, () => {
      const mixed = Uint8Array.from([...Buffer.from('عربي '), ...bytes]);
      expect(utf8Text(mixed)).toBe(byToString(mixed));
      expect(utf8Text(mixed)).toContain('\ufffd');
    });
  }

  it('reads a view into a larger buffer from its own offset and length', () => {
    const whole = Buffer.from('xxقهوةyy', 'utf8');
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 2, whole.byteLength - 4);
    expect(utf8Text(view)).toBe('قهوة');
  });

  it('decodes an answer above the transcoding limit (left to toString) to the same text', () => {
    const text = 'ق'.repeat(TRANSCODED_UP_TO_BYTES / 2 + 1);
    expect(utf8Text(Buffer.from(text, 'utf8'))).toBe(text);
  });
});
