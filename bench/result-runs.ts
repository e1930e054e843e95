/**
 * A benchmark's result file (bench/results/NAME.json) keeps its last three
 * runs, newest first: `{ "runs": [newest, …] }`, each run what the bench
 * measured with when it ran (`at`) and the machine's load average then. The
 * Performance table shows each figure as the median of those runs and their
 * spread, so one noisy run on a shared machine neither makes nor breaks a
 * target. A file written before (one run, no `runs`) reads as that one run.
 */
import { existsSync, readFileSync } from 'node:fs';

export const RUNS_KEPT = 3;

export type Run = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The runs in a result file, newest first; none when there is no file. */
export function readRuns(file: string): Run[] {
  if (!existsSync(file)) return [];
  const json = JSON.parse(readFileSync(file, 'utf8')) as Run;
  return Array.isArray(json.runs) ? (json.runs as Run[]) : [json];
}

/** The file's contents after `run`: it first, then the previous runs, at most RUNS_KEPT in all. */
export function withRun(previous: readonly Run[], run: Run): { runs: Run[] } {
  return { runs: [run, ...previous].slice(0, RUNS_KEPT) };
}
