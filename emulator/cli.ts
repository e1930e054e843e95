import { parseArgs } from 'node:util';
import { isFailPage } from './faults.ts';
import type { Faults } from './faults.ts';
import { startEmulator } from './start-emulator.ts';
import type { EmulatorOptions } from './start-emulator.ts';
import { startZatcaStandIn } from './zatca/start-zatca-stand-in.ts';

import { EMULATOR_USAGE } from './usage.ts';
import { isProfileName, PROFILE_NAMES } from './profiles/index.ts';

export { EMULATOR_USAGE };

/** Where the CLI writes and which signals it waits for (the process's by default; tests may swap them). */
export interface EmulatorCliIo {
  out(line: string): void;
  err(line: string): void;
  /** Resolves when the emulator should stop. */
  stopSignal(): Promise<string>;
}

const processIo: EmulatorCliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  stopSignal: () =>
    new Promise((resolve) => {
      const stop = (signal: NodeJS.Signals) => {
        process.off('SIGTERM', stop);
        process.off('SIGINT', stop);
        resolve(signal);
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    }),
};

class UsageError extends Error {}

function integer(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return Number(text);
}

function rate(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new UsageError(`--${flag} must be a number from 0 to 1, got "${text}"`);
  }
  return value;
}

function parse(argv: string[]): EmulatorOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        products: { type: 'string' },
        flaky: { type: 'string' },
        'latency-ms': { type: 'string' },
        'reset-rate': { type: 'string' },
        'fail-page': { type: 'string', multiple: true },
        'throttle-page': { type: 'string', multiple: true },
        'retry-after': { type: 'string' },
        'token-ttl-ms': { type: 'string' },
        seed: { type: 'string' },
        profile: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // parseArgs explains over several lines; the contract is one line.
    throw new UsageError(`${(error as Error).message.replace(/\s*\n\s*/g, ' ')} (see --help)`);
  }
  if (values.help) return 'help';
  const faults: Partial<Faults> = {};
  const flaky = rate('flaky', values.flaky);
  // --flaky is the quick knob: that many 500s and a third as many resets.
  if (flaky !== undefined) Object.assign(faults, { errorRate: flaky, resetRate: flaky / 3 });
  const resetRate = rate('reset-rate', values['reset-rate']);
  if (resetRate !== undefined) faults.resetRate = resetRate;
  const latencyMs = integer('latency-ms', values['latency-ms'], 0, 600_000);
  if (latencyMs !== undefined) faults.latencyMs = latencyMs;
  const ttl = integer('token-ttl-ms', values['token-ttl-ms'], 0, Number.MAX_SAFE_INTEGER);
  if (ttl !== undefined) faults.tokenTtlMs = ttl;
  for (const page of values['fail-page'] ?? []) {
    if (!isFailPage(page)) throw new UsageError(`--fail-page must look like resource:page (e.g. products:3), got "${page}"`);
  }
  if (values['fail-page']) faults.failPages = values['fail-page'];
  for (const page of values['throttle-page'] ?? []) {
    if (!isFailPage(page)) throw new UsageError(`--throttle-page must look like resource:page (e.g. products:3), got "${page}"`);
  }
  if (values['throttle-page']) faults.throttlePages = values['throttle-page'];
  if (values['retry-after'] !== undefined) {
    if (values['retry-after'].trim() === '' || /[\r\n]/.test(values['retry-after']))
      throw new UsageError('--retry-after must be a number of seconds or an HTTP date');
    faults.retryAfter = values['retry-after'];
  }
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host must not be empty');
  const options: EmulatorOptions = { faults };
  const port = integer('port', values.port, 0, 65_535);
  if (port !== undefined) options.port = port;
  if (values.host !== undefined) options.host = values.host;
  const products = integer('products', values.products, 0, 2_000_000);
  if (products !== undefined) options.products = products;
  if (values.profile !== undefined) {
    if (!isProfileName(values.profile)) throw new UsageError(`--profile must be one of ${PROFILE_NAMES.join(', ')}, got "${values.profile}"`);
    options.profile = values.profile;
  }
  const seed = integer('seed', values.seed, 0, 4_294_967_295);
  if (seed !== undefined) options.seed = seed;
  return options;
}

/**
 * `pos emulator`: starts the emulator and the ZATCA stand-in beside it
 * (same host, its own free port), prints one JSON line
 * `{"base_url","token","market_id","branch_id","profile","zatca_url"}` on
 * stdout, and runs until SIGTERM or SIGINT, then closes both. Resolves with the exit code: 0 after a
 * clean stop, 2 for bad arguments (one line on stderr), 1 when it cannot listen.
 */
export async function runEmulatorCli(argv: string[], io: EmulatorCliIo = processIo): Promise<number> {
  let options: EmulatorOptions | 'help';
  try {
    options = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`pos emulator: ${error.message}`);
    return 2;
  }
  if (options === 'help') {
    io.out(EMULATOR_USAGE);
    return 0;
  }
  const stopped = io.stopSignal();
  let emulator;
  let zatca;
  try {
    emulator = await startEmulator(options);
  } catch (error) {
    io.err(`pos emulator: cannot listen: ${(error as Error).message}`);
    return 1;
  }
  try {
    zatca = await startZatcaStandIn({ ...(options.host !== undefined ? { host: options.host } : {}), ...(options.now ? { now: options.now } : {}) });
  } catch (error) {
    await emulator.close();
    io.err(`pos emulator: the ZATCA stand-in cannot listen: ${(error as Error).message}`);
    return 1;
  }
  io.out(
    JSON.stringify({
      base_url: emulator.baseUrl,
      token: emulator.token,
      market_id: emulator.marketId,
      branch_id: emulator.branchId,
      profile: emulator.profile,
      zatca_url: zatca.url,
    }),
  );
  await stopped;
  await Promise.all([emulator.close(), zatca.close()]);
  return 0;
}
