// Turns a layout into the dots the printer burns: text drawn antialiased on
// white, thresholded once, then the already-converted images copied in.

import { createCanvas } from '@napi-rs/canvas';
import { createMonoBitmap, getDot, monochromeFromRgba, setDot, type MonoBitmap } from './mono-bitmap.ts';
import type { RasterLayout } from './raster-layout.ts';

export function drawLayout(layout: RasterLayout): MonoBitmap {
  if (layout.height === 0) return createMonoBitmap(layout.width, 0);
  const canvas = createCanvas(layout.width, layout.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, layout.width, layout.height);
  for (const item of layout.items) item.draw?.(ctx);
  const bitmap = monochromeFromRgba(ctx.getImageData(0, 0, layout.width, layout.height).data, layout.width, layout.height);
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
