import { create } from 'qrcode';

/** Quiet zone a scanner needs around the symbol, in modules (the standard's four). */
const QUIET = 4;

/**
 * The QR symbol of `text` as one SVG path of dark squares, with its side in
 * modules (quiet zone included): the same encoder and error level (M) as the
 * receipt's ZATCA QR; the pairing screen and the customer display draw
 * their codes with it.
 */
export function qrPath(text: string): { side: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col + QUIET} ${row + QUIET}h1v1h-1z`);
    }
  }
  return { side: modules.size + 2 * QUIET, path: parts.join('') };
}
