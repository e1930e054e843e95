import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPos } from '../../support/run-pos.ts';

describe('pos serve --dev', () => {
  // Watching rebuilds this checkout's UI into out/renderer: a --renderer folder elsewhere would silently serve the stale one.
  it('refuses --renderer, which it would never rebuild', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'till-serve-dev-'));
    const result = await runPos(['serve', '--dev', '--db', join(dir, 't.db'), '--renderer', join(dir, 'renderer')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--dev rebuilds the UI from this checkout');
  });
});
