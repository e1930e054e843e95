// Till writes its ESC/POS bytes itself (src-main/printing/escpos). Here they
// are checked against node-thermal-printer, an independent Epson encoder: the
// same receipt through both must decode to the same printer commands, and the
// one place Till departs from it on purpose (the drawer kick) is shown to be
// the library's bug, with the library's own bytes.

import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { type ReceiptDocument } from '../../../src-main/printing/index.ts';
import { decodeEscPos, type EscPosCommand } from '../../../src-main/printing/escpos/decode-escpos.ts';
import { monoBitmapToPng } from '../../../src-main/printing/raster/png.ts';
import { renderDocumentToEscPos } from '../../../src-main/printing/escpos/render-escpos.ts';
import { type MonoBitmap } from '../../../src-main/printing/raster/mono-bitmap.ts';

interface ReferencePrinter {
  alignCenter(): void;
  bold(on: boolean): void;
  println(text: string): void;
  printQR(data: string, settings: { cellSize: number; correction: string; model: number }): void;
  printImageBuffer(png: Buffer): Promise<unknown>;
  openCashDrawer(): void;
  cut(): void;
  partialCut(): void;
  getBuffer(): Buffer;
}
const require = createRequire(import.meta.url);
const { printer: ThermalPrinter, types } = require('node-thermal-printer') as {
  printer: new (config: { type: string }) => ReferencePrinter;
  types: { EPSON: string };
};
const referencePrinter = () => new ThermalPrinter({ type: types.EPSON });

/** A logo-like 1-bit picture: a frame and a diagonal, 40 x 24 dots. */
function testPicture() {
  const width = 40;
  const height = 24;
  const widthBytes = width / 8;
  const data = new Uint8Array(widthBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ink = y === 0 || y === height - 1 || x === 0 || x === width - 1 || x === y;
      if (ink) data[y * widthBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { width, height, widthBytes, data };
}

/** The burnt dots, relative to the top-left of the ink: where on the paper a picture sits is layout, not encoding. */
function inkDots(bitmap: MonoBitmap): string[] {
  const dots: Array<[number, number]> = [];
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) if ((bitmap.data[y * bitmap.widthBytes + (x >> 3)]! & (0x80 >> (x & 7))) !== 0) dots.push([x, y]);
  }
  const left = Math.min(...dots.map(([x]) => x));
  const top = Math.min(...dots.map(([, y]) => y));
  return dots.map(([x, y]) => `${x - left},${y - top}`);
}

/** What a printer does with the bytes, without offsets and without Till's own layout choices: text carries the bold in force. */
function meaning(commands: EscPosCommand[], types: readonly string[]) {
  let bold = false;
  const out: object[] = [];
  for (const c of commands) {
    if (c.type === 'init') bold = false;
    if (c.type === 'bold') bold = c.on;
    if (!types.includes(c.type)) continue;
    if (c.type === 'text') out.push({ type: c.type, text: c.text, bold });
    else if (c.type === 'raster') out.push({ type: c.type, ink: inkDots(c.bitmap) });
    else if (c.type === 'qr-store') out.push({ type: c.type, data: c.data });
    else if (c.type === 'cut') out.push({ type: c.type, partial: c.partial });
    else {
      const { offset: _offset, length: _length, ...rest } = c;
      out.push(rest);
    }
  }
  return out;
}

const QR = 'AQVUaWxsAg8zMDAwMDAwMDAwMDAwMDM=';
const COMPARED = ['text', 'qr-model', 'qr-module-size', 'qr-error-level', 'qr-store', 'qr-print', 'raster', 'cut'] as const;

describe('ESC/POS against node-thermal-printer', () => {
  it('a bold line, a QR, a picture and a cut mean the same to a printer', async () => {
    const picture = testPicture();
    const png = monoBitmapToPng(picture);
    const doc: ReceiptDocument = {
      blocks: [
        { kind: 'text', text: 'TILL', bold: true, align: 'center' },
        { kind: 'qr', data: QR, moduleSize: 6 },
        { kind: 'image', source: png },
        { kind: 'cut', partial: false },
      ],
    } as ReceiptDocument;
    const ours = decodeEscPos(await renderDocumentToEscPos(doc, { width: 80, mode: 'text' }));

    const reference = referencePrinter();
    reference.alignCenter();
    reference.bold(true);
    reference.println('TILL');
    reference.bold(false);
    reference.printQR(QR, { cellSize: 6, correction: 'M', model: 2 });
    await reference.printImageBuffer(png);
    reference.cut();
    const theirs = decodeEscPos(reference.getBuffer());

    expect(ours.problems).toEqual([]);
    expect(theirs.problems).toEqual([]);
    const expected = meaning(theirs.commands, COMPARED);
    expect(expected.filter((c) => 'ink' in c)).toEqual([{ type: 'raster', ink: expect.arrayContaining(['0,0', '39,23', '12,12']) }]);
    expect(meaning(ours.commands, COMPARED)).toEqual(expected);
  });

  it('the drawer kick: the library sends 3 of the 5 bytes and the printer eats what follows; Till sends all 5', async () => {
    const reference = referencePrinter();
    reference.openCashDrawer();
    reference.println('NEXT');
    const theirs = decodeEscPos(reference.getBuffer()).commands;
    // The library sends ESC p 0 then ESC p 1 (pin 2, then pin 5): the first
    // kick takes the second's ESC and p as its pulse times, the pin-5 kick
    // never happens, and its m byte reaches the printer as stray data.
    expect(theirs[0]).toMatchObject({ type: 'drawer-kick', pin: 2, t1: 0x1b, t2: 0x70, length: 5 });
    expect(theirs.filter((c) => c.type === 'drawer-kick')).toHaveLength(1);
    expect(theirs[1]?.type).toBe('unknown');
    expect(theirs[1]?.type === 'unknown' && [...theirs[1].bytes]).toEqual([0x01]);

    const doc = { blocks: [{ kind: 'drawer', pin: 2 }, { kind: 'text', text: 'NEXT' }, { kind: 'cut' }] } as ReceiptDocument;
    const ours = decodeEscPos(await renderDocumentToEscPos(doc, { width: 80, mode: 'text' })).commands;
    const kick = ours.find((c) => c.type === 'drawer-kick');
    expect(kick).toMatchObject({ pin: 2, length: 5 });
    expect(kick && 't1' in kick ? kick.t1 : 0).toBeGreaterThan(0);
    expect(ours.find((c) => c.type === 'text')).toMatchObject({ text: 'NEXT' });
  });
});
