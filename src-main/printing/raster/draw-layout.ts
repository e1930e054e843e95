// Turns a layout into the dots the printer burns. Each drawn item (a line
// of text, a divider) is drawn antialiased on white on its own paper-wide
// strip and thresholded, exactly as text mode draws a single Arabic line,
// so both modes burn the same dots for the same line. Items that are dots
// already (images, the QR symbol) are copied in as they are.
// Strips are cached by what they show: a cafe prints the same header,
// labels and menu lines all day, and drawing text is most of a receipt's cost.

import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { ReceiptBlock } from '../layout/receipt-document.ts';
import { printingFontsDir } from './fonts.ts';
import { createMonoBitmap, getDot, monochromeFromRgba, setDot, type MonoBitmap } from './mono-bitmap.ts';
import type { LaidOutItem, RasterLayout } from './raster-layout.ts';

/** Strips kept: a day's distinct lines on a busy till, at 2-8 KB each. */
const CACHE_LIMIT = 2_000;
const strips = new Map<string, MonoBitmap>();
/** The fonts the cached strips were drawn with: strips drawn with other fonts are not reused. */
let stripsDrawnWith: string | null = null;

/** Forgets every cached strip (fonts re-registered; benchmarks measuring a cold render). */
export function clearStripCache(): void {
  strips.clear();
}

function cacheKey(block: ReceiptBlock, width: number, height: number): string {
  return `${width}x${height}:${JSON.stringify(block)}`;
}

/** One canvas reused for every strip: making a canvas costs about as much as drawing a line on it. */
let scratchCanvas: Canvas | null = null;

function scratch(width: number, height: number): SKRSContext2D {
  if (!scratchCanvas || scratchCanvas.width !== width || scratchCanvas.height < height) {
    scratchCanvas = createCanvas(width, Math.max(height, scratchCanvas?.height ?? 0, 256));
  }
  return scratchCanvas.getContext('2d');
}

function drawStrip(item: LaidOutItem, width: number): MonoBitmap {
  const key = cacheKey(item.block, width, item.height);
  const fonts = printingFontsDir();
  if (fonts !== stripsDrawnWith) {
    strips.clear();
    stripsDrawnWith = fonts;
  }
  const cached = strips.get(key);
  if (cached) {
    // Refresh its place: the oldest unused strip is the one dropped.
    strips.delete(key);
    strips.set(key, cached);
    return cached;
  }
  const ctx = scratch(width, item.height);
  ctx.save();
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, item.height);
  // Items draw at their place on the page; shift the page so this item lands on the strip.
  ctx.translate(0, -item.top);
  item.draw!(ctx);
  ctx.restore();
  const strip = monochromeFromRgba(ctx.getImageData(0, 0, width, item.height).data, width, item.height);
  strips.set(key, strip);
  if (strips.size > CACHE_LIMIT) strips.delete(strips.keys().next().value!);
  return strip;
}

export function drawLayout(layout: RasterLayout): MonoBitmap {
  const bitmap = createMonoBitmap(layout.width, layout.height);
  for (const item of layout.items) {
    if (!item.draw || item.height === 0) continue;
    // Strips are paper-wide, so a strip's rows are a run of the page's bytes.
    bitmap.data.set(drawStrip(item, layout.width).data, item.top * bitmap.widthBytes);
  }
  for (const item of layout.items) {
    if (!item.dots) continue;
    const { left, bitmap: image } = item.dots;
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width && left + x < layout.width; x++) {
        if (getDot(image, x, y)) setDot(bitmap, left + x, item.top + y);
      }
    }
  }
  return bitmap;
}
