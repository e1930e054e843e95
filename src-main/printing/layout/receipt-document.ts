// The printer-independent receipt: what to print, never how. The same
// document renders to ESC/POS text mode, to full raster, and to a PNG
// preview, so a receipt is written once and printed anywhere.

export type Align = 'left' | 'center' | 'right';

/** ESC/POS character scaling: GS ! supports more, receipts need 1 or 2. */
export type Magnification = 1 | 2;

/** Style shared by every line of text. */
export interface TextStyle {
  bold?: boolean;
  /** Character width multiplier (GS ! high nibble). */
  width?: Magnification;
  /** Character height multiplier (GS ! low nibble). */
  height?: Magnification;
}

/**
 * One line of text, wrapped when too long. `right` is the amount column:
 * it stays on the right edge of the first line whatever the script.
 * A line with anything outside printable ASCII (Arabic above all) is
 * printed as an image, because no printer code page shapes Arabic.
 */
export interface TextBlock extends TextStyle {
  kind: 'text';
  text: string;
  right?: string;
  /** Defaults to right for text that starts with Arabic (right-to-left), left otherwise. */
  align?: Align;
}

/**
 * English on the left and Arabic on the right of the same line (the amount,
 * if any, on the right edge); stacked on two lines when they do not fit.
 */
export interface BilingualBlock extends TextStyle {
  kind: 'bilingual';
  en: string;
  ar: string;
  right?: string;
}

export interface DividerBlock {
  kind: 'divider';
  /** single prints `----`, double prints `====`. */
  style?: 'single' | 'double';
}

export interface FeedBlock {
  kind: 'feed';
  lines: number;
}

/** Straight RGBA pixels, 4 bytes a pixel, row after row. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export interface ImageBlock {
  kind: 'image';
  /** A PNG (or JPEG) file's bytes, or decoded RGBA pixels. */
  source: Uint8Array | RgbaImage;
  align?: Align;
  /** Error diffusion for photos; plain threshold (the default) keeps logos crisp. */
  dither?: boolean;
  /** Scale to this width in dots; images wider than the paper always shrink to fit. */
  maxWidth?: number;
}

export interface QrBlock {
  kind: 'qr';
  /** Stored as UTF-8 bytes (a ZATCA TLV payload is base64, so ASCII). */
  data: string;
  /** Module size in dots, 1..16 (GS ( k function 167). Default 6. */
  moduleSize?: number;
}

export interface CutBlock {
  kind: 'cut';
  /** Leave a hinge of paper: easier to tear, and the roll does not fall. */
  partial?: boolean;
}

export interface DrawerKickBlock {
  kind: 'drawer';
  /** Connector pin 2 (most drawers) or pin 5 (a second drawer). */
  pin?: 2 | 5;
}

export type ReceiptBlock = TextBlock | BilingualBlock | DividerBlock | FeedBlock | ImageBlock | QrBlock | CutBlock | DrawerKickBlock;

export interface ReceiptDocument {
  blocks: ReceiptBlock[];
}
