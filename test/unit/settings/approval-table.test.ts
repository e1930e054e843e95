// docs/security.md states the approval rule once, as a table: every
// privileged action of the code's one table (METHOD_PRIVILEGES) has its row,
// so the page cannot fall behind the code (issue 34, item 5).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { METHOD_PRIVILEGES } from '../../../src-shared/api/index.ts';

const security = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');
const table = security.slice(security.indexOf('## Who may do what'), security.indexOf('## What changed in issue 32'));

describe("docs/security.md's approval table", () => {
  it('has a row for every privileged action the code names', () => {
    const actions = [...new Set(Object.values(METHOD_PRIVILEGES))];
    const missing = actions.filter((action) => !table.includes(`\`${action}\``));
    expect(actions.length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
