// `pos printer-sink --port N --out DIR`: the virtual printer as a process.
// Its one stdout line is JSON, so a script or the emulator can start it on
// port 0 and read back where it listens; everything else goes to stderr.

import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startPrinterSink, type PrinterSink } from './printer-sink.ts';

export interface PrinterSinkCliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Stops the sink like SIGTERM would; for tests and for hosts that embed the command. */
  signal?: AbortSignal;
}

const USAGE = 'usage: pos printer-sink --port N --out DIR [--host HOST]';

/** Runs until SIGTERM, SIGINT or `io.signal`; resolves to the process exit code. */
export async function runPrinterSinkCli(argv: readonly string[], io: PrinterSinkCliIo = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const fail = (message: string): number => {
    io.stderr.write(`printer-sink: ${message}\n${USAGE}\n`);
    return 2;
  };
  let values: { port?: string; out?: string; host?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        out: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.port === undefined) return fail('--port is required (0 picks a free port)');
  if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) {
    return fail(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(values.port)}`);
  }
  if (values.out === undefined || values.out === '') return fail('--out is required: the folder to save jobs in');
  const port = Number(values.port);
  const outDir = resolve(values.out);
  const host = values.host ?? '127.0.0.1';

  let sink: PrinterSink;
  try {
    sink = await startPrinterSink({
      port,
      host,
      outDir,
      onJob: (job) => {
        const images = job.files.png.length;
        io.stderr.write(
          `printer-sink: job ${job.n}: ${job.bytes.length} bytes, ${images} image(s), ${job.decoded.problems.length} problem(s) -> ${job.files.bin}\n`,
        );
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') io.stderr.write(`printer-sink: port ${port} on ${host} is already in use\n`);
    else if (code === 'EACCES') io.stderr.write(`printer-sink: no permission to listen on port ${port} on ${host}\n`);
    else if (code === 'EADDRNOTAVAIL') io.stderr.write(`printer-sink: ${host} is not an address of this machine\n`);
    else io.stderr.write(`printer-sink: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }

  io.stdout.write(`${JSON.stringify({ port: sink.port, out: outDir })}\n`);

  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      io.signal?.removeEventListener('abort', stop);
      done();
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    if (io.signal?.aborted) stop();
    else io.signal?.addEventListener('abort', stop, { once: true });
  });
  await sink.close();
  return 0;
}
