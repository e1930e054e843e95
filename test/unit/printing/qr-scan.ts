// Scanning a QR code off printed dots, as a phone would off paper: jsQR is
// a QR decoder independent of the encoder we print with, so a code that
// scans here carries its payload whatever the encoder got wrong.

import jsQR from 'jsqr';
import type { MonoBitmap } from '../../../src-main/printing/raster/mono-bitmap.ts';
import { isBlack } from './pixel-diff.ts';

/** The text of the one QR code in `bitmap` (black dots on white), or null if none scans. */
export function scanQr(bitmap: MonoBitmap): string | null {
  const rgba = new Uint8ClampedArray(bitmap.width * bitmap.height * 4);
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      const i = (y * bitmap.width + x) * 4;
      const level = isBlack(bitmap, x, y) ? 0 : 255;
      rgba[i] = rgba[i + 1] = rgba[i + 2] = level;
      rgba[i + 3] = 255;
    }
  }
  // Paper is white and ink black: never try the inverted image.
  return jsQR(rgba, bitmap.width, bitmap.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** Bands printed one after another, as the paper comes out of the printer. */
export function stackBands(bands: readonly MonoBitmap[]): MonoBitmap {
  const first = bands[0]!;
  const height = bands.reduce((sum, band) => sum + band.height, 0);
  const data = new Uint8Array(first.widthBytes * height);
  let offset = 0;
  for (const band of bands) {
    if (band.width !== first.width) throw new Error(`bands differ in width: ${band.width} vs ${first.width}`);
    data.set(band.data, offset);
    offset += band.data.length;
  }
  return { width: first.width, height, widthBytes: first.widthBytes, data };
}

/** Rows [from, to) of a bitmap. */
export function bitmapRows(bitmap: MonoBitmap, from: number, to: number): MonoBitmap {
  return { ...bitmap, height: to - from, data: bitmap.data.slice(from * bitmap.widthBytes, to * bitmap.widthBytes) };
}

/** The rows holding ink, top to bottom, or null for a blank bitmap. */
export function inkRows(bitmap: MonoBitmap): { top: number; bottom: number } | null {
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < bitmap.height; y++) {
    if (bitmap.data.subarray(y * bitmap.widthBytes, (y + 1) * bitmap.widthBytes).some((b) => b !== 0)) {
      if (top < 0) top = y;
      bottom = y;
    }
  }
  return top < 0 ? null : { top, bottom };
}
