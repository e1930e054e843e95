import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const SET_ASIDE_SUFFIX = /^\.before-rejoin-epoch-(\d+)$/;

/**
 * The files an old hub's rejoins set aside beside `dbFile`
 * (`FILE.before-rejoin-epoch-N`, src-main/standby/rejoin.ts), oldest epoch
 * first: what the old hub did alone is there only (docs/standby.md, "An old
 * hub's set-aside file").
 */
export function setAsideFilesOf(dbFile: string): string[] {
  const base = basename(dbFile);
  let names: string[];
  try {
    names = readdirSync(dirname(dbFile));
  } catch {
    return [];
  }
  const epochOf = (name: string) => Number(SET_ASIDE_SUFFIX.exec(name.slice(base.length))?.[1] ?? NaN);
  return names
    .filter((name) => name.startsWith(base) && Number.isInteger(epochOf(name)))
    .sort((a, b) => epochOf(a) - epochOf(b))
    .map((name) => join(dirname(dbFile), name));
}
