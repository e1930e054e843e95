// A 1-bit image in the printer's own layout: rows of bytes, most significant
// bit leftmost, 1 = burn a dot. GS v 0 sends exactly these bytes, and the
// decoder hands them back the same way, so encode and decode share one type.

export interface MonoBitmap {
  width: number;
  height: number;
  /** Bytes per row: ceil(width / 8). */
  widthBytes: number;
  data: Uint8Array;
}

export function createMonoBitmap(width: number, height: number): MonoBitmap {
  const widthBytes = Math.ceil(width / 8);
  return { width, height, widthBytes, data: new Uint8Array(widthBytes * height) };
}

export function getDot(bitmap: MonoBitmap, x: number, y: number): boolean {
  const byte = bitmap.data[y * bitmap.widthBytes + (x >> 3)] ?? 0;
  return (byte & (0x80 >> (x & 7))) !== 0;
}

export function setDot(bitmap: MonoBitmap, x: number, y: number): void {
  const i = y * bitmap.widthBytes + (x >> 3);
  bitmap.data[i] = (bitmap.data[i] ?? 0) | (0x80 >> (x & 7));
}

/** Rows [from, to) as their own bitmap, sharing no memory with the source. */
export function sliceRows(bitmap: MonoBitmap, from: number, to: number): MonoBitmap {
  const start = Math.max(0, from);
  const end = Math.min(bitmap.height, to);
  return {
    width: bitmap.width,
    height: Math.max(0, end - start),
    widthBytes: bitmap.widthBytes,
    data: bitmap.data.slice(start * bitmap.widthBytes, end * bitmap.widthBytes),
  };
}

export interface MonochromeOptions {
  /** Floyd-Steinberg error diffusion instead of a plain threshold. */
  dither?: boolean;
  /** Luminance (0-255) below which a pixel burns. */
  threshold?: number;
}

/**
 * RGBA to dots. Transparent pixels count as paper (white): a logo with an
 * alpha channel must not print as a black rectangle.
 */
export function monochromeFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, options: MonochromeOptions = {}): MonoBitmap {
  const threshold = options.threshold ?? 128;
  if (!options.dither) return thresholdRgba(rgba, width, height, threshold);
  const bitmap = createMonoBitmap(width, height);
  const lum = new Float32Array(width * height);
  for (let p = 0; p < width * height; p++) {
    const r = rgba[p * 4] ?? 255;
    const g = rgba[p * 4 + 1] ?? 255;
    const b = rgba[p * 4 + 2] ?? 255;
    const a = (rgba[p * 4 + 3] ?? 255) / 255;
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    lum[p] = 255 - a * (255 - y);
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const old = lum[p] ?? 255;
      const black = old < threshold;
      if (black) setDot(bitmap, x, y);
      if (!options.dither) continue;
      const err = old - (black ? 0 : 255);
      if (x + 1 < width) lum[p + 1] = (lum[p + 1] ?? 0) + (err * 7) / 16;
      if (y + 1 < height) {
        if (x > 0) lum[p + width - 1] = (lum[p + width - 1] ?? 0) + (err * 3) / 16;
        lum[p + width] = (lum[p + width] ?? 0) + (err * 5) / 16;
        if (x + 1 < width) lum[p + width + 1] = (lum[p + width + 1] ?? 0) + (err * 1) / 16;
      }
    }
  }
  return bitmap;
}

/**
 * The plain threshold, a byte (8 dots) at a time in integer arithmetic:
 * every raster line and full-raster receipt goes through here, and the
 * general loop above cost a receipt more than its drawing. Same result as
 * the general loop: luminance 0.299 R + 0.587 G + 0.114 B over white by alpha.
 */
function thresholdRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, threshold: number): MonoBitmap {
  const bitmap = createMonoBitmap(width, height);
  const { data, widthBytes } = bitmap;
  // lum < threshold  ⇔  255·1000·255 − a·(255·1000 − y·1000) < threshold·1000·255, all integers.
  const limit = threshold * 1000 * 255;
  const white = 255_000;
  // Most of a receipt is paper: one 32-bit read says "opaque white" (all bits set, -1) for a whole pixel,
  // and eight of them ANDed together for a whole byte of dots.
  const words = rgba.byteOffset % 4 === 0 ? new Int32Array(rgba.buffer, rgba.byteOffset, width * height) : null;
  const OPAQUE_WHITE = -1;
  const wholeBytes = width >> 3;
  for (let y = 0; y < height; y++) {
    let pixel = y * width;
    const row = y * widthBytes;
    for (let xb = 0; xb < widthBytes; xb++) {
      if (
        words !== null &&
        xb < wholeBytes &&
        (words[pixel]! &
          words[pixel + 1]! &
          words[pixel + 2]! &
          words[pixel + 3]! &
          words[pixel + 4]! &
          words[pixel + 5]! &
          words[pixel + 6]! &
          words[pixel + 7]!) ===
          OPAQUE_WHITE
      ) {
        pixel += 8; // the bitmap starts white
        continue;
      }
      const dots = Math.min(8, width - xb * 8);
      let byte = 0;
      for (let bit = 0; bit < dots; bit++, pixel++) {
        if (words !== null && words[pixel] === OPAQUE_WHITE) continue;
        const p = pixel * 4;
        const a = rgba[p + 3]!;
        if (a === 0) continue;
        const luma = 299 * rgba[p]! + 587 * rgba[p + 1]! + 114 * rgba[p + 2]!;
        if (white * 255 - a * (white - luma) < limit) byte |= 0x80 >> bit;
      }
      data[row + xb] = byte;
    }
  }
  return bitmap;
}
