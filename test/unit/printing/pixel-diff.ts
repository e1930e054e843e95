// A small pixel diff for 1-bit rasters: how many dots differ between what
// was rendered and a stored reference. Font rasterisers move a few edge
// pixels between versions, so comparisons allow a tolerance, counted
// against the ink (black dots), not the mostly white page.

import { readFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { MonoBitmap } from '../../../src-main/printing/raster/mono-bitmap.ts';

export interface PixelDiff {
  width: number;
  height: number;
  /** Dots black in exactly one of the two images. */
  differing: number;
  /** Black dots in the reference. */
  ink: number;
  /** differing / ink: 0 is identical. */
  ratio: number;
}

export function isBlack(bitmap: MonoBitmap, x: number, y: number): boolean {
  const byte = bitmap.data[y * bitmap.widthBytes + (x >> 3)] ?? 0;
  return (byte & (0x80 >> (x & 7))) !== 0;
}

/** Loads a PNG as dots: anything darker than mid grey is black. */
export async function loadPngAsBitmap(path: string): Promise<MonoBitmap> {
  const image = await loadImage(await readFile(path));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, image.width, image.height);
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  const widthBytes = Math.ceil(image.width / 8);
  const bits = new Uint8Array(widthBytes * image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      const lum = 0.299 * (data[i] ?? 255) + 0.587 * (data[i + 1] ?? 255) + 0.114 * (data[i + 2] ?? 255);
      if (lum < 128) bits[y * widthBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { width: image.width, height: image.height, widthBytes, data: bits };
}

/** Compares two bitmaps of the same size; throws if their sizes differ. */
export function diffBitmaps(actual: MonoBitmap, reference: MonoBitmap): PixelDiff {
  if (actual.width !== reference.width || actual.height !== reference.height) {
    throw new Error(`size differs: ${actual.width}x${actual.height} vs reference ${reference.width}x${reference.height}`);
  }
  let differing = 0;
  let ink = 0;
  for (let y = 0; y < reference.height; y++) {
    for (let x = 0; x < reference.width; x++) {
      const a = isBlack(actual, x, y);
      const r = isBlack(reference, x, y);
      if (r) ink++;
      if (a !== r) differing++;
    }
  }
  return { width: reference.width, height: reference.height, differing, ink, ratio: ink === 0 ? differing : differing / ink };
}

/** Horizontal extent of the ink, or null for a blank bitmap. */
export function inkColumns(bitmap: MonoBitmap): { left: number; right: number } | null {
  let left = Infinity;
  let right = -1;
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      if (!isBlack(bitmap, x, y)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  return right < 0 ? null : { left, right };
}
