import { describe, expect, it } from 'vitest';
import { utf8Scratch } from '../../../src-main/zatca/utf8-scratch.ts';

// Issue 37: the invoice hash and the stored (deflated) text read a signed document's UTF-8 from one buffer kept
// for reuse instead of a new one per sale. The bytes must be Buffer.from's exactly, whatever came before.
describe('utf8Scratch', () => {
  it("gives Buffer.from's bytes, Arabic and past its first size included, a shorter text after a longer one too", () => {
    const arabic = 'شركة المثال للتجارة <cbc:Name>مطعم</cbc:Name> & €';
    const long = `<Invoice>${arabic.repeat(2_000)}</Invoice>`; // about 170 KB: past the buffer's first 32 KB
    for (const text of ['', 'plain ascii', arabic, long, 'short again', arabic]) {
      expect(Buffer.compare(utf8Scratch(text), Buffer.from(text, 'utf8'))).toBe(0);
    }
  });

  it('reuses one buffer: the bytes are a view on the same memory each time', () => {
    const first = utf8Scratch('one');
    const second = utf8Scratch('two');
    expect(second.buffer).toBe(first.buffer);
  });
});
