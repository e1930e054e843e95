// Issue 34 item 8: the till draws Lucide's icons from markup generated out of @lucide/svelte's own files
// (src-renderer/ui/lucide-markup.ts); the file must be what the generator writes from the installed Lucide.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { LUCIDE_MARKUP } from '../../src-renderer/ui/lucide-markup.ts';

const script = fileURLToPath(new URL('../../scripts/lucide-markup.mjs', import.meta.url));

test('lucide-markup.ts is what scripts/lucide-markup.mjs writes from the installed @lucide/svelte', () => {
  const check = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});

test('every icon is strokes only: no script, no handler, no foreign element', () => {
  for (const [name, markup] of Object.entries(LUCIDE_MARKUP)) {
    expect(markup, name).toMatch(/^(<(path|circle|rect|line|polyline|ellipse|polygon)( [a-z][a-z0-9-]*="[^"<>]*")*\/>)+$/);
  }
});
