// The PDF flag's file: the receipt's preview bitmap on one page of the
// paper's real size. Written by hand (a page, one 1-bit image, a content
// stream that draws it): a PDF library would be a large dependency for five
// objects, and every PDF reader and archive tool takes this one.

import { deflateSync } from 'node:zlib';
import type { MonoBitmap } from '../raster/mono-bitmap.ts';

/** Thermal heads burn 8 dots a millimetre: 203 dpi. */
const DOTS_PER_INCH = 203;
const POINTS_PER_INCH = 72;

function points(dots: number): string {
  return ((dots * POINTS_PER_INCH) / DOTS_PER_INCH).toFixed(2);
}

/** A one-page PDF 1.4 showing `bitmap` at the printer's resolution. */
export function monoBitmapToPdf(bitmap: MonoBitmap, options: { title?: string } = {}): Buffer {
  const width = Math.max(1, bitmap.width);
  const height = Math.max(1, bitmap.height);
  const pageWidth = points(width);
  const pageHeight = points(height);
  // PDF rows are padded to whole bytes like ours; 1 is black in our bitmap, so the decode range is flipped.
  const pixels = bitmap.width > 0 && bitmap.height > 0 ? bitmap.data : new Uint8Array(1);
  const image = deflateSync(pixels);
  const content = Buffer.from(`q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Receipt Do Q\n`, 'latin1');
  const title = (options.title ?? 'Receipt').replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '\\$&');

  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 'latin1'),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] /Resources << /XObject << /Receipt 5 0 R >> >> /Contents 4 0 R >>`,
      'latin1',
    ),
    stream(`<< /Length ${content.length} >>`, content),
    stream(
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [1 0] /Filter /FlateDecode /Length ${image.length} >>`,
      image,
    ),
    Buffer.from(`<< /Title (${title}) /Producer (Till) >>`, 'latin1'),
  ];

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(object);
    offset += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

function stream(dictionary: string, data: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`${dictionary}\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
}
