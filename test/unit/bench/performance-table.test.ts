// docs/performance.md's table is what `npm run bench:table` makes of the
// committed last runs (bench/results/*.json): never pasted, never edited by hand.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_TABLE_END, PERFORMANCE_TABLE_START, performanceTable } from '../../../bench/performance-table.ts';

const DOC = fileURLToPath(new URL('../../../docs/performance.md', import.meta.url));
const RESULTS = fileURLToPath(new URL('../../../bench/results', import.meta.url));

describe("docs/performance.md's table", () => {
  it('is byte-equal to what npm run bench:table makes of bench/results', () => {
    const readme = readFileSync(DOC, 'utf8');
    const start = readme.indexOf(PERFORMANCE_TABLE_START);
    const end = readme.indexOf(PERFORMANCE_TABLE_END);
    expect(start, 'docs/performance.md has the start marker').toBeGreaterThanOrEqual(0);
    expect(end, 'docs/performance.md has the end marker').toBeGreaterThan(start);
    expect(readme.slice(start, end + PERFORMANCE_TABLE_END.length)).toBe(performanceTable(RESULTS));
  });

  it('has a row for every benchmark the bench script runs', () => {
    const scripts = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const table = performanceTable(RESULTS);
    for (const name of Object.keys(scripts).filter((s) => s.startsWith('bench:') && s !== 'bench:table')) expect(table).toContain(`npm run ${name}`);
  });
});
