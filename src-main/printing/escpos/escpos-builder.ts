// ESC/POS bytes written by hand rather than through node-thermal-printer:
// its Epson drawer kick sends 3 of the 5 bytes ESC p needs, and a printer
// waiting for the missing 2 swallows the next command. Every command here
// is checked against the Epson ESC/POS reference, decoded back in tests, and
// compared with node-thermal-printer's bytes (test/unit/printing/escpos-reference.test.ts).

import type { Align, Magnification } from '../layout/receipt-document.ts';
import { checkQrModuleSize, qrPayloadBytes, qrVersionFor } from '../layout/qr-size.ts';
import { isPrintableAscii } from '../layout/script.ts';
import type { MonoBitmap } from '../raster/mono-bitmap.ts';

export const ESC = 0x1b;
export const GS = 0x1d;
export const LF = 0x0a;

const ALIGN_CODE: Record<Align, number> = { left: 0, center: 1, right: 2 };

/** Rows per GS v 0 command: small enough for the receive buffer of cheap printers. */
export const DEFAULT_BAND_HEIGHT = 128;

/** Drawer pulse: on 25 x 2 ms = 50 ms, off 250 x 2 ms = 500 ms, the Epson-recommended timing. */
const DRAWER_ON = 25;
const DRAWER_OFF = 250;

/** Lines fed by GS V 65/66 past the cutting position, so the next receipt starts clean. */
const CUT_FEED = 3;

export class EscPosBuilder {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;
  private align: Align = 'left';
  private bold = false;
  private width: Magnification = 1;
  private height: Magnification = 1;

  private push(...bytes: number[]): this {
    return this.pushBytes(Uint8Array.from(bytes));
  }

  private pushBytes(bytes: Uint8Array): this {
    this.chunks.push(bytes);
    this.length += bytes.length;
    return this;
  }

  /** ESC @: clears the printer's modes, so a job never inherits the last one's bold or size. */
  init(): this {
    this.align = 'left';
    this.bold = false;
    this.width = 1;
    this.height = 1;
    return this.push(ESC, 0x40);
  }

  /** ESC a n, sent only when it changes. */
  setAlign(align: Align): this {
    if (align === this.align) return this;
    this.align = align;
    return this.push(ESC, 0x61, ALIGN_CODE[align]);
  }

  /** ESC E n, sent only when it changes. */
  setBold(bold: boolean): this {
    if (bold === this.bold) return this;
    this.bold = bold;
    return this.push(ESC, 0x45, bold ? 1 : 0);
  }

  /** GS ! n: width multiplier - 1 in the high nibble, height - 1 in the low one. */
  setSize(width: Magnification, height: Magnification): this {
    if (width === this.width && height === this.height) return this;
    this.width = width;
    this.height = height;
    return this.push(GS, 0x21, ((width - 1) << 4) | (height - 1));
  }

  /** Printable ASCII only: anything else belongs in a raster (see layout/script.ts). */
  text(text: string): this {
    if (!isPrintableAscii(text)) throw new RangeError(`ESC/POS text must be printable ASCII: ${JSON.stringify(text)}`);
    return this.pushBytes(Uint8Array.from(text, (c) => c.charCodeAt(0)));
  }

  newline(): this {
    return this.push(LF);
  }

  /** ESC d n: prints the buffer and feeds n lines. */
  feedLines(lines: number): this {
    const n = Math.max(0, Math.min(255, Math.floor(lines)));
    return n === 0 ? this : this.push(ESC, 0x64, n);
  }

  /**
   * GS v 0 m xL xH yL yH d1...dk, in bands of `bandHeight` rows: one huge
   * raster overflows the receive buffer of many printers and prints garbage.
   */
  raster(bitmap: MonoBitmap, bandHeight = DEFAULT_BAND_HEIGHT): this {
    if (bitmap.widthBytes > 0xffff) throw new RangeError(`raster is too wide: ${bitmap.widthBytes} bytes a row`);
    const band = Math.max(1, Math.min(0xffff, Math.floor(bandHeight)));
    for (let y = 0; y < bitmap.height; y += band) {
      const rows = Math.min(band, bitmap.height - y);
      const xb = bitmap.widthBytes;
      this.push(GS, 0x76, 0x30, 0, xb & 0xff, xb >> 8, rows & 0xff, rows >> 8);
      this.pushBytes(bitmap.data.subarray(y * xb, (y + rows) * xb));
    }
    return this;
  }

  /**
   * QR with the printer's own encoder, GS ( k cn=49: model 2 (fn 165),
   * module size (fn 167), error level M (fn 169), store (fn 180), print (fn 181).
   */
  qr(data: string, moduleSize: number): this {
    const size = checkQrModuleSize(moduleSize);
    const payload = qrPayloadBytes(data);
    qrVersionFor(payload.length); // throws for payloads no QR code holds
    const storeLength = payload.length + 3;
    this.push(GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0x00);
    this.push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, size);
    this.push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, 0x31);
    this.push(GS, 0x28, 0x6b, storeLength & 0xff, storeLength >> 8, 0x31, 0x50, 0x30);
    this.pushBytes(payload);
    return this.push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30);
  }

  /** GS V 65/66 n: feeds to the cutter (which sits above the head) plus n lines, then cuts. */
  cut(partial: boolean): this {
    return this.push(GS, 0x56, partial ? 66 : 65, CUT_FEED);
  }

  /** ESC p m t1 t2, all five bytes: m=0 pulses connector pin 2, m=1 pin 5. */
  drawerKick(pin: 2 | 5): this {
    return this.push(ESC, 0x70, pin === 5 ? 1 : 0, DRAWER_ON, DRAWER_OFF);
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}
