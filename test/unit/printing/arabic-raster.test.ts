// Arabic cannot go to the printer as text, so each Arabic line is a raster.
// These tests pin what that raster looks like against reference PNGs that
// were checked by eye: letters joined (shaped), words right to left, the
// line right-aligned, and Latin glyphs drawn from the Latin font, not boxes.
// Regenerate after an intended change with UPDATE_PRINTING_FIXTURES=1.

import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type PaperWidth } from '../../../src-main/printing/index.ts';
import { decodeEscPos } from '../../../src-main/printing/escpos/decode-escpos.ts';
import { monoBitmapToPng } from '../../../src-main/printing/raster/png.ts';
import { renderDocumentToEscPos } from '../../../src-main/printing/escpos/render-escpos.ts';
import { type MonoBitmap } from '../../../src-main/printing/raster/mono-bitmap.ts';
import { type ReceiptBlock } from '../../../src-main/printing/layout/receipt-document.ts';
import { diffBitmaps, inkColumns, loadPngAsBitmap } from './pixel-diff.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/printing/', import.meta.url));
const UPDATE = process.env['UPDATE_PRINTING_FIXTURES'] === '1';
/** Edge pixels a different FreeType or Skia build may move: 2 % of the ink. */
const TOLERANCE = 0.02;

const ARABIC: ReceiptBlock = { kind: 'text', text: 'قهوة عربية مع هيل وزعفران ٢ × ١٢٫٥٠' };
const BILINGUAL: ReceiptBlock = { kind: 'bilingual', en: 'Total', ar: 'الإجمالي شامل الضريبة', right: '43.00 SAR', bold: true };

const CASES: Array<{ name: string; block: ReceiptBlock; width: PaperWidth }> = [
  { name: 'arabic-line-80mm', block: ARABIC, width: 80 },
  { name: 'arabic-line-58mm', block: ARABIC, width: 58 },
  { name: 'bilingual-line-80mm', block: BILINGUAL, width: 80 },
];

async function rasterOf(block: ReceiptBlock, width: PaperWidth, mode: 'text' | 'raster' = 'text'): Promise<MonoBitmap> {
  const decoded = decodeEscPos(await renderDocumentToEscPos({ blocks: [block] }, { width, mode }));
  const rasters = decoded.commands.flatMap((c) => (c.type === 'raster' ? [c.bitmap] : []));
  expect(rasters).toHaveLength(1);
  return rasters[0]!;
}

describe('Arabic lines as rasters', () => {
  for (const { name, block, width } of CASES) {
    it(`${name} matches its reference PNG`, async () => {
      const bitmap = await rasterOf(block, width);
      const path = `${FIXTURES}${name}.png`;
      if (UPDATE) {
        await mkdir(FIXTURES, { recursive: true });
        await writeFile(path, monoBitmapToPng(bitmap));
      }
      expect(existsSync(path), `${path} is missing: run with UPDATE_PRINTING_FIXTURES=1 and check it by eye`).toBe(true);
      const diff = diffBitmaps(bitmap, await loadPngAsBitmap(path));
      expect(diff.ink).toBeGreaterThan(500);
      expect(diff.ratio).toBeLessThanOrEqual(TOLERANCE);
    });
  }

  it('is as wide as the paper and one line tall', async () => {
    expect(await rasterOf(ARABIC, 80)).toMatchObject({ width: 576, height: 36, widthBytes: 72 });
    expect(await rasterOf(ARABIC, 58)).toMatchObject({ width: 384, height: 36, widthBytes: 48 });
  });

  it('is right-aligned by default, and left-aligned on request', async () => {
    const right = inkColumns(await rasterOf(ARABIC, 80));
    expect(right!.right).toBeGreaterThan(576 - 8);
    expect(right!.left).toBeGreaterThan(100);
    const left = inkColumns(await rasterOf({ ...ARABIC, align: 'left' } as ReceiptBlock, 80));
    expect(left!.left).toBeLessThan(8);
  });

  it('a different line differs well beyond the tolerance (the diff can fail)', async () => {
    const other = await rasterOf({ kind: 'text', text: 'شاي بالنعناع ١ × ٨٫٠٠' }, 80);
    const diff = diffBitmaps(other, await loadPngAsBitmap(`${FIXTURES}arabic-line-80mm.png`));
    expect(diff.ratio).toBeGreaterThan(0.3);
  });

  it('prints the same dots in text mode and in full raster mode', async () => {
    for (const { block, width } of CASES) {
      const text = await rasterOf(block, width, 'text');
      const raster = await rasterOf(block, width, 'raster');
      expect(diffBitmaps(raster, text).differing).toBe(0);
    }
  });

  it('draws the Latin part of a bilingual line with the Latin font, not boxes', async () => {
    // A missing glyph draws a hollow box of the same size for every letter:
    // then "Total" and "TOTAL" would print identically.
    const a = await rasterOf({ kind: 'bilingual', en: 'Total', ar: 'الإجمالي' }, 80);
    const b = await rasterOf({ kind: 'bilingual', en: 'lotaT', ar: 'الإجمالي' }, 80);
    const leftHalf = (m: MonoBitmap): MonoBitmap => ({ ...m, data: m.data.map((byte, i) => (i % m.widthBytes < 20 ? byte : 0)) });
    expect(diffBitmaps(leftHalf(a), leftHalf(b)).differing).toBeGreaterThan(50);
  });
});
