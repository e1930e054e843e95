import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { readRuns, withRun } from './result-runs.ts';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface EmulatorProcess {
  baseUrl: string;
  token: string;
  marketId: string;
  branchId: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `pos emulator` in its own process, so that it has its own core and the client's memory is its own. */
export async function spawnEmulator(args: string[]): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, [join(REPO, 'bin/pos.mjs'), 'emulator', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`pos emulator exited with ${code} before it was ready`)));
  });
  const ready = JSON.parse(first) as { base_url: string; token: string; market_id: string; branch_id: string };
  return {
    baseUrl: ready.base_url,
    token: ready.token,
    marketId: ready.market_id,
    branchId: ready.branch_id,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Adds this run to bench/results/NAME.json (or `dir`/NAME.json), which keeps
 * the last three runs, newest first (result-runs.ts).
 */
export function writeResults(name: string, results: unknown, dir = join(REPO, 'bench/results')): string {
  const file = join(dir, `${name}.json`);
  mkdirSync(dirname(file), { recursive: true });
  // The machine is shared: the load at the end of the run says how far to trust the figures.
  const [load1, load5] = loadavg();
  const run = { at: new Date().toISOString(), load_average: { '1m': load1, '5m': load5 }, ...(results as object) };
  writeFileSync(file, `${JSON.stringify(withRun(readRuns(file), run), null, 2)}\n`);
  return file;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
