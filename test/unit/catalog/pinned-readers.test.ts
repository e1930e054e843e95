import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPLICA_TABLES } from '../../../src-main/catalog/index.ts';

// Readers of the replica see its pinned generation because they name its
// tables plainly (`products`): the name resolves to the connection's view of
// the pinned generation (src-main/db/generations.ts). Naming `main.products`
// reads every generation at once, a mix during a pull: only the pull's
// writer may (issue 37).

const ROOT = join(import.meta.dirname, '../../..');
// The standby copies every table as the hub stores it, generations and all (docs/standby.md): its journal, its
// applier and its write fence name main's tables on purpose.
const ALLOWED = new Set([
  'src-main/catalog/replica-staging.ts',
  'src-main/db/generations.ts',
  'src-main/standby/apply-changes.ts',
  'src-main/standby/journal-triggers.ts',
  // A machine's own rows (which ZATCA unit it is) kept across a snapshot: tables of main, never the replica's.
  'src-main/standby/machine-rows.ts',
  'src-main/standby/write-fence.ts',
]);

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|mts|js|mjs)$/.test(name)) yield path;
  }
}

describe('readers of the replica', () => {
  it('never name a replica table past its pinned view, but the pull that writes generations', () => {
    const names = REPLICA_TABLES.map((t) => t.name).join('|');
    const unpinned = new RegExp(`\\bmain\\.["\`]?(${names})\\b|['"\`]main\\.['"\`]?\\s*\\+|main\\.\\$\\{`, 'g');
    const found: string[] = [];
    for (const file of sources(join(ROOT, 'src-main'))) {
      const rel = relative(ROOT, file).split('\\').join('/');
      if (ALLOWED.has(rel)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(unpinned)) found.push(`${rel}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });
});
