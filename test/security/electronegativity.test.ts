import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Finding (issue 9, item 10): Electronegativity was not part of `npm test`.
// scripts/electronegativity.mjs runs it offline over the Electron shell and
// fails on any finding above LOW.

const root = fileURLToPath(new URL('../../', import.meta.url));
const script = `${root}scripts/electronegativity.mjs`;
const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });

describe('Electronegativity over the Electron shell', () => {
  it('finds nothing above LOW in src-main/electron', () => {
    const result = run();
    expect(result.stderr).not.toMatch(/FINDING/);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/src-main\/electron clean \(no finding above LOW/);
  });

  it('fails, naming the findings, on a shell with Node in the page and no sandbox', () => {
    const result = run('test/fixtures/unsafe-electron-shell');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/FINDING SANDBOX_JS_CHECK/);
    expect(result.stderr).toMatch(/FINDING LIMIT_NAVIGATION_GLOBAL_CHECK/);
    expect(result.stderr).toMatch(/FINDING CONTEXT_ISOLATION_JS_CHECK/);
    expect(result.stderr).toMatch(/finding\(s\) above LOW in test\/fixtures\/unsafe-electron-shell/);
  });
});
