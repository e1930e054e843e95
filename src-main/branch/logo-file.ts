// The receipt logo chosen on the Branch screen: its bytes arrive through
// the till API, are checked as hostile input (a PNG header of sane size and
// dimensions, then a real decode), and are kept beside the database,
// readable by the till's user only, named by their content so a logo path
// never changes its bytes (the print context caches logos by path).
// `pos settings set printing.logo_file PATH` stays the other way in.

import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { checkLogoPng, LOGO_MAX_SIDE, LOGO_MAX_BYTES } from '../../src-shared/branch/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { decodeImage, LOGO_SETTING } from '../printing/index.ts';
import { putSetting } from '../settings/index.ts';

/** Logos this module wrote; only these are ever removed. */
const STORED_NAME = /^logo-[0-9a-f]{16}\.png$/;

/** The bytes of a base64 text that zod already checked to be base64 of bounded length. */
export function logoBytes(base64: string): Uint8Array {
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/** Refuses anything but a decodable PNG of sane size and dimensions, with a reason the UI words in its language. */
export async function checkLogo(bytes: Uint8Array): Promise<void> {
  const check = checkLogoPng(bytes);
  const params = { max_kb: LOGO_MAX_BYTES / 1024, max_side: LOGO_MAX_SIDE };
  if (!check.ok) {
    throw new TillError('invalid_input', `logo: ${describe(check.problem)}`, { code: `logo.${check.problem}`, params });
  }
  try {
    const image = await decodeImage(bytes);
    if (image.width !== check.width || image.height !== check.height) throw new Error('the decoded size differs from the header');
  } catch (error) {
    throw new TillError('invalid_input', `logo: the file is not a PNG image that can be read (${(error as Error).message})`, {
      code: 'logo.not-png',
      params,
    });
  }
}

function describe(problem: string): string {
  switch (problem) {
    case 'empty':
      return 'the file is empty; choose a PNG image';
    case 'too-large':
      return `the file is over ${LOGO_MAX_BYTES / 1024} KB; choose a smaller PNG`;
    case 'dimensions':
      return `the image must be 1 to ${LOGO_MAX_SIDE} pixels wide and high`;
    default:
      return 'the file is not a PNG image; choose a .png file';
  }
}

/**
 * Checks the logo, writes it beside the database (0600, written whole and
 * renamed into place), points `printing.logo_file` at it, and removes the
 * logos it wrote before. Returns the file's path.
 */
export async function storeLogo(db: TillDatabase, bytes: Uint8Array): Promise<string> {
  await checkLogo(bytes);
  if (db.memory) throw new TillError('invalid_input', 'this till has no database file to keep a logo beside');
  const dir = dirname(resolve(db.name));
  const name = `logo-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.png`;
  const file = join(dir, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  putSetting(db, LOGO_SETTING, file);
  for (const old of readdirSync(dir)) if (STORED_NAME.test(old) && old !== name) rmSync(join(dir, old), { force: true });
  return file;
}
