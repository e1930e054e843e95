/**
 * npm run bench:cli — how long a trivial `pos` command takes from start to
 * exit, and its peak memory, against the bare `node -e 0` in the same run:
 *   pos outbox / pos settings on a small replica (300 products, 20 sales), and pos --help,
 *     through bin/pos.mjs running the CLI built ahead of time (out/cli/);
 *   the same outbox from the sources through tsx (POS_FROM_SOURCE=1), the
 *     path a stale or missing build takes.
 * Commands run in turn, round after round, so a busy machine slows them alike;
 * each figure is the median of its rounds, the ratio the median of each
 * round's ratio to `node -e 0`. Peak memory is /usr/bin/time's maximum
 * resident set size (omitted where /usr/bin/time is missing).
 * Targets (issue 37): a trivial command ≤ 300 ms and ≤ 80 MB.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildCli } from '../scripts/build-cli.mjs';
import { REPO, ms, percentile, spawnEmulator, writeResults } from './bench-support.ts';

const ROUNDS = Number(process.env.BENCH_CLI_ROUNDS ?? 10);
const SOURCE_ROUNDS = Math.min(ROUNDS, 3);
const REPLICA_PRODUCTS = 300;
const REPLICA_ORDERS = 20;
const TIME = '/usr/bin/time';
const POS = join(REPO, 'bin/pos.mjs');

await buildCli();
const dir = mkdtempSync(join(tmpdir(), 'till-cli-bench-'));
const db = join(dir, 'till.db');

interface Run {
  wallMs: number;
  peakMb: number | null;
}

/** One run of `node ...args` to its exit: wall time, and peak RSS when /usr/bin/time is there. */
function run(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const measured = existsSync(TIME);
  const rssFile = join(dir, 'rss');
  const [command, commandArgs] = measured ? [TIME, ['-f', '%M', '-o', rssFile, process.execPath, ...args]] : [process.execPath, args];
  const start = performance.now();
  const result = spawnSync(command, commandArgs, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const wallMs = performance.now() - start;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr.toString()}`);
  return { wallMs, peakMb: measured ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) / 1024 : null };
}

const COMMANDS: Record<string, { args: string[]; env?: NodeJS.ProcessEnv; rounds: number }> = {
  'node -e 0': { args: ['-e', '0'], rounds: ROUNDS },
  'pos outbox': { args: [POS, 'outbox', '--db', db], rounds: ROUNDS },
  'pos settings': { args: [POS, 'settings', '--db', db], rounds: ROUNDS },
  'pos --help': { args: [POS, '--help'], rounds: ROUNDS },
  'pos outbox, from the sources (tsx)': { args: [POS, 'outbox', '--db', db], env: { POS_FROM_SOURCE: '1' }, rounds: SOURCE_ROUNDS },
};

try {
  // A small replica, as a till has one: a pull of a few hundred products, then some sales in its outbox.
  const emulator = await spawnEmulator(['--products', String(REPLICA_PRODUCTS), '--seed', '7']);
  try {
    run([
      POS,
      'sync',
      '--db',
      db,
      '--base-url',
      emulator.baseUrl,
      '--token',
      emulator.token,
      '--market-id',
      emulator.marketId,
      '--branch-id',
      emulator.branchId,
    ]);
  } finally {
    await emulator.stop();
  }
  run([POS, 'simulate', '--db', db, '--orders', String(REPLICA_ORDERS), '--seed', '7']);
  // One warm-up of each, so the disk cache is alike for all.
  for (const { args, env } of Object.values(COMMANDS)) run(args, env);
  const runs = new Map<string, Run[]>(Object.keys(COMMANDS).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { args, env, rounds }] of Object.entries(COMMANDS)) if (round < rounds) runs.get(name)!.push(run(args, env));
  }

  const bare = runs.get('node -e 0')!;
  const figures = Object.fromEntries(
    [...runs].map(([name, samples]) => {
      const peaks = samples.map((s) => s.peakMb).filter((mb): mb is number => mb !== null);
      const ratios = samples.map((s, i) => s.wallMs / bare[i]!.wallMs);
      return [
        name,
        {
          runs: samples.length,
          wall_ms: Number(
            percentile(
              samples.map((s) => s.wallMs),
              50,
            ).toFixed(1),
          ),
          wall_ms_min: Number(Math.min(...samples.map((s) => s.wallMs)).toFixed(1)),
          wall_ms_max: Number(Math.max(...samples.map((s) => s.wallMs)).toFixed(1)),
          over_node_e_0: Number(percentile(ratios, 50).toFixed(2)),
          peak_mb: peaks.length ? Number(percentile(peaks, 50).toFixed(1)) : null,
        },
      ];
    }),
  );
  const trivial = ['pos outbox', 'pos settings'].map((name) => figures[name]!);
  const results = {
    rounds: ROUNDS,
    replica: { products: REPLICA_PRODUCTS, orders: REPLICA_ORDERS },
    commands: figures,
    targets: {
      trivial_command_at_most_300_ms: trivial.every((f) => f.wall_ms <= 300),
      trivial_command_at_most_80_mb: trivial.every((f) => f.peak_mb !== null && f.peak_mb <= 80),
    },
  };
  const file = writeResults('cli-start', results);
  for (const [name, f] of Object.entries(figures)) {
    console.log(
      `${name.padEnd(36)} ${ms(f.wall_ms).padStart(10)} (${f.wall_ms_min.toFixed(0)}–${f.wall_ms_max.toFixed(0)})  ${String(f.over_node_e_0).padStart(6)}x node -e 0  peak ${f.peak_mb ?? '?'} MB`,
    );
  }
  console.log(`targets: ${JSON.stringify(results.targets)}\nwritten to ${file}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
