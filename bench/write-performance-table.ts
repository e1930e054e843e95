/**
 * npm run bench:table — writes the Performance table, made from the last
 * run of every benchmark (bench/results/*.json), into the README between its
 * markers, and prints it. Commit the result files with the README: the test
 * that checks the table reads them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './bench-support.ts';
import { PERFORMANCE_TABLE_END, PERFORMANCE_TABLE_START, performanceTable } from './performance-table.ts';

const readmeFile = join(REPO, 'README.md');
const readme = readFileSync(readmeFile, 'utf8');
const start = readme.indexOf(PERFORMANCE_TABLE_START);
const end = readme.indexOf(PERFORMANCE_TABLE_END);
if (start < 0 || end < start) {
  console.error(`README.md has no Performance table markers (${PERFORMANCE_TABLE_START} … ${PERFORMANCE_TABLE_END}); nothing written`);
  process.exit(1);
}
const table = performanceTable(join(REPO, 'bench/results'));
writeFileSync(readmeFile, readme.slice(0, start) + table + readme.slice(end + PERFORMANCE_TABLE_END.length));
console.log(table);
