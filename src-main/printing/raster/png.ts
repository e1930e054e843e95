// PNG in and out through @napi-rs/canvas, which is already needed for text:
// no second image library to keep in step.

import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas';
import { monochromeToRgba, type MonoBitmap } from './mono-bitmap.ts';

/** A black-and-white PNG of exactly the dots a printer would burn. */
export function monoBitmapToPng(bitmap: MonoBitmap): Buffer {
  const canvas = createCanvas(Math.max(1, bitmap.width), Math.max(1, bitmap.height));
  if (bitmap.width > 0 && bitmap.height > 0) {
    const ctx = canvas.getContext('2d');
    ctx.putImageData(new ImageData(monochromeToRgba(bitmap), bitmap.width, bitmap.height), 0, 0);
  }
  return canvas.toBuffer('image/png');
}

export interface DecodedImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Decodes a PNG (or JPEG) to straight RGBA. */
export async function decodeImage(bytes: Uint8Array): Promise<DecodedImage> {
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, data };
}
