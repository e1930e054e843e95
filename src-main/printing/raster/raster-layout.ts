// The one layout engine for everything drawn: full-raster receipts, their
// PNG preview, and the Arabic lines of text-mode receipts. Sharing it is
// what makes the preview exactly what prints, and an Arabic line look the
// same in both modes.

import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { PaperSpec } from '../layout/paper.ts';
import { baseDirection } from '../layout/script.ts';
import { qrMatrix } from '../layout/qr-matrix.ts';
import { DEFAULT_QR_MODULE_SIZE, fittedQrModuleSize } from '../layout/qr-size.ts';
import type { Align, BilingualBlock, DividerBlock, ImageBlock, QrBlock, ReceiptBlock, TextBlock, TextStyle } from '../layout/receipt-document.ts';
import { wrapText, type Measure } from '../layout/wrap-text.ts';
import { cleanLines } from '../../../src-shared/text/index.ts';
import { ensurePrintingFonts, FONT_STACK } from './fonts.ts';
import { createMonoBitmap, setDot, type MonoBitmap } from './mono-bitmap.ts';

/** Font A is 24 dots tall; drawn text uses the same size so both modes fill the paper alike. */
const FONT_PX = 24;
/** Arabic needs more room than Latin above and below (lam-alef, hamza below, dots). */
const LINE_PX = 36;
const BASELINE_PX = 26;
/** Keeps glyph overhang (Arabic swashes, italics of a logo font) off the paper edge. */
const SIDE_PX = 2;
/** Space kept between the text and the amount column: one font A character. */
const GAP_PX = 12;
/** Space above and below a QR symbol, so the scanner sees its quiet zone: at least this many dots... */
const QR_MARGIN_PX = 12;
/** ...and at least the 4 modules ISO/IEC 18004 asks for. */
const QR_QUIET_MODULES = 4;

/** One placed block: `top` and `height` in dots from the top of the document. */
export interface LaidOutItem {
  block: ReceiptBlock;
  top: number;
  height: number;
  /** Draws the item on a white canvas. Absent for blocks that print nothing (cut, drawer). */
  draw?: (ctx: SKRSContext2D) => void;
  /** Dots already made (images, the QR symbol), copied in after the canvas is thresholded. */
  dots?: { left: number; bitmap: MonoBitmap };
}

export interface RasterLayout {
  paper: PaperSpec;
  width: number;
  height: number;
  items: LaidOutItem[];
}

/** Images prepared ahead (decoding is asynchronous), keyed by their block. */
export type PreparedImages = ReadonlyMap<ImageBlock, MonoBitmap>;

interface Segment {
  text: string;
  /** Area the segment is aligned in, in dots from the left paper edge. */
  from: number;
  to: number;
  align: Align;
}

let measuringContext: SKRSContext2D | null = null;

function measuring(): SKRSContext2D {
  ensurePrintingFonts();
  measuringContext ??= createCanvas(1, 1).getContext('2d');
  return measuringContext;
}

function fontFor(style: TextStyle): string {
  return `${style.bold ? 'bold ' : ''}${FONT_PX * (style.height ?? 1)}px ${FONT_STACK}`;
}

/** Horizontal stretch giving GS ! semantics: width and height scale independently. */
function stretchOf(style: TextStyle): number {
  return (style.width ?? 1) / (style.height ?? 1);
}

/** What the measuring context is set to: setting a font parses it, which costs more than the measuring. */
let measuringFont = '';
let measuringDirection: 'ltr' | 'rtl' | '' = '';

/**
 * Widths measured during one layout (a document, or one of text mode's
 * lines), by font and text: wrapping measures the same words and amounts
 * again and again, and each measurement shapes the text anew. Emptied at
 * every layout: never a cache across receipts.
 */
const measured = new Map<string, number>();

function measureFor(style: TextStyle): Measure {
  const ctx = measuring();
  const font = fontFor(style);
  const stretch = stretchOf(style);
  return (text) => {
    const key = `${font}\n${text}`;
    let width = measured.get(key);
    if (width === undefined) {
      if (measuringFont !== font) ctx.font = measuringFont = font;
      const direction = baseDirection(text);
      if (measuringDirection !== direction) ctx.direction = measuringDirection = direction;
      // Text is cleaned where it enters the till; this also covers orders stored before that (a NUL makes Skia throw).
      width = ctx.measureText(cleanLines(text)).width;
      measured.set(key, width);
    }
    return width * stretch;
  };
}

function drawSegments(ctx: SKRSContext2D, style: TextStyle, top: number, lines: Segment[][]): void {
  const scale = style.height ?? 1;
  const stretch = stretchOf(style);
  ctx.fillStyle = '#000';
  ctx.font = fontFor(style);
  ctx.textBaseline = 'alphabetic';
  lines.forEach((segments, row) => {
    const baseline = top + row * LINE_PX * scale + BASELINE_PX * scale;
    for (const segment of segments) {
      const anchor = segment.align === 'left' ? segment.from : segment.align === 'right' ? segment.to : (segment.from + segment.to) / 2;
      ctx.save();
      ctx.direction = baseDirection(segment.text);
      ctx.textAlign = segment.align;
      ctx.translate(anchor, baseline);
      ctx.scale(stretch, 1);
      ctx.fillText(cleanLines(segment.text), 0, 0);
      ctx.restore();
    }
  });
}

function textLines(block: TextBlock, width: number): Segment[][] {
  const measure = measureFor(block);
  const align = block.align ?? (baseDirection(block.text) === 'rtl' ? 'right' : 'left');
  const left = SIDE_PX;
  const right = width - SIDE_PX;
  if (block.right === undefined || block.right === '') {
    return wrapText(block.text, right - left, measure).map((text) => [{ text, from: left, to: right, align }]);
  }
  const amount: Segment = { text: block.right, from: left, to: right, align: 'right' };
  const room = right - left - measure(block.right) - GAP_PX * (block.width ?? 1);
  if (room < (right - left) / 4) {
    // The amount takes most of the line: give it a line of its own.
    const lines = wrapText(block.text, right - left, measure).map((text) => [{ text, from: left, to: right, align }]);
    return [...lines, [amount]];
  }
  const lines = wrapText(block.text, room, measure);
  return lines.map((text, i) => {
    const segment: Segment = { text, from: left, to: left + room, align };
    return i === 0 ? [segment, amount] : [segment];
  });
}

function bilingualLines(block: BilingualBlock, width: number): Segment[][] {
  const measure = measureFor(block);
  const gap = GAP_PX * (block.width ?? 1);
  const left = SIDE_PX;
  const right = width - SIDE_PX;
  const hasAmount = block.right !== undefined && block.right !== '';
  const amountWidth = hasAmount ? measure(block.right ?? '') + gap : 0;
  const amount: Segment[] = hasAmount ? [{ text: block.right ?? '', from: left, to: right, align: 'right' }] : [];
  const textRight = right - amountWidth;
  if (measure(block.en) + gap + measure(block.ar) <= textRight - left) {
    return [[{ text: block.en, from: left, to: textRight, align: 'left' }, { text: block.ar, from: left, to: textRight, align: 'right' }, ...amount]];
  }
  // Too long for one line: English (with the amount) above, Arabic below on the right.
  const en = wrapText(block.en, textRight - left, measure).map((text, i): Segment[] => [
    { text, from: left, to: textRight, align: 'left' },
    ...(i === 0 ? amount : []),
  ]);
  const ar = wrapText(block.ar, right - left, measure).map((text): Segment[] => [{ text, from: left, to: right, align: 'right' }]);
  return [...en, ...ar];
}

function drawDivider(ctx: SKRSContext2D, block: DividerBlock, width: number, top: number): void {
  const middle = top + Math.round(LINE_PX / 2);
  ctx.fillStyle = '#000';
  if (block.style === 'double') {
    ctx.fillRect(SIDE_PX, middle - 4, width - 2 * SIDE_PX, 2);
    ctx.fillRect(SIDE_PX, middle + 2, width - 2 * SIDE_PX, 2);
    return;
  }
  // Dashes, like the `----` text mode prints.
  for (let x = SIDE_PX; x < width - SIDE_PX; x += 12) ctx.fillRect(x + 2, middle - 1, 8, 2);
}

function alignedLeft(align: Align, itemWidth: number, paperWidth: number): number {
  if (align === 'left') return 0;
  if (align === 'right') return Math.max(0, paperWidth - itemWidth);
  return Math.max(0, Math.floor((paperWidth - itemWidth) / 2));
}

/**
 * The QR symbol as dots: each module a moduleSize-dot square, with
 * `margin` white rows above and below it (the quiet zone).
 */
function qrBitmap(data: string, moduleSize: number, margin: number): MonoBitmap {
  const { size, modules } = qrMatrix(data);
  const side = size * moduleSize;
  const bitmap = createMonoBitmap(side, side + 2 * margin);
  const { widthBytes } = bitmap;
  for (let row = 0; row < size; row++) {
    const first = (margin + row * moduleSize) * widthBytes;
    for (let col = 0; col < size; col++) {
      if (modules[row * size + col] === 0) continue;
      for (let x = col * moduleSize; x < (col + 1) * moduleSize; x++) setDot(bitmap, x, margin + row * moduleSize);
    }
    // The module row's other dot rows are copies of its first.
    for (let y = 1; y < moduleSize; y++) bitmap.data.copyWithin(first + y * widthBytes, first, first + widthBytes);
  }
  return bitmap;
}

/**
 * The QR code itself, at the size and place the printer's GS ( k symbol
 * takes (module size shrunk to fit the paper, centred), with a quiet zone
 * of white above and below: printers leave securing it to the sender.
 */
function layoutQr(block: QrBlock, width: number, top: number): LaidOutItem {
  const moduleSize = fittedQrModuleSize(block.moduleSize ?? DEFAULT_QR_MODULE_SIZE, block.data, width);
  const margin = Math.max(QR_MARGIN_PX, QR_QUIET_MODULES * moduleSize);
  const bitmap = qrBitmap(block.data, moduleSize, margin);
  return { block, top, height: bitmap.height, dots: { left: alignedLeft('center', bitmap.width, width), bitmap } };
}

/** Places every block, top to bottom, on paper `paper.dots` wide. */
export function layoutBlocks(blocks: readonly ReceiptBlock[], paper: PaperSpec, images: PreparedImages): RasterLayout {
  const width = paper.dots;
  const items: LaidOutItem[] = [];
  let top = 0;
  measured.clear();
  for (const block of blocks) {
    const item = layoutBlock(block, width, top, images);
    items.push(item);
    top += item.height;
  }
  return { paper, width, height: top, items };
}

function layoutBlock(block: ReceiptBlock, width: number, top: number, images: PreparedImages): LaidOutItem {
  switch (block.kind) {
    case 'text':
    case 'bilingual': {
      const lines = block.kind === 'text' ? textLines(block, width) : bilingualLines(block, width);
      const height = lines.length * LINE_PX * (block.height ?? 1);
      return { block, top, height, draw: (ctx) => drawSegments(ctx, block, top, lines) };
    }
    case 'divider':
      return { block, top, height: LINE_PX, draw: (ctx) => drawDivider(ctx, block, width, top) };
    case 'feed':
      return { block, top, height: LINE_PX * Math.max(0, Math.floor(block.lines)) };
    case 'image': {
      const bitmap = images.get(block);
      if (!bitmap) throw new Error('image block was not prepared: call prepareImages first');
      return { block, top, height: bitmap.height, dots: { left: alignedLeft(block.align ?? 'center', bitmap.width, width), bitmap } };
    }
    case 'qr':
      return layoutQr(block, width, top);
    case 'cut':
    case 'drawer':
      return { block, top, height: 0 };
  }
}
