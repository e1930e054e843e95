// The decoder on bytes written by hand, including the malformed ones other
// software sends: nothing may throw, everything odd is reported.

import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '../../../src-main/printing/escpos/decode-escpos.ts';

const bytes = (...parts: Array<number[] | string>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('decodeEscPos', () => {
  it('reads modes, text and line feeds', () => {
    const { commands, text, problems } = decodeEscPos(
      bytes([0x1b, 0x40], [0x1b, 0x61, 0x01], [0x1b, 0x45, 0x01], [0x1d, 0x21, 0x11], 'Hi', [0x0a], [0x1b, 0x61, 0x32], 'R', [0x0d, 0x0a]),
      { columns: 10 },
    );
    expect(problems).toEqual([]);
    expect(commands.map((c) => c.type)).toEqual(['init', 'align', 'bold', 'size', 'text', 'newline', 'align', 'text', 'setting', 'newline']);
    expect(commands[3]).toMatchObject({ width: 2, height: 2, offset: 8, length: 3 });
    expect(commands[6]).toMatchObject({ align: 'right' });
    expect(text).toBe('   Hi\n        R\n'); // R is still double width
  });

  it('reads a raster with its size and dots', () => {
    const { commands } = decodeEscPos(bytes([0x1d, 0x76, 0x30, 0x00, 0x02, 0x00, 0x03, 0x00], [0x80, 0x01, 0, 0, 0xff, 0xff]));
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ type: 'raster', mode: 0, widthBytes: 2, width: 16, height: 3, length: 14 });
    if (commands[0]?.type !== 'raster') throw new Error('not a raster');
    expect([...commands[0].bitmap.data]).toEqual([0x80, 0x01, 0, 0, 0xff, 0xff]);
  });

  it('reads a QR store with a UTF-8 payload and the print command', () => {
    const payload = [...new TextEncoder().encode('فاتورة 1')];
    const n = payload.length + 3;
    const { commands, text } = decodeEscPos(bytes([0x1d, 0x28, 0x6b, n, 0, 0x31, 0x50, 0x30], payload, [0x1d, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30]));
    expect(commands.map((c) => c.type)).toEqual(['qr-store', 'qr-print']);
    expect(commands[0]).toMatchObject({ data: 'فاتورة 1' });
    expect(text).toBe('[qr فاتورة 1]\n');
  });

  it('reads every cut form', () => {
    const { commands } = decodeEscPos(bytes([0x1d, 0x56, 0x00], [0x1d, 0x56, 0x31], [0x1d, 0x56, 0x41, 0x05], [0x1d, 0x56, 0x42, 0x00], [0x1b, 0x69]));
    expect(commands.map((c) => (c.type === 'cut' ? [c.partial, c.feed] : c.type))).toEqual([
      [false, 0],
      [true, 0],
      [false, 5],
      [true, 0],
      [false, 0],
    ]);
  });

  it('shows why a 3-byte drawer kick is a bug: it swallows the next two bytes', () => {
    // node-thermal-printer's Epson CD_KICK_2 is 1b 70 00; a printer takes the
    // next command's first two bytes as the pulse times.
    const { commands } = decodeEscPos(bytes([0x1b, 0x70, 0x00], [0x1b, 0x40], 'A'));
    expect(commands[0]).toMatchObject({ type: 'drawer-kick', m: 0, t1: 0x1b, t2: 0x40, length: 5 });
    expect(commands.some((c) => c.type === 'init')).toBe(false);
  });

  it('reports unknown commands and stray control bytes, and goes on', () => {
    const { commands, problems, text } = decodeEscPos(bytes('A', [0x1b, 0xfe], 'B', [0x00], 'C', [0x1d, 0x99], 'D'));
    expect(commands.map((c) => c.type)).toEqual(['text', 'unknown', 'text', 'unknown', 'text', 'unknown', 'text']);
    expect(problems.map((p) => p.offset)).toEqual([1, 4, 6]);
    expect(problems[0]?.message).toMatch(/unknown command 1b fe at byte 1/);
    expect(text).toBe('ABCD\n');
  });

  it('reports a command cut short by the end of the data', () => {
    const { commands, problems } = decodeEscPos(bytes('ok', [0x1d, 0x76, 0x30, 0x00, 0x48, 0x00, 0x24, 0x00], [1, 2, 3]));
    expect(commands.map((c) => c.type)).toEqual(['text', 'unknown']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ offset: 2 });
    expect(problems[0]?.message).toMatch(/truncated/);
    expect(decodeEscPos(bytes([0x1b])).problems[0]?.message).toMatch(/truncated/);
  });

  it('decodes code page 437 text and the old ESC ! print mode', () => {
    const { commands } = decodeEscPos(bytes([0x1b, 0x21, 0x38], 'Caf', [0x82], [0x0a]));
    expect(commands[0]).toMatchObject({ type: 'print-mode', bold: true, doubleHeight: true, doubleWidth: true, fontB: false });
    expect(commands[1]).toMatchObject({ type: 'text', text: 'Café' });
  });

  it('never throws on random bytes', () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed & 0xff;
    };
    for (let run = 0; run < 200; run++) {
      const input = Uint8Array.from({ length: 64 }, random);
      const decoded = decodeEscPos(input);
      const covered = decoded.commands.reduce((sum, c) => sum + c.length, 0);
      expect(covered).toBe(input.length);
    }
  });
});
