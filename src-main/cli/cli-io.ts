import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how the command was called: exit code 2 and a hint. */
export class UsageError extends Error {}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Whether stderr is a terminal, so progress can redraw one line. */
  interactive: boolean;
  env: NodeJS.ProcessEnv;
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  interactive: Boolean(process.stderr.isTTY),
  env: process.env,
};

/** node:util parseArgs, with its errors turned into usage errors that name the command. */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(command: string, argv: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError(`pos ${command}: ${(error as Error).message.replace(/\. To specify.*$/s, '')}`);
  }
}

export function requireOption(command: string, name: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`pos ${command}: --${name} is required`);
  return value;
}

export function parseInteger(command: string, name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`pos ${command}: --${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}
