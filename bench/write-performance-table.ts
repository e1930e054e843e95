/**
 * npm run bench:table — writes the Performance table, made from the runs
 * every benchmark kept (bench/results/*.json, its last three: each figure
 * their median and spread), into docs/performance.md between its markers,
 * and prints it. Commit the result files with that page: the test that
 * checks the table reads them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './bench-support.ts';
import { PERFORMANCE_TABLE_END, PERFORMANCE_TABLE_START, performanceTable } from './performance-table.ts';

const docFile = join(REPO, 'docs/performance.md');
const doc = readFileSync(docFile, 'utf8');
const start = doc.indexOf(PERFORMANCE_TABLE_START);
const end = doc.indexOf(PERFORMANCE_TABLE_END);
if (start < 0 || end < start) {
  console.error(`docs/performance.md has no Performance table markers (${PERFORMANCE_TABLE_START} … ${PERFORMANCE_TABLE_END}); nothing written`);
  process.exit(1);
}
const table = performanceTable(join(REPO, 'bench/results'));
writeFileSync(docFile, doc.slice(0, start) + table + doc.slice(end + PERFORMANCE_TABLE_END.length));
console.log(table);
