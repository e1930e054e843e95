// `pos printer-sink`: argument errors, the one JSON line, jobs saved, and a
// clean stop on SIGTERM in a real child process.

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPrinterSinkCli } from '../../../src-main/printing/virtual-printer/printer-sink-cli.ts';
import { sendToPrinter } from '../../../src-main/printing/transport/send-to-printer.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const INDEX = new URL('../../../src-main/printing/index.ts', import.meta.url).href;

function captureIo(signal?: AbortSignal) {
  const out: string[] = [];
  const err: string[] = [];
  let onLine: ((line: string) => void) | undefined;
  const io = {
    stdout: {
      write: (text: string) => {
        out.push(text);
        onLine?.(text);
        return true;
      },
    },
    stderr: { write: (text: string) => err.push(text) },
    ...(signal ? { signal } : {}),
  };
  const firstLine = new Promise<string>((resolve) => {
    onLine = resolve;
  });
  return { io, out, err, firstLine };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'till-sink-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('runPrinterSinkCli', () => {
  it('prints where it listens, saves jobs, and stops when told', async () => {
    const stop = new AbortController();
    const { io, err, firstLine } = captureIo(stop.signal);
    const running = runPrinterSinkCli(['--port', '0', '--out', dir], io);
    const ready = JSON.parse(await firstLine) as { port: number; out: string };
    expect(ready.out).toBe(dir);
    expect(ready.port).toBeGreaterThan(0);

    await sendToPrinter(`127.0.0.1:${ready.port}`, Uint8Array.of(0x1b, 0x40, 0x48, 0x69, 0x0a));
    await expect.poll(() => err.join(''), { timeout: 60_000 }).toMatch(/job 1: 5 bytes/);
    expect(await readFile(join(dir, '1.txt'), 'utf8')).toBe('Hi\n');

    stop.abort();
    expect(await running).toBe(0);
    await expect(sendToPrinter(`127.0.0.1:${ready.port}`, Uint8Array.of(0x41))).rejects.toMatchObject({ code: 'refused' });
  });

  it.each([
    [[], /--port is required/],
    [['--port', '9100'], /--out is required/],
    [['--port', 'abc', '--out', 'x'], /--port must be a whole number from 0 to 65535, got "abc"/],
    [['--port', '70000', '--out', 'x'], /--port must be a whole number/],
    [['--port', '1', '--out', 'x', '--colour'], /Unknown option '--colour'/],
    [['--port', '1', '--out', 'x', 'extra'], /Unexpected argument 'extra'/],
  ])('rejects %j with a clear message and exit code 2', async (argv, message) => {
    const { io, out, err } = captureIo();
    expect(await runPrinterSinkCli(argv, io)).toBe(2);
    expect(out).toEqual([]);
    expect(err.join('')).toMatch(message);
    expect(err.join('')).toMatch(/usage: pos printer-sink --port N --out DIR/);
  });

  it('says when the port is taken', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const { io, out, err } = captureIo();
      expect(await runPrinterSinkCli(['--port', String(port), '--out', dir], io)).toBe(1);
      expect(out).toEqual([]);
      expect(err.join('')).toBe(`printer-sink: port ${port} on 127.0.0.1 is already in use\n`);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('runs as a process until SIGTERM', async () => {
    const script = `import { runPrinterSinkCli } from ${JSON.stringify(INDEX)};
process.exitCode = await runPrinterSinkCli(process.argv.slice(1));`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, '--', '--port', '0', '--out', dir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('\n')) resolve(stdout.split('\n')[0]!);
        });
        child.on('exit', () => reject(new Error(`printer-sink exited early: ${stderr}`)));
      });
      const { port } = JSON.parse(line) as { port: number };
      await sendToPrinter(`127.0.0.1:${port}`, Uint8Array.of(0x41, 0x0a));
      await expect.poll(() => stderr, { timeout: 60_000 }).toMatch(/job 1/);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stdout).toBe(`${line}\n`);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
