// Reads an ESC/POS byte stream back into commands: what the virtual printer
// records and what tests assert against. It never throws on bad input: an
// unknown or truncated command becomes a `problem` and decoding goes on, so
// one odd byte from some other POS software does not lose the whole job.

import type { Align } from '../layout/receipt-document.ts';
import { decodeCp437Byte } from './cp437.ts';
import type { MonoBitmap } from '../raster/mono-bitmap.ts';

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;

export type QrErrorLevel = 'L' | 'M' | 'Q' | 'H';

export type EscPosCommandBody =
  | { type: 'init' }
  | { type: 'align'; align: Align }
  | { type: 'bold'; on: boolean }
  /** GS ! multipliers, 1..8. */
  | { type: 'size'; width: number; height: number }
  /** ESC !: the older all-in-one print mode byte. */
  | { type: 'print-mode'; fontB: boolean; bold: boolean; doubleHeight: boolean; doubleWidth: boolean; underline: boolean }
  | { type: 'text'; text: string }
  | { type: 'newline' }
  | { type: 'feed-lines'; lines: number }
  | { type: 'feed-dots'; dots: number }
  | { type: 'raster'; mode: number; widthBytes: number; width: number; height: number; bitmap: MonoBitmap }
  | { type: 'qr-model'; model: number }
  | { type: 'qr-module-size'; size: number }
  | { type: 'qr-error-level'; level: QrErrorLevel }
  | { type: 'qr-store'; data: string; bytes: Uint8Array }
  | { type: 'qr-print' }
  | { type: 'barcode'; system: number; data: string }
  /** `feed` is the n of GS V 65/66 (lines fed past the cutter), 0 for GS V 0/1. */
  | { type: 'cut'; partial: boolean; feed: number }
  /** ESC p m t1 t2: the command's `length` is 5; a 3-byte kick would swallow what follows. */
  | { type: 'drawer-kick'; pin: 2 | 5; m: number; t1: number; t2: number }
  /** A command understood but not modelled (line spacing, code page, underline...). */
  | { type: 'setting'; name: string; params: number[] }
  | { type: 'unknown'; bytes: Uint8Array };

export type EscPosCommand = EscPosCommandBody & { offset: number; length: number };

export interface DecodeProblem {
  offset: number;
  message: string;
}

export interface DecodedEscPos {
  commands: EscPosCommand[];
  /** The job as a person reads it: text lines, and [raster ...], [qr ...], [cut] markers. */
  text: string;
  problems: DecodeProblem[];
}

export interface DecodeOptions {
  /** Characters per line; when given, centred and right-aligned text is padded like the printer would. */
  columns?: number;
}

const ALIGNS: Record<number, Align> = { 0: 'left', 1: 'center', 2: 'right', 48: 'left', 49: 'center', 50: 'right' };
const QR_LEVELS: Record<number, QrErrorLevel> = { 48: 'L', 49: 'M', 50: 'Q', 51: 'H' };

/** Commands of fixed length that only set a mode: [prefix, code, name, parameter count]. */
const SETTINGS: ReadonlyArray<readonly [number, number, string, number]> = [
  [ESC, 0x20, 'character-spacing', 1],
  [ESC, 0x2d, 'underline', 1],
  [ESC, 0x32, 'line-spacing-default', 0],
  [ESC, 0x33, 'line-spacing', 1],
  [ESC, 0x47, 'double-strike', 1],
  [ESC, 0x4d, 'font', 1],
  [ESC, 0x52, 'international-charset', 1],
  [ESC, 0x56, 'rotate', 1],
  [ESC, 0x63, 'panel-buttons', 2],
  [ESC, 0x65, 'reverse-feed', 1],
  [ESC, 0x74, 'code-page', 1],
  [ESC, 0x7b, 'upside-down', 1],
  [GS, 0x42, 'reverse', 1],
  [GS, 0x48, 'barcode-text-position', 1],
  [GS, 0x4c, 'left-margin', 2],
  [GS, 0x50, 'motion-units', 2],
  [GS, 0x57, 'print-area-width', 2],
  [GS, 0x61, 'status-back', 1],
  [GS, 0x66, 'barcode-text-font', 1],
  [GS, 0x68, 'barcode-height', 1],
  [GS, 0x77, 'barcode-width', 1],
  [FS, 0x2e, 'kanji-off', 0],
  [FS, 0x26, 'kanji-on', 0],
  [FS, 0x43, 'kanji-code', 1],
  [DLE, 0x04, 'status-request', 1],
];

class Truncated extends Error {}

class Reader {
  constructor(
    readonly bytes: Uint8Array,
    public pos = 0,
  ) {}

  get left(): number {
    return this.bytes.length - this.pos;
  }

  byte(at: number): number {
    const value = this.bytes[at];
    if (value === undefined) throw new Truncated();
    return value;
  }

  need(count: number): void {
    if (this.left < count) throw new Truncated();
  }
}

export function decodeEscPos(input: Uint8Array, options: DecodeOptions = {}): DecodedEscPos {
  const r = new Reader(input);
  const commands: EscPosCommand[] = [];
  const problems: DecodeProblem[] = [];
  while (r.left > 0) {
    const start = r.pos;
    try {
      const body = readCommand(r, problems);
      const last = commands.at(-1);
      // One text command per run of printable bytes, however it was split.
      if (body.type === 'text' && last?.type === 'text' && last.offset + last.length === start) {
        last.text += body.text;
        last.length += r.pos - start;
      } else {
        commands.push({ ...body, offset: start, length: r.pos - start });
      }
    } catch (error) {
      if (!(error instanceof Truncated)) throw error;
      const bytes = input.slice(start);
      problems.push({ offset: start, message: `truncated command ${hex(bytes.subarray(0, 4))} at byte ${start}: the data ends inside it` });
      commands.push({ type: 'unknown', bytes, offset: start, length: bytes.length });
      r.pos = input.length;
    }
  }
  return { commands, text: renderText(commands, options), problems };
}

function hex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}

function readCommand(r: Reader, problems: DecodeProblem[]): EscPosCommandBody {
  const first = r.byte(r.pos);
  if (first === 0x0a) {
    r.pos += 1;
    return { type: 'newline' };
  }
  if (first === 0x0d) {
    // CR without auto line feed does nothing on ESC/POS printers.
    r.pos += 1;
    return { type: 'setting', name: 'carriage-return', params: [] };
  }
  if (first === 0x09 || first >= 0x20) {
    r.pos += 1;
    if (first === 0x7f) return unknown(r, r.pos - 1, problems);
    return { type: 'text', text: first === 0x09 ? '\t' : decodeCp437Byte(first) };
  }
  if (first === ESC || first === GS || first === FS || first === DLE) {
    const code = r.byte(r.pos + 1);
    const setting = SETTINGS.find(([prefix, c]) => prefix === first && c === code);
    if (setting) {
      const count = setting[3];
      r.need(2 + count);
      const params = [...r.bytes.subarray(r.pos + 2, r.pos + 2 + count)];
      r.pos += 2 + count;
      return { type: 'setting', name: setting[2], params };
    }
    const body = first === ESC ? readEsc(r, code) : first === GS ? readGs(r, code) : null;
    if (body) return body;
    r.pos += 2;
    return unknown(r, r.pos - 2, problems);
  }
  r.pos += 1;
  return unknown(r, r.pos - 1, problems);
}

function unknown(r: Reader, start: number, problems: DecodeProblem[]): EscPosCommandBody {
  const bytes = r.bytes.slice(start, r.pos);
  problems.push({ offset: start, message: `unknown command ${hex(bytes)} at byte ${start}` });
  return { type: 'unknown', bytes };
}

function readEsc(r: Reader, code: number): EscPosCommandBody | null {
  const p = r.pos;
  switch (code) {
    case 0x40:
      r.pos += 2;
      return { type: 'init' };
    case 0x61: {
      const n = r.byte(p + 2);
      r.pos += 3;
      return { type: 'align', align: ALIGNS[n] ?? 'left' };
    }
    case 0x45: {
      const n = r.byte(p + 2);
      r.pos += 3;
      return { type: 'bold', on: (n & 1) === 1 };
    }
    case 0x21: {
      const n = r.byte(p + 2);
      r.pos += 3;
      return {
        type: 'print-mode',
        fontB: (n & 0x01) !== 0,
        bold: (n & 0x08) !== 0,
        doubleHeight: (n & 0x10) !== 0,
        doubleWidth: (n & 0x20) !== 0,
        underline: (n & 0x80) !== 0,
      };
    }
    case 0x64: {
      const n = r.byte(p + 2);
      r.pos += 3;
      return { type: 'feed-lines', lines: n };
    }
    case 0x4a: {
      const n = r.byte(p + 2);
      r.pos += 3;
      return { type: 'feed-dots', dots: n };
    }
    case 0x70: {
      r.need(5);
      const m = r.byte(p + 2);
      const t1 = r.byte(p + 3);
      const t2 = r.byte(p + 4);
      r.pos += 5;
      return { type: 'drawer-kick', pin: (m & 1) === 1 ? 5 : 2, m, t1, t2 };
    }
    case 0x69:
    case 0x6d:
      // ESC i / ESC m: the old one-byte full and partial cut.
      r.pos += 2;
      return { type: 'cut', partial: code === 0x6d, feed: 0 };
    default:
      return null;
  }
}

function readGs(r: Reader, code: number): EscPosCommandBody | null {
  const p = r.pos;
  switch (code) {
    case 0x21: {
      const n = r.byte(p + 2);
      r.pos += 3;
      return { type: 'size', width: ((n >> 4) & 0x07) + 1, height: (n & 0x07) + 1 };
    }
    case 0x56: {
      const m = r.byte(p + 2);
      if (m === 0 || m === 48 || m === 1 || m === 49) {
        r.pos += 3;
        return { type: 'cut', partial: m === 1 || m === 49, feed: 0 };
      }
      if (m === 65 || m === 66 || m === 97 || m === 98 || m === 103 || m === 104) {
        const n = r.byte(p + 3);
        r.pos += 4;
        return { type: 'cut', partial: m === 66 || m === 98 || m === 104, feed: n };
      }
      return null;
    }
    case 0x76:
      return readRaster(r);
    case 0x28:
      return readGsParen(r);
    case 0x6b:
      return readBarcode(r);
    default:
      return null;
  }
}

/** GS v 0 m xL xH yL yH d1...dk, k = (xL + xH*256) * (yL + yH*256). */
function readRaster(r: Reader): EscPosCommandBody | null {
  const p = r.pos;
  if (r.byte(p + 2) !== 0x30) return null;
  r.need(8);
  const mode = r.byte(p + 3);
  const widthBytes = r.byte(p + 4) | (r.byte(p + 5) << 8);
  const height = r.byte(p + 6) | (r.byte(p + 7) << 8);
  r.need(8 + widthBytes * height);
  const data = r.bytes.slice(p + 8, p + 8 + widthBytes * height);
  r.pos += 8 + widthBytes * height;
  const width = widthBytes * 8;
  return { type: 'raster', mode, widthBytes, width, height, bitmap: { width, height, widthBytes, data } };
}

/** GS ( k pL pH cn fn ...: 2D codes. QR (cn 49) is decoded; other symbologies are kept as settings. */
function readGsParen(r: Reader): EscPosCommandBody | null {
  const p = r.pos;
  if (r.byte(p + 2) !== 0x6b) return null;
  r.need(5);
  const size = r.byte(p + 3) | (r.byte(p + 4) << 8);
  r.need(5 + size);
  const params = r.bytes.subarray(p + 5, p + 5 + size);
  r.pos += 5 + size;
  const [cn, fn] = params;
  if (cn === 0x31) {
    switch (fn) {
      case 0x41:
        return { type: 'qr-model', model: (params[2] ?? 0x32) - 0x30 };
      case 0x43:
        return { type: 'qr-module-size', size: params[2] ?? 0 };
      case 0x45:
        return { type: 'qr-error-level', level: QR_LEVELS[params[2] ?? 0] ?? 'L' };
      case 0x50: {
        const bytes = params.slice(3);
        return { type: 'qr-store', data: new TextDecoder().decode(bytes), bytes };
      }
      case 0x51:
        return { type: 'qr-print' };
    }
  }
  return { type: 'setting', name: `2d-code cn=${cn ?? '?'} fn=${fn ?? '?'}`, params: [...params] };
}

/** GS k m: m 0..6 NUL-terminated data, m 65..79 a length byte then the data. */
function readBarcode(r: Reader): EscPosCommandBody {
  const p = r.pos;
  const system = r.byte(p + 2);
  let data: Uint8Array;
  if (system <= 6) {
    let end = p + 3;
    while (r.byte(end) !== 0) end += 1;
    data = r.bytes.subarray(p + 3, end);
    r.pos = end + 1;
  } else {
    const n = r.byte(p + 3);
    r.need(4 + n);
    data = r.bytes.subarray(p + 4, p + 4 + n);
    r.pos += 4 + n;
  }
  return { type: 'barcode', system, data: String.fromCharCode(...data) };
}

function renderText(commands: readonly EscPosCommand[], options: DecodeOptions): string {
  const lines: string[] = [];
  let line = '';
  let open = false;
  let align: Align = 'left';
  let lineAlign: Align = 'left';
  let charWidth = 1;
  let lineCharWidth = 1;
  let qrData = '';
  const end = (): void => {
    const columns = options.columns;
    const used = line.length * lineCharWidth;
    if (columns !== undefined && used > 0 && used < columns && lineAlign !== 'left') {
      const pad = columns - used;
      line = ' '.repeat(lineAlign === 'right' ? pad : Math.floor(pad / 2)) + line;
    }
    lines.push(line);
    line = '';
    open = false;
  };
  const marker = (text: string): void => {
    if (open) end();
    lines.push(text);
  };
  for (const command of commands) {
    switch (command.type) {
      case 'text':
        if (!open) {
          lineAlign = align;
          lineCharWidth = charWidth;
        }
        line += command.text;
        open = true;
        break;
      case 'newline':
        end();
        break;
      case 'feed-lines': {
        // ESC d n ends the line being printed (if any), then feeds the rest as blank lines.
        let blank = command.lines;
        if (open) {
          end();
          blank -= 1;
        }
        for (let i = 0; i < blank; i++) lines.push('');
        break;
      }
      case 'align':
        align = command.align;
        break;
      case 'init':
        align = 'left';
        charWidth = 1;
        break;
      case 'size':
        charWidth = command.width;
        break;
      case 'print-mode':
        charWidth = command.doubleWidth ? 2 : 1;
        break;
      case 'raster':
        marker(`[raster ${command.width}x${command.height}]`);
        break;
      case 'qr-store':
        qrData = command.data;
        break;
      case 'qr-print':
        marker(`[qr ${qrData}]`);
        break;
      case 'barcode':
        marker(`[barcode ${command.data}]`);
        break;
      case 'cut':
        marker(command.partial ? '[partial cut]' : '[cut]');
        break;
      case 'drawer-kick':
        marker(`[drawer kick pin ${command.pin}]`);
        break;
      default:
        break;
    }
  }
  if (open) end();
  return lines.join('\n') + (lines.length > 0 ? '\n' : '');
}
