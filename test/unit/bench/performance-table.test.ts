// docs/performance.md's table is what `npm run bench:table` makes of the
// committed runs (bench/results/*.json, each bench's last three): never
// pasted, never edited by hand. Each figure is the median of the runs kept,
// with their spread, and a target is judged on the median.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { writeResults } from '../../../bench/bench-support.ts';
import { PERFORMANCE_TABLE_END, PERFORMANCE_TABLE_START, performanceTable } from '../../../bench/performance-table.ts';
import { readRuns, RUNS_KEPT } from '../../../bench/result-runs.ts';

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

let dir: string | null = null;
const tempResults = (): string => (dir = mkdtempSync(join(tmpdir(), 'till-bench-results-')));
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** What bench:print writes, reduced to the figures the table reads. */
function printRun(rasterP99: number, canvasP99: number, ratio: number, lines = 20) {
  const p = (p99: number) => ({ runs: 300, p50_ms: p99 / 2, p99_ms: p99, max_ms: p99 + 1, bytes: 1 });
  return {
    lines,
    paper_mm: 80,
    raster_cold: p(rasterP99),
    text_cold: p(30),
    bitmap_dots: { width: 576, height: 3210 },
    bound_bare_gsv0: p(1),
    bound_bare_canvas: p(canvasP99),
    raster_cold_p99_over_canvas_bound: ratio,
    raster_cold_p99_over_gsv0_bound: rasterP99,
    text_cold_p99_over_canvas_bound: 1,
  };
}

const rowOf = (table: string, what: string): string[] =>
  table
    .split('\n')
    .find((line) => line.startsWith(`| ${what}`))!
    .split(' | ')
    .map((cell) => cell.replace(/^\| | \|$/g, ''));

describe('a result file', () => {
  it('keeps the last three runs, newest first, and reads a file from before (one run, no "runs") as one run', () => {
    const results = tempResults();
    const file = join(results, 'print.json');
    writeFileSync(file, JSON.stringify({ at: '2026-11-01T00:00:00.000Z', ...printRun(70, 30, 2.3) }));
    expect(readRuns(file).map((run) => run.raster_cold.p99_ms)).toEqual([70]);

    writeResults('print', printRun(41, 30, 1.4), results);
    expect(readRuns(file).map((run) => run.raster_cold.p99_ms)).toEqual([41, 70]);
    writeResults('print', printRun(42, 30, 1.4), results);
    writeResults('print', printRun(43, 30, 1.4), results);
    const runs = readRuns(file);
    expect(runs).toHaveLength(RUNS_KEPT);
    expect(runs.map((run) => run.raster_cold.p99_ms)).toEqual([43, 42, 41]);
    expect(runs.every((run) => typeof run.at === 'string' && typeof run.load_average['5m'] === 'number')).toBe(true);
  });
});

describe('the table from three runs', () => {
  it("shows each figure's median and spread, the ratio's median from the runs' own ratios, and judges the target on the median", () => {
    const results = tempResults();
    // Oldest first: the newest run (60 ms) misses the 50 ms target, the median (45 ms) meets it.
    writeResults('print', printRun(40, 20, 2), results);
    writeResults('print', printRun(45, 30, 1.5), results);
    writeResults('print', printRun(60, 20, 3), results);
    const [what, figure, bound, ratio, target, runs] = rowOf(performanceTable(results), 'raster receipt');
    expect(what).toBe('raster receipt, 20 lines, 80 mm, cold p99');
    expect(figure).toBe('45 ms (40–60)');
    expect(bound).toContain('p99 20 ms (20–30)');
    // The ratio of the medians would be 45 / 20 = 2.25x; the median of the runs' ratios is 2x.
    expect(ratio).toBe('2x (1.5–3)');
    expect(target).toBe('< 50 ms ✅');
    expect(runs).toBe('3');
  });

  it("shows the CPU a pull used beside the emulator's, and the floor their sum over the cores puts on it", () => {
    const results = tempResults();
    // A committed run of the bench, with the CPU figures it now records.
    const committed = readRuns(join(RESULTS, 'sync.json'))[0]!;
    const syncRun = (pullCpu: number, emulator: number, fetch: number) => ({
      ...committed,
      fetch_bound_ms: fetch,
      pull_cpu: { pull_process_ms: pullCpu, emulator_ms: emulator, cores: 2, floor_ms: Math.round((pullCpu + emulator) / 2) },
      pull_again: {
        ms: 2 * fetch,
        phases: { lists_ms: 2 * fetch - 200, pin_ms: 100, drop_old_ms: 100 },
        write_lock: {},
        checkout_wait_during_pull: { p99_ms: 18 },
        cpu: { pull_process_ms: pullCpu, emulator_ms: emulator, cores: 2, floor_ms: 0 },
        over_fetch_bound: 2,
      },
    });
    writeResults('sync', syncRun(7000, 3600, 3200), results);
    writeResults('sync', syncRun(6000, 3400, 3000), results);
    writeResults('sync', syncRun(6600, 3000, 3000), results);
    const [what, figure, bound, ratio, target, runs] = rowOf(performanceTable(results), '  the CPU of that pull');
    expect(what).toBe('  the CPU of that pull: this process (every thread) and the emulator serving it, on 2 cores');
    expect(figure).toBe('this process 6,600 ms (6,000–7,000), the emulator 3,400 ms (3,000–3,600)');
    // Floors 5,300, 4,700 and 4,800 ms: 1.66x, 1.57x and 1.6x their run's fetch bound.
    expect(bound).toContain('their sum over the cores: 4,800 ms (4,700–5,300)');
    expect(ratio).toBe('that floor 1.6x (1.57–1.66) fetch');
    expect([target, runs]).toEqual(['—', '3']);
    // The daily pull, a second generation over the first, is judged like the first.
    const [, againFigure, , againRatio, againTarget] = rowOf(performanceTable(results), '  the same pull again over that replica');
    expect(againFigure).toMatch(/^6,000 ms \(6,000–6,400\); lists 5,800 ms .*a checkout's wait p99 18 ms \(18–18\)$/);
    expect([againRatio, againTarget]).toEqual(['2x (2–2)', '≤ 1.2x ❌']);
  });

  it("splits a checkout's time in its three parts, at the median and in the slowest 1%, once runs record them", () => {
    const results = tempResults();
    const committed = readRuns(join(RESULTS, 'orders.json'))[0]!;
    const parts = (outside: number, commit: number) => ({
      median: { outside_lock_ms: outside, statements_ms: 0.1, begin_commit_ms: commit },
      slowest_1pct: { sales: 30, whole_ms: 4 * (outside + commit), outside_lock_ms: 2 * outside, statements_ms: 0.2, begin_commit_ms: 3 * commit },
    });
    const ordersRun = (withParts: boolean) => ({
      ...committed,
      // Written as JSON: a part left undefined is no member at all, as in a run from before the split.
      checkout: { ...committed.checkout, parts: withParts ? parts(0.2, 0.25) : undefined },
      zatca: { ...committed.zatca, parts: withParts ? parts(0.6, 0.35) : undefined },
    });
    writeResults('orders', ordersRun(false), results);
    // A run from before the split: no row, and the rest of the table as it was.
    expect(performanceTable(results)).not.toContain('time goes, sale by sale');
    writeResults('orders', ordersRun(true), results);
    const [what, figure, bound, , target, runs] = rowOf(performanceTable(results), "  where a checkout's time goes");
    expect(what).toMatch(/^ {2}where a checkout's time goes, sale by sale/);
    expect(figure).toBe(
      'medians: outside the write lock 0.2 ms, its statements 0.1 ms, BEGIN and COMMIT 0.25 ms; the slowest 1% (mean 1.8 ms): outside the write lock 0.4 ms, its statements 0.2 ms, BEGIN and COMMIT 0.75 ms',
    );
    expect(bound).toContain('the bare commit p50');
    // Only the run that has the parts counts in the row.
    expect([target, runs]).toEqual(['—', '1']);
    const [, phase2] = rowOf(performanceTable(results), "  where a phase-2 checkout's time goes");
    expect(phase2).toMatch(/^medians: outside the write lock 0.6 ms, .*BEGIN and COMMIT 1.05 ms$/);
  });

  it('leaves out a run of another setup, and shows one run as it is', () => {
    const results = tempResults();
    writeResults('print', printRun(30, 20, 1.5, 10), results);
    writeResults('print', printRun(52, 25, 2.1), results);
    let [, figure, , ratio, target, runs] = rowOf(performanceTable(results), 'raster receipt');
    expect([figure, ratio, target, runs]).toEqual(['52 ms', '2.1x', '< 50 ms ❌', '1']);
    writeResults('print', printRun(48, 25, 1.9), results);
    [, figure, , ratio, target, runs] = rowOf(performanceTable(results), 'raster receipt');
    // Two runs of the same setup: the median is their mean.
    expect([figure, ratio, target, runs]).toEqual(['50 ms (48–52)', '2x (1.9–2.1)', '< 50 ms ❌', '2']);
    expect(performanceTable(results)).toMatch(/Runs \(newest first[^)]*\): print \d{4}-\d\d-\d\d \d\d:\d\d \([\d.]+\), \d{4}-/);
  });
});
