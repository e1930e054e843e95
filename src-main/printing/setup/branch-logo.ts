// The logo PRINT_IMAGE prints: the file named by the local setting
// `printing.logo_file`, and none until a branch sets one (a shipped logo
// would be another brand's on this market's receipts; the demo sets the
// shipped one for itself). Read once per path: it is printed on every receipt.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TillDatabase } from '../../db/index.ts';
import { getSetting } from '../../settings/index.ts';

export const LOGO_SETTING = 'printing.logo_file' as const;
const SHIPPED = join('resources', 'printing', 'logo.png');

const cache = new Map<string, Uint8Array>();

/** The shipped (demo) logo, found from this file's location (source tree and bundled out/main alike). */
export function shippedLogoPath(): string {
  const tried: string[] = [];
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 6; up++) {
    const candidate = join(dir, SHIPPED);
    tried.push(candidate);
    if (existsSync(candidate)) return candidate;
    dir = resolve(dir, '..');
  }
  throw new Error(`the branch logo was not found; looked in ${tried.join(', ')}; set ${LOGO_SETTING} to a PNG file`);
}

export function loadLogo(path: string): Uint8Array {
  let bytes = cache.get(path);
  if (!bytes) {
    try {
      bytes = new Uint8Array(readFileSync(path));
    } catch (error) {
      throw new Error(
        `the branch logo ${path} could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); fix ${LOGO_SETTING} or remove it`,
        { cause: error },
      );
    }
    cache.set(path, bytes);
  }
  return bytes;
}

/** The branch's logo, or null when it has set none. */
export function readBranchLogo(db: TillDatabase): Uint8Array | null {
  const path = getSetting(db, LOGO_SETTING);
  return path ? loadLogo(path) : null;
}
