import type { CliIo } from '../../src-main/cli/cli-io.ts';

/** A CLI command's io that keeps what it writes, one entry a line, for tests that call a command's function directly. */
export function capturedIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => stdout.push(line), err: (line) => stderr.push(line), interactive: false, env: {} };
}
