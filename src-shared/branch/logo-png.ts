/**
 * The rules for a receipt logo sent as bytes (Branch screen, `uploadLogo`):
 * a PNG of sane size and dimensions. The Branch screen checks a chosen file
 * with `checkLogoPng` before it sends anything; the host checks it again
 * (the bytes are hostile until proven otherwise) and then decodes it.
 * Pure: no Node, no DOM.
 */

/** At most 512 KiB of PNG: a receipt logo is a few kilobytes; base64 of this still fits one WebSocket message. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** Width and height of at most 2,000 pixels: read from the header before anything is decoded (a small file may claim a huge image). */
export const LOGO_MAX_SIDE = 2000;
/** The base64 text of LOGO_MAX_BYTES. */
export const LOGO_MAX_BASE64 = Math.ceil(LOGO_MAX_BYTES / 3) * 4;

export type LogoProblem = 'empty' | 'too-large' | 'not-png' | 'dimensions';

export type LogoCheck = { ok: true; width: number; height: number } | { ok: false; problem: LogoProblem };

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// IHDR: length 13, the type, width, height, bit depth, colour type, compression, filter, interlace.
const IHDR = [0x49, 0x48, 0x44, 0x52];
const DEPTHS_BY_COLOUR: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

const u32 = (bytes: Uint8Array, at: number): number => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

/** Whether `bytes` start like a PNG with a valid header of sane dimensions (the rest is for a decoder to prove). */
export function checkLogoPng(bytes: Uint8Array): LogoCheck {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, problem: 'too-large' };
  if (bytes.length < 8 + 25 || SIGNATURE.some((b, i) => bytes[i] !== b)) return { ok: false, problem: 'not-png' };
  if (u32(bytes, 8) !== 13 || IHDR.some((b, i) => bytes[12 + i] !== b)) return { ok: false, problem: 'not-png' };
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  const depth = bytes[24]!;
  const colour = bytes[25]!;
  if (!DEPTHS_BY_COLOUR[colour]?.includes(depth) || bytes[26] !== 0 || bytes[27] !== 0 || bytes[28]! > 1) return { ok: false, problem: 'not-png' };
  if (width < 1 || height < 1 || width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) return { ok: false, problem: 'dimensions' };
  return { ok: true, width, height };
}
