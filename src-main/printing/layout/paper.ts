// The two roll widths sold for counter printers. Dots are the printable
// width at 203 dpi (8 dots/mm); columns are font A (12x24 dots) characters.

export type PaperWidth = 58 | 80;

export interface PaperSpec {
  width: PaperWidth;
  /** Printable dots across; rasters are this wide so alignment never depends on ESC a. */
  dots: number;
  /** Font A characters per line at normal width. */
  columns: number;
}

const PAPERS: Record<PaperWidth, PaperSpec> = {
  58: { width: 58, dots: 384, columns: 32 },
  80: { width: 80, dots: 576, columns: 48 },
};

export function paperSpec(width: PaperWidth): PaperSpec {
  const spec = PAPERS[width];
  if (!spec) throw new RangeError(`unsupported paper width ${String(width)} mm: use 58 or 80`);
  return spec;
}
