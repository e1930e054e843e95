import jsQR from 'jsqr';

/**
 * The text of the QR code an SVG draws, as a camera would read it off the
 * screen: the SVG as the browser renders it, rasterized and decoded with
 * jsQR, a decoder independent of the encoder.
 */
export async function scan(svg: SVGSVGElement): Promise<string | null> {
  const size = 400;
  const image = new Image(size, size);
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0, size, size);
  return jsQR(context.getImageData(0, 0, size, size).data, size, size)?.data ?? null;
}
