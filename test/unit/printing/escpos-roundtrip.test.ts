// decode(encode(document)): what the printer would be told, read back.
// The decoder is independent of the builder (it parses bytes), so these
// tests catch a wrong byte on either side.

import { describe, expect, it } from 'vitest';
import { renderDocumentToPng, type PaperWidth, type ReceiptDocument } from '../../../src-main/printing/index.ts';
import { decodeEscPos, type EscPosCommand } from '../../../src-main/printing/escpos/decode-escpos.ts';
import { paperSpec } from '../../../src-main/printing/layout/paper.ts';
import { renderDocumentToEscPos } from '../../../src-main/printing/escpos/render-escpos.ts';
import { diffBitmaps, inkColumns, loadPngAsBitmap } from './pixel-diff.ts';
import { inkRows, scanQr, stackBands } from './qr-scan.ts';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const QR = 'AQ1CaXQgSG91c2UCDzMwMDEyMzQ1NjcwMDAwMwMUMjAyNC0wMS0wMVQxMjowMDowMFo=';

function receipt(): ReceiptDocument {
  return {
    blocks: [
      { kind: 'drawer' },
      { kind: 'text', text: 'QAHWA HOUSE', align: 'center', bold: true, width: 2, height: 2 },
      { kind: 'text', text: 'بيت القهوة', align: 'center', bold: true },
      { kind: 'divider' },
      { kind: 'text', text: '2 x Arabic Coffee', right: '25.00' },
      { kind: 'bilingual', en: 'Iced Latte', ar: 'لاتيه مثلج', right: '18.00' },
      { kind: 'divider', style: 'double' },
      { kind: 'text', text: 'TOTAL', right: '43.00', bold: true, height: 2 },
      { kind: 'text', text: 'Thank you', align: 'right' },
      { kind: 'qr', data: QR, moduleSize: 5 },
      { kind: 'feed', lines: 2 },
      { kind: 'cut', partial: true },
    ],
  };
}

const of = <T extends EscPosCommand['type']>(commands: EscPosCommand[], type: T) =>
  commands.filter((c): c is Extract<EscPosCommand, { type: T }> => c.type === type);

describe.each([58, 80] as PaperWidth[])('text mode on %i mm paper', (width) => {
  const { columns, dots } = paperSpec(width);

  it('decodes back to the text, alignment, bold, sizes, rasters, QR, cut and drawer kick', async () => {
    const bytes = await renderDocumentToEscPos(receipt(), { width, mode: 'text' });
    const { commands, text, problems } = decodeEscPos(bytes, { columns });
    expect(problems).toEqual([]);
    expect(commands[0]).toMatchObject({ type: 'init', offset: 0, length: 2 });

    // Drawer kick: all five bytes of ESC p 0 25 250, first thing after init.
    const kick = of(commands, 'drawer-kick');
    expect(kick).toHaveLength(1);
    expect(kick[0]).toMatchObject({ pin: 2, m: 0, t1: 25, t2: 250, length: 5 });
    expect([...bytes.subarray(kick[0]!.offset, kick[0]!.offset + 5)]).toEqual([0x1b, 0x70, 0x00, 0x19, 0xfa]);

    // Each text line with the state in force when it was printed.
    const lines: Array<{ text: string; align: string; bold: boolean; size: string }> = [];
    let align = 'left';
    let bold = false;
    let size = '1x1';
    for (const c of commands) {
      if (c.type === 'align') align = c.align;
      if (c.type === 'bold') bold = c.on;
      if (c.type === 'size') size = `${c.width}x${c.height}`;
      if (c.type === 'text') lines.push({ text: c.text, align, bold, size });
    }
    expect(lines).toEqual([
      { text: 'QAHWA HOUSE', align: 'center', bold: true, size: '2x2' },
      { text: '-'.repeat(columns), align: 'left', bold: false, size: '1x1' },
      { text: '2 x Arabic Coffee'.padEnd(columns - 5) + '25.00', align: 'left', bold: false, size: '1x1' },
      { text: '='.repeat(columns), align: 'left', bold: false, size: '1x1' },
      { text: 'TOTAL'.padEnd(columns - 5) + '43.00', align: 'left', bold: true, size: '1x2' },
      { text: 'Thank you', align: 'right', bold: false, size: '1x1' },
    ]);

    // The two lines with Arabic are paper-wide rasters between the text lines.
    const rasters = of(commands, 'raster');
    expect(rasters.map((r) => [r.width, r.height, r.widthBytes, r.mode])).toEqual([
      [dots, 36, dots / 8, 0],
      [dots, 36, dots / 8, 0],
    ]);
    expect(rasters.every((r) => r.bitmap.data.some((b) => b !== 0))).toBe(true);

    // QR: model 2, module size, level M, the payload, then print.
    expect(of(commands, 'qr-model')[0]?.model).toBe(2);
    expect(of(commands, 'qr-module-size')[0]?.size).toBe(5);
    expect(of(commands, 'qr-error-level')[0]?.level).toBe('M');
    expect(of(commands, 'qr-store')[0]?.data).toBe(QR);
    expect(of(commands, 'qr-print')).toHaveLength(1);

    expect(of(commands, 'feed-lines')[0]?.lines).toBe(2);
    expect(commands.at(-1)).toMatchObject({ type: 'cut', partial: true, feed: 3 });

    expect(text.split('\n')).toEqual([
      '[drawer kick pin 2]',
      `${' '.repeat((columns - 22) / 2)}QAHWA HOUSE`,
      `[raster ${dots}x36]`,
      '-'.repeat(columns),
      '2 x Arabic Coffee'.padEnd(columns - 5) + '25.00',
      `[raster ${dots}x36]`,
      '='.repeat(columns),
      'TOTAL'.padEnd(columns - 5) + '43.00',
      ' '.repeat(columns - 9) + 'Thank you',
      `[qr ${QR}]`,
      '',
      '',
      '[partial cut]',
      '',
    ]);
  });

  it('wraps a long Latin line and keeps the amount on the first line', async () => {
    const bytes = await renderDocumentToEscPos(
      { blocks: [{ kind: 'text', text: 'Saffron cardamom Arabic coffee with dates and extra everything', right: '123.45' }] },
      { width, mode: 'text' },
    );
    const texts = of(decodeEscPos(bytes).commands, 'text').map((c) => c.text);
    expect(texts.length).toBeGreaterThan(1);
    expect(texts[0]).toHaveLength(columns);
    expect(texts[0]!.endsWith(' 123.45')).toBe(true);
    expect(texts.every((t) => t.length <= columns)).toBe(true);
    expect(texts.join(' ').replace(/ +/g, ' ').replace(' 123.45', '')).toBe('Saffron cardamom Arabic coffee with dates and extra everything');
  });

  it('prints accented Latin as a raster rather than trusting a code page', async () => {
    const bytes = await renderDocumentToEscPos({ blocks: [{ kind: 'text', text: 'Café crème', right: '9.00' }] }, { width, mode: 'text' });
    const { commands } = decodeEscPos(bytes);
    expect(of(commands, 'text')).toEqual([]);
    expect(of(commands, 'raster')).toHaveLength(1);
  });

  it('shrinks a logo wider than the paper to the paper width', async () => {
    const logo = { width: 1000, height: 100, data: new Uint8Array(1000 * 100 * 4).fill(0).map((_, i) => (i % 4 === 3 ? 255 : 0)) };
    for (const mode of ['text', 'raster'] as const) {
      const bytes = await renderDocumentToEscPos({ blocks: [{ kind: 'image', source: logo }] }, { width, mode });
      const rasters = of(decodeEscPos(bytes).commands, 'raster');
      expect(rasters.map((r) => [r.width, r.height])).toEqual([[dots, Math.round((100 * dots) / 1000)]]);
      // Solid black all the way across.
      expect(rasters[0]!.bitmap.data.every((b) => b === 0xff)).toBe(true);
    }
  });
});

describe.each([58, 80] as PaperWidth[])('full raster mode on %i mm paper', (width) => {
  const { dots } = paperSpec(width);

  it('sends only bands of dots, the cut and the kick: the QR code is drawn into the image', async () => {
    const bytes = await renderDocumentToEscPos(receipt(), { width, mode: 'raster', bandHeight: 64 });
    const { commands, problems } = decodeEscPos(bytes);
    expect(problems).toEqual([]);
    expect(new Set(commands.map((c) => c.type))).toEqual(new Set(['init', 'drawer-kick', 'raster', 'cut']));
    const rasters = of(commands, 'raster');
    expect(rasters.every((r) => r.width === dots && r.height > 0 && r.height <= 64)).toBe(true);
    expect(scanQr(stackBands(rasters.map((r) => r.bitmap)))).toBe(QR);
    expect(of(commands, 'drawer-kick')[0]).toMatchObject({ m: 0, t1: 25, t2: 250, length: 5 });
    expect(commands.at(-1)).toMatchObject({ type: 'cut', partial: true });
  });

  it('prints exactly the preview PNG, dot for dot, and its QR code scans', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'till-preview-'));
    const pngPath = join(dir, 'preview.png');
    await writeFile(pngPath, await renderDocumentToPng(receipt(), { width }));
    const preview = await loadPngAsBitmap(pngPath);
    expect(preview.width).toBe(dots);
    expect(scanQr(preview)).toBe(QR);

    const { commands } = decodeEscPos(await renderDocumentToEscPos(receipt(), { width, mode: 'raster' }));
    const printed = stackBands(of(commands, 'raster').map((r) => r.bitmap));
    expect(printed.height).toBe(preview.height);
    expect(diffBitmaps(printed, preview).differing).toBe(0);
  });

  it("draws the QR symbol at the printer's size, centred, with a 4-module quiet zone above and below", async () => {
    // 68 bytes need version 5 at level M: 37 modules of 5 dots.
    expect(QR).toHaveLength(68);
    const doc: ReceiptDocument = { blocks: [{ kind: 'qr', data: QR, moduleSize: 5 }] };
    const { commands } = decodeEscPos(await renderDocumentToEscPos(doc, { width, mode: 'raster' }));
    const image = stackBands(of(commands, 'raster').map((r) => r.bitmap));
    const side = 37 * 5;
    const quiet = 4 * 5;
    expect(image.height).toBe(side + 2 * quiet);
    expect(inkRows(image)).toEqual({ top: quiet, bottom: quiet + side - 1 });
    const left = Math.floor((dots - side) / 2);
    expect(inkColumns(image)).toEqual({ left, right: left + side - 1 });
    expect(scanQr(image)).toBe(QR);
  });
});

describe('renderDocumentToEscPos', () => {
  it('rejects an unknown mode and an unsupported paper width', async () => {
    await expect(renderDocumentToEscPos({ blocks: [] }, { width: 80, mode: 'pdf' as 'text' })).rejects.toThrow(/unknown ESC\/POS mode/);
    await expect(renderDocumentToEscPos({ blocks: [] }, { width: 76 as PaperWidth, mode: 'text' })).rejects.toThrow(/58 or 80/);
  });

  it('rejects a QR payload no QR code can hold', async () => {
    await expect(renderDocumentToEscPos({ blocks: [{ kind: 'qr', data: 'x'.repeat(2332) }] }, { width: 80, mode: 'text' })).rejects.toThrow(/2331 bytes/);
  });

  it('shrinks a QR code to fit the paper, the same in both modes', async () => {
    // 500 bytes: version 17, 85 modules; 6-dot modules would be 510 dots, wider than 58 mm paper.
    const data = 'Z'.repeat(500);
    const doc: ReceiptDocument = { blocks: [{ kind: 'qr', data, moduleSize: 6 }] };
    for (const [width, expected] of [
      [58, 4],
      [80, 6],
    ] as const) {
      // Text mode: the printer is told the module size.
      const text = decodeEscPos(await renderDocumentToEscPos(doc, { width, mode: 'text' })).commands;
      expect(of(text, 'qr-module-size')[0]?.size).toBe(expected);
      // Raster mode: the symbol drawn is 85 modules of that size, and scans.
      const image = stackBands(of(decodeEscPos(await renderDocumentToEscPos(doc, { width, mode: 'raster' })).commands, 'raster').map((r) => r.bitmap));
      const columns = inkColumns(image)!;
      expect(columns.right - columns.left + 1).toBe(85 * expected);
      expect(scanQr(image)).toBe(data);
    }
  });

  it('an empty document is just the init', async () => {
    expect([...(await renderDocumentToEscPos({ blocks: [] }, { width: 80, mode: 'text' }))]).toEqual([0x1b, 0x40]);
    expect([...(await renderDocumentToEscPos({ blocks: [] }, { width: 80, mode: 'raster' }))]).toEqual([0x1b, 0x40]);
  });
});
