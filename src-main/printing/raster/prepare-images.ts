// Logos arrive as PNG bytes or RGBA pixels of any size; the printer wants
// dots no wider than the paper. Decoding is asynchronous, so images are
// converted once, before the (synchronous) layout.

import { createCanvas, ImageData } from '@napi-rs/canvas';
import type { ImageBlock, ReceiptBlock, RgbaImage } from '../layout/receipt-document.ts';
import type { PaperSpec } from '../layout/paper.ts';
import { monochromeFromRgba, type MonoBitmap } from './mono-bitmap.ts';
import { decodeImage } from './png.ts';
import type { PreparedImages } from './raster-layout.ts';

function isRgba(source: ImageBlock['source']): source is RgbaImage {
  return !(source instanceof Uint8Array);
}

async function rgbaOf(block: ImageBlock): Promise<RgbaImage> {
  if (!isRgba(block.source)) return decodeImage(block.source);
  const { width, height, data } = block.source;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`image must have a positive integer size, got ${width}x${height}`);
  }
  if (data.length !== width * height * 4) {
    throw new RangeError(`RGBA image ${width}x${height} needs ${width * height * 4} bytes, got ${data.length}`);
  }
  return block.source;
}

export async function prepareImage(block: ImageBlock, paper: PaperSpec): Promise<MonoBitmap> {
  const source = await rgbaOf(block);
  const limit = Math.min(paper.dots, Math.max(1, Math.floor(block.maxWidth ?? paper.dots)));
  if (source.width <= limit) {
    return monochromeFromRgba(source.data, source.width, source.height, { dither: block.dither ?? false });
  }
  // Scale down with smoothing before thresholding: shrinking dots loses thin lines.
  const width = limit;
  const height = Math.max(1, Math.round((source.height * width) / source.width));
  const full = createCanvas(source.width, source.height);
  const data = new Uint8ClampedArray(source.data.buffer, source.data.byteOffset, source.data.byteLength);
  full.getContext('2d').putImageData(new ImageData(data, source.width, source.height), 0, 0);
  const scaled = createCanvas(width, height);
  const ctx = scaled.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(full, 0, 0, width, height);
  const pixels = ctx.getImageData(0, 0, width, height).data;
  return monochromeFromRgba(pixels, width, height, { dither: block.dither ?? false });
}

export async function prepareImages(blocks: readonly ReceiptBlock[], paper: PaperSpec): Promise<PreparedImages> {
  const images = new Map<ImageBlock, MonoBitmap>();
  for (const block of blocks) {
    if (block.kind === 'image' && !images.has(block)) images.set(block, await prepareImage(block, paper));
  }
  return images;
}
