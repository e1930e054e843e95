// Turns a layout into the dots the printer burns. Each drawn item (a line
// of text, a divider) is drawn antialiased on white on its own paper-wide
// strip and thresholded, exactly as text mode draws a single Arabic line,
// so both modes burn the same dots for the same line. Items that are dots
// already (images, the QR symbol) are copied in as they are.
// Strips are cached by what they show: a cafe prints the same header,
// labels and menu lines all day, and drawing text is most of a receipt's cost.
// New strips are stacked on one scratch canvas and read back together.

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

/**
 * Lets the event loop turn once, before a document is drawn. @napi-rs/canvas
 * hands each getImageData's pixels to JavaScript as native memory that Node
 * frees only in a finalizer it runs on a later turn of the loop (Node-API
 * defers finalizers to setImmediate). A caller drawing documents one after
 * another in one turn (a batch, the print benchmark) kept every one's pixels,
 * about 9 MB a receipt, and each receipt then paid the kernel to zero fresh
 * pages for its own: half of its time and most of its slow tail. One turn
 * first frees what earlier drawings left, and their memory is reused.
 */
export function releaseCanvasMemory(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Forgets every cached strip (fonts re-registered; benchmarks measuring a cold render). */
export function clearStripCache(): void {
  strips.clear();
}

function cacheKey(block: ReceiptBlock, width: number, height: number): string {
  return `${width}x${height}:${JSON.stringify(block)}`;
}

/**
 * Rows of the scratch canvas: uncached strips are stacked on it and read back
 * together, a receipt's new lines in a few readbacks instead of one each
 * (every getImageData replays what was drawn since the last and hands back a
 * buffer of its own).
 */
const SCRATCH_ROWS = 1024;
let scratchCanvas: Canvas | null = null;

function scratch(width: number, height: number): SKRSContext2D {
  if (!scratchCanvas || scratchCanvas.width !== width || scratchCanvas.height < height) {
    scratchCanvas = createCanvas(width, Math.max(height, SCRATCH_ROWS));
  }
  return scratchCanvas.getContext('2d');
}

/** Each item's strip, from the cache or drawn (stacked on the scratch canvas, read back a canvas-full at a time). */
function drawStrips(items: readonly LaidOutItem[], width: number): MonoBitmap[] {
  const fonts = printingFontsDir();
  if (fonts !== stripsDrawnWith) {
    strips.clear();
    stripsDrawnWith = fonts;
  }
  const out: MonoBitmap[] = new Array<MonoBitmap>(items.length);
  let batch: { index: number; key: string; row: number }[] = [];
  let rows = 0;
  let ctx: SKRSContext2D | null = null;
  const readBack = (): void => {
    if (batch.length === 0) return;
    const rgba = ctx!.getImageData(0, 0, width, rows).data;
    for (const { index, key, row } of batch) {
      const { height } = items[index]!;
      const strip = monochromeFromRgba(rgba.subarray(row * width * 4, (row + height) * width * 4), width, height);
      strips.set(key, strip);
      if (strips.size > CACHE_LIMIT) strips.delete(strips.keys().next().value!);
      out[index] = strip;
    }
    batch = [];
    rows = 0;
  };
  items.forEach((item, index) => {
    const key = cacheKey(item.block, width, item.height);
    const cached = strips.get(key);
    if (cached) {
      // Refresh its place: the oldest unused strip is the one dropped.
      strips.delete(key);
      strips.set(key, cached);
      out[index] = cached;
      return;
    }
    const drawnAlready = batch.find((b) => b.key === key);
    if (drawnAlready) {
      batch.push({ index, key, row: drawnAlready.row });
      return;
    }
    if (rows + item.height > Math.max(SCRATCH_ROWS, scratchCanvas?.height ?? 0)) readBack();
    ctx = scratch(width, rows + item.height);
    ctx.save();
    // The strip's own rows only, as if it had a canvas of its own: ink beyond them is cut off.
    ctx.beginPath();
    ctx.rect(0, rows, width, item.height);
    ctx.clip();
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, rows, width, item.height);
    // Items draw at their place on the page; shift the page so this item lands on its strip.
    ctx.translate(0, rows - item.top);
    item.draw!(ctx);
    ctx.restore();
    batch.push({ index, key, row: rows });
    rows += item.height;
  });
  readBack();
  return out;
}

export function drawLayout(layout: RasterLayout): MonoBitmap {
  return drawLayouts([layout])[0]!;
}

/** Several layouts (text mode's picture lines) drawn together: their new strips share readbacks. */
export function drawLayouts(layouts: readonly RasterLayout[]): MonoBitmap[] {
  const width = layouts[0]?.width ?? 0;
  if (layouts.some((layout) => layout.width !== width)) throw new RangeError('layouts drawn together must share a paper width');
  const bitmaps = layouts.map((layout) => createMonoBitmap(layout.width, layout.height));
  const drawn = layouts.flatMap((layout, l) => layout.items.filter((item) => item.draw && item.height > 0).map((item) => ({ bitmap: bitmaps[l]!, item })));
  const stripOf = drawStrips(
    drawn.map(({ item }) => item),
    width,
  );
  // Strips are paper-wide, so a strip's rows are a run of the page's bytes.
  drawn.forEach(({ bitmap, item }, i) => bitmap.data.set(stripOf[i]!.data, item.top * bitmap.widthBytes));
  layouts.forEach((layout, l) => {
    const bitmap = bitmaps[l]!;
    for (const item of layout.items) {
      if (!item.dots) continue;
      const { left, bitmap: image } = item.dots;
      for (let y = 0; y < image.height; y++) {
        for (let x = 0; x < image.width && left + x < layout.width; x++) {
          if (getDot(image, x, y)) setDot(bitmap, left + x, item.top + y);
        }
      }
    }
  });
  return bitmaps;
}
