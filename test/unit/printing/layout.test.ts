// The text-mode column layout and the dot conversion, checked as properties.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PaperWidth } from '../../../src-main/printing/index.ts';
import { decodeEscPos } from '../../../src-main/printing/escpos/decode-escpos.ts';
import { renderDocumentToEscPos } from '../../../src-main/printing/escpos/render-escpos.ts';

const word = fc.stringMatching(/^[A-Za-z0-9.]{1,20}$/);

describe('text-mode columns', () => {
  it('never runs past the paper, keeps every word, and puts the amount on the right edge', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(word, { minLength: 1, maxLength: 12 }),
        fc.option(fc.stringMatching(/^[0-9]{1,6}\.[0-9]{2}$/), { nil: undefined }),
        fc.constantFrom<PaperWidth>(58, 80),
        fc.constantFrom<1 | 2>(1, 2),
        async (words, amount, width, magnify) => {
          const text = words.join(' ');
          const bytes = await renderDocumentToEscPos({ blocks: [{ kind: 'text', text, right: amount, width: magnify }] }, { width, mode: 'text' });
          const columns = (width === 80 ? 48 : 32) / magnify;
          const lines = decodeEscPos(bytes).commands.flatMap((c) => (c.type === 'text' ? [c.text] : []));
          expect(lines.every((l) => l.length <= columns)).toBe(true);
          if (amount !== undefined) {
            expect(lines[0]!.endsWith(amount)).toBe(true);
            expect(lines[0]).toHaveLength(columns);
          }
          const rest = amount === undefined ? lines.join(' ') : [lines[0]!.slice(0, -amount.length), ...lines.slice(1)].join(' ');
          expect(rest.split(/ +/).filter(Boolean).join('')).toBe(words.join(''));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('text-mode line breaks', () => {
  const textLines = async (text: string, right?: string): Promise<string[]> => {
    const bytes = await renderDocumentToEscPos({ blocks: [{ kind: 'text', text, right }] }, { width: 58, mode: 'text' });
    return decodeEscPos(bytes).commands.flatMap((c) => (c.type === 'text' ? [c.text] : []));
  };

  it('keeps an indent on every wrapped line of a modifier', async () => {
    expect(await textLines('  + extra shot of espresso with oat milk', '3.00')).toEqual(['  + extra shot of espresso  3.00', '  with oat milk']);
  });

  it('breaks at newlines and prints them as separate lines, not characters', async () => {
    expect(await textLines('Table 4\nNo onions', 'x2')).toEqual(['Table 4' + ' '.repeat(23) + 'x2', 'No onions']);
  });
});

describe('images to dots', () => {
  const gray = (value: number, alpha = 255) => ({
    width: 64,
    height: 64,
    data: Uint8Array.from({ length: 64 * 64 * 4 }, (_, i) => (i % 4 === 3 ? alpha : value)),
  });
  const inkOf = async (source: ReturnType<typeof gray>, dither: boolean): Promise<number> => {
    const bytes = await renderDocumentToEscPos({ blocks: [{ kind: 'image', source, dither, align: 'left' }] }, { width: 58, mode: 'text' });
    const raster = decodeEscPos(bytes).commands.find((c) => c.type === 'raster');
    if (raster?.type !== 'raster') throw new Error('no raster');
    let ink = 0;
    for (const byte of raster.bitmap.data) for (let bit = 0; bit < 8; bit++) ink += (byte >> bit) & 1;
    return ink / (64 * 64);
  };

  it('treats transparent pixels as paper', async () => {
    expect(await inkOf(gray(0, 0), false)).toBe(0);
    expect(await inkOf(gray(0, 255), false)).toBe(1);
  });

  it('thresholds by default and dithers on request', async () => {
    expect(await inkOf(gray(100), false)).toBe(1);
    const dithered = await inkOf(gray(128), true);
    expect(dithered).toBeGreaterThan(0.4);
    expect(dithered).toBeLessThan(0.6);
  });

  it('decodes PNG logos', async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(40, 20);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, 20, 20);
    const bytes = await renderDocumentToEscPos(
      { blocks: [{ kind: 'image', source: canvas.toBuffer('image/png'), align: 'right' }] },
      { width: 80, mode: 'raster' },
    );
    const raster = decodeEscPos(bytes).commands.find((c) => c.type === 'raster');
    if (raster?.type !== 'raster') throw new Error('no raster');
    expect([raster.width, raster.height]).toEqual([576, 20]);
    // Right-aligned: the black half sits at dots 536..555, then 20 transparent dots.
    const row = raster.bitmap.data.subarray(0, 72);
    expect([...row.subarray(67, 72)]).toEqual([0xff, 0xff, 0xf0, 0, 0]);
    expect(row.subarray(0, 67).every((b) => b === 0)).toBe(true);
  });
});
