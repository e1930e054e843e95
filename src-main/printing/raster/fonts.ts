// The fonts every raster is drawn with. They ship in resources/fonts and are
// registered under our own family names, so rendering never depends on what
// the till's operating system happens to have installed (a missing Latin
// font draws boxes, a missing Arabic one draws nothing useful).

import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';

export const LATIN_FAMILY = 'Till Sans';
export const ARABIC_FAMILY = 'Till Sans Arabic';

/** Latin first: Noto Sans has no Arabic glyphs, so Arabic falls through to Noto Sans Arabic. */
export const FONT_STACK = `"${LATIN_FAMILY}", "${ARABIC_FAMILY}"`;

const FILES: ReadonlyArray<readonly [file: string, family: string]> = [
  ['NotoSans-Regular.ttf', LATIN_FAMILY],
  ['NotoSans-Bold.ttf', LATIN_FAMILY],
  ['NotoSansArabic-Regular.ttf', ARABIC_FAMILY],
  ['NotoSansArabic-Bold.ttf', ARABIC_FAMILY],
];

let registeredFrom: string | null = null;

/**
 * Registers the shipped fonts from `dir`. The composition root of a packaged
 * app passes its resources folder; otherwise the fonts are looked up from
 * this file's location (works from the source tree and from out/main).
 */
export function registerPrintingFonts(dir?: string): void {
  const fontsDir = dir ?? findFontsDir();
  if (registeredFrom === fontsDir) return;
  for (const [file, family] of FILES) {
    const path = join(fontsDir, file);
    if (!existsSync(path)) throw new Error(`printing font missing: ${path}`);
    if (GlobalFonts.registerFromPath(path, family) === null) {
      throw new Error(`printing font could not be loaded: ${path}`);
    }
  }
  // Lines drawn with the old fonts are not reused: the strip cache (draw-layout.ts) compares this folder.
  registeredFrom = fontsDir;
}

/** The folder the fonts were registered from, or null before the first registration (a render worker registers the same). */
export function printingFontsDir(): string | null {
  return registeredFrom;
}

/** Registers the fonts on first use; every raster path calls this. */
export function ensurePrintingFonts(): void {
  if (registeredFrom === null) registerPrintingFonts();
}

function findFontsDir(): string {
  const tried: string[] = [];
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 6; up++) {
    const candidate = join(dir, 'resources', 'fonts');
    tried.push(candidate);
    if (existsSync(join(candidate, 'NotoSansArabic-Regular.ttf'))) return candidate;
    dir = resolve(dir, '..');
  }
  throw new Error(`printing fonts not found; looked in ${tried.join(', ')}; call registerPrintingFonts(dir)`);
}
