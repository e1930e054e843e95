// Whether out/cli/ (scripts/build-cli.mjs) still matches the sources. The
// build writes a stamp naming every source file it bundled, when it started,
// and the version of each package it bundled; the build is current while
// each of those files exists and was last changed before that, and the same
// versions are installed. A new file counts too: some bundled file must
// change to import it. A few hundred stat calls: a millisecond or two.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const STAMP_FILE = 'build-stamp.json';

/** The installed version of each package, by name (null when it is not installed). */
export function installedVersions(root, names) {
  return Object.fromEntries(
    names.map((name) => {
      try {
        return [name, JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version ?? null];
      } catch {
        return [name, null];
      }
    }),
  );
}

/** True when `outdir`'s build is present and nothing it holds (sources under `root`, bundled packages) changed since. */
export function cliBuildIsCurrent(root, outdir) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(outdir, STAMP_FILE), 'utf8'));
  } catch {
    return false;
  }
  if (typeof stamp?.builtAt !== 'number' || !Array.isArray(stamp.sources) || stamp.sources.length === 0) return false;
  const packages = stamp.packages ?? {};
  const installed = installedVersions(root, Object.keys(packages));
  if (Object.keys(packages).some((name) => installed[name] !== packages[name])) return false;
  try {
    statSync(join(outdir, 'main.js'));
    for (const source of stamp.sources) {
      if (statSync(join(root, source)).mtimeMs >= stamp.builtAt) return false;
    }
  } catch {
    return false;
  }
  return true;
}
